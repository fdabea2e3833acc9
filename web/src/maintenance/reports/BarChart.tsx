import type { ReactNode } from 'react';
import { Box, Flex, Grid, Heading, Stack, Text } from '@chakra-ui/react';
import { barPercent, type ChartRow } from '../domain/reports';

interface ChartProps {
  title: string;
  rows: readonly ChartRow[];
  color: string;
  emptyText?: string;
  /** How a bar's figure is written (amounts in pesos); plain numbers otherwise. */
  format?: (count: number) => string;
}

interface ChartFrameProps extends Omit<ChartProps, 'color' | 'format'> {
  /** Draws the bars, scaled to the largest count; called only when some count is above 0. */
  children: (rows: readonly ChartRow[], max: number) => ReactNode;
}

/** What both charts share: the title, and a sentence instead of bars when there is nothing to count. */
function ChartFrame({ title, rows, emptyText = 'No data for this range.', children }: ChartFrameProps) {
  const max = Math.max(0, ...rows.map((r) => r.count));
  return (
    <Stack gap="3">
      <Heading as="h3" size="sm">
        {title}
      </Heading>
      {rows.length === 0 || max === 0 ? (
        <Text color="fg.muted" fontSize="sm">
          {emptyText}
        </Text>
      ) : (
        children(rows, max)
      )}
    </Stack>
  );
}

/** Horizontal bars with the label left and the count right: readable without a legend. */
export function BarChart({ color, format = String, ...frame }: ChartProps) {
  return (
    <ChartFrame {...frame}>
      {(rows, max) => (
        <Stack as="ul" gap="2" listStyleType="none" m="0" p="0">
          {rows.map((r) => (
            <Grid as="li" key={r.label} templateColumns="minmax(6rem, 10rem) 1fr minmax(2.5rem, max-content)" gap="3" alignItems="center" fontSize="sm">
              <Text truncate title={r.label}>
                {r.label}
              </Text>
              <Box h="3" bg="bg.muted" borderRadius="full" overflow="hidden" aria-hidden="true">
                <Box h="full" w={`${barPercent(r.count, max)}%`} bg={color} borderRadius="full" />
              </Box>
              <Text textAlign="right" fontWeight="semibold">
                {format(r.count)}
              </Text>
            </Grid>
          ))}
        </Stack>
      )}
    </ChartFrame>
  );
}

/** Vertical bars for ordered scales (weekdays, hours), each with its count on top. */
export function ColumnChart({ color, ...frame }: Omit<ChartProps, 'format'>) {
  return (
    <ChartFrame {...frame}>
      {(rows, max) => (
        <Flex as="ul" gap="1" align="flex-end" h="10rem" listStyleType="none" m="0" p="0">
          {rows.map((r) => (
            <Flex
              as="li"
              key={r.label}
              direction="column"
              align="center"
              justify="flex-end"
              flex="1"
              minW="0"
              h="full"
              gap="1"
              aria-label={`${r.label}: ${r.count}`}
            >
              <Text fontSize="xs" fontWeight="semibold" aria-hidden="true">
                {r.count}
              </Text>
              <Box w="full" maxW="2.5rem" h={`${barPercent(r.count, max)}%`} bg={color} borderTopRadius="sm" aria-hidden="true" />
              <Text fontSize="xs" color="fg.muted" truncate maxW="full" aria-hidden="true">
                {r.label}
              </Text>
            </Flex>
          ))}
        </Flex>
      )}
    </ChartFrame>
  );
}
