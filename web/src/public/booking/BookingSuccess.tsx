import { useEffect, useId, useRef } from 'react';
import { Box, Button, Flex, Heading, List, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { CalendarIcon, CheckIcon } from '../components/icons';
import type { BookedSummary } from './domain/summary';

/** One labelled fact of the booking (offering, reference). */
function Fact({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Flex as="div" gap="2" fontSize="sm">
      <Text as="dt" color="gray.600">
        {label}:
      </Text>
      <Text as="dd" color="gray.900" fontWeight="medium" data-testid={testId}>
        {value}
      </Text>
    </Flex>
  );
}

/**
 * What was booked, on screen until the visitor is done with it: a success that vanished on a
 * timer left people unsure whether it had worked and what they had booked. It also hands over
 * the booking's own links (calendar file, manage page), as the visitor's next steps.
 */
export function BookingSuccess({ summary, onDismiss }: { summary: BookedSummary; onDismiss: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  // The form the visitor was in is gone: bring keyboard and screen reader users to the news.
  useEffect(() => heading.current?.focus(), []);
  return (
    <Stack as="section" aria-labelledby={headingId} align="center" textAlign="center" gap="4" py="12" px="6" bg="colorPalette.subtle" rounded="2xl" data-testid="booking-success">
      <Box fontSize="4xl" color="colorPalette.fg">
        <CheckIcon />
      </Box>
      <Heading ref={heading} id={headingId} tabIndex={-1} as="h3" fontFamily="heading" fontWeight="normal" fontSize="2xl" outline="none">
        Appointment Booked!
      </Heading>
      <Text color="gray.700">We&apos;ll contact you shortly to confirm your appointment.</Text>
      <Box bg="white" rounded="xl" px="6" py="4" borderWidth="1px" borderColor="gray.100" textAlign="start" maxW="md" w="full">
        <Text fontSize="sm" color="gray.600">
          You booked
        </Text>
        <List.Root ps="5" my="1" color="gray.900" fontWeight="medium">
          {summary.items.map((item) => (
            <List.Item key={item}>{item}</List.Item>
          ))}
        </List.Root>
        <Text color="gray.900" data-testid="booked-when">
          {summary.when}
        </Text>
        <Box as="dl" mt="2">
          <Fact label="Where" value={summary.offering} testId="booked-offering" />
          <Fact label="Reference" value={summary.reference} testId="booked-reference" />
        </Box>
      </Box>
      <Text color="gray.700" data-testid="booked-email">
        We&apos;ve e-mailed a confirmation to {summary.email}.{summary.links ? '' : ' The link to change or cancel your booking is in that e-mail.'}
      </Text>
      {summary.links && (
        <Flex gap="3" wrap="wrap" justify="center">
          <Button asChild rounded="full">
            <a href={summary.links.calendar} download>
              <CalendarIcon /> Add to calendar
            </a>
          </Button>
          <Button asChild variant="outline" rounded="full" bg="white">
            <RouterLink to={summary.links.page}>Manage booking</RouterLink>
          </Button>
        </Flex>
      )}
      <Button variant="ghost" rounded="full" onClick={onDismiss}>
        Book another appointment
      </Button>
    </Stack>
  );
}
