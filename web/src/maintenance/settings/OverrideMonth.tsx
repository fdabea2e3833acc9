import { useState } from 'react';
import { Box, Button, Grid, HStack, IconButton, Text } from '@chakra-ui/react';
import { format, parseISO } from 'date-fns';
import type { DateOverride } from '@bb/contracts';
import { monthGrid, overrideHours, shiftMonth } from '../domain/date-overrides';
import { LineIcon } from '../ui/icons';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** A month, Sunday first, its override dates marked (closed in red, own hours in blue); a date opens its editor. */
export function OverrideMonth({ today, overrides, onPick }: { today: string; overrides: readonly DateOverride[]; onPick: (date: string) => void }) {
  const [month, setMonth] = useState(() => shiftMonth(today, 0));
  const weeks = monthGrid(month, overrides);
  return (
    <Box maxW="sm" data-testid="override-month">
      <HStack justify="space-between" mb="2">
        <IconButton size="xs" variant="ghost" aria-label="Previous month" onClick={() => setMonth(shiftMonth(month, -1))}>
          <LineIcon name="prev" />
        </IconButton>
        <Text fontWeight="semibold" aria-live="polite">
          {format(parseISO(month), 'MMMM yyyy')}
        </Text>
        <IconButton size="xs" variant="ghost" aria-label="Next month" onClick={() => setMonth(shiftMonth(month, 1))}>
          <LineIcon name="next" />
        </IconButton>
      </HStack>
      <Grid templateColumns="repeat(7, 1fr)" gap="1" role="group" aria-label={format(parseISO(month), 'MMMM yyyy')}>
        {/* Each date's button names its weekday in full; the short names are for the eye. */}
        {WEEKDAYS.map((d) => (
          <Text key={d} fontSize="xs" color="fg.muted" textAlign="center" aria-hidden="true">
            {d}
          </Text>
        ))}
        {weeks.flat().map((cell, i) =>
          cell === null ? (
            <Box key={`pad-${i}`} />
          ) : (
            <Button
              key={cell.date}
              size="xs"
              variant={cell.override ? 'solid' : 'ghost'}
              colorPalette={cell.override ? (cell.override.closed ? 'red' : 'blue') : 'gray'}
              fontWeight={cell.date === today ? 'bold' : 'normal'}
              textDecoration={cell.date === today ? 'underline' : undefined}
              aria-label={`${format(parseISO(cell.date), 'EEEE, MMMM d, yyyy')}${cell.override ? `: ${overrideHours(cell.override)}` : ''}`}
              title={cell.override ? [overrideHours(cell.override), cell.override.note].filter(Boolean).join(' — ') : undefined}
              onClick={() => onPick(cell.date)}
            >
              {cell.day}
            </Button>
          ),
        )}
      </Grid>
    </Box>
  );
}
