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
 * What was booked. For the spec's success state it stands in for the form; after it the fresh
 * form is back below and this stays until the visitor dismisses it, as a panel that vanished on a
 * timer left people unsure whether it had worked and what they had booked. It also hands over
 * the booking's own links (calendar file, manage page), as the visitor's next steps.
 */
export function BookingSuccess({ summary, phase, onDismiss }: { summary: BookedSummary; phase: 'success' | 'summary'; onDismiss: () => void }) {
  const { deposit } = summary;
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  // Each booking's form is gone for its success state: bring keyboard and screen reader users to the news.
  useEffect(() => heading.current?.focus(), [summary]);
  const success = phase === 'success';
  return (
    <Stack
      as="section"
      aria-labelledby={headingId}
      align="center"
      textAlign="center"
      gap="4"
      py={success ? '12' : '8'}
      px={{ base: '4', md: '6' }}
      bg="colorPalette.subtle"
      rounded="2xl"
      data-testid="booking-success"
      data-phase={phase}
    >
      {success && (
        <Box fontSize="4xl" color="colorPalette.fg">
          <CheckIcon />
        </Box>
      )}
      <Heading ref={heading} id={headingId} tabIndex={-1} as="h3" fontFamily="heading" fontWeight="normal" fontSize="2xl" outline="none">
        Appointment Booked!
      </Heading>
      {deposit ? (
        <Text color="gray.900" fontWeight="medium" data-testid="booked-deposit">
          A deposit of {deposit.amount} confirms it. We hold this time for you until {deposit.until}.
        </Text>
      ) : (
        <Text color="gray.700">We&apos;ll contact you shortly to confirm your appointment.</Text>
      )}
      <Box bg="white" rounded="xl" px={{ base: '4', md: '6' }} py="4" borderWidth="1px" borderColor="gray.100" textAlign="start" maxW="md" w="full">
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
        {summary.practitioner && (
          <Text color="gray.900" data-testid="booked-practitioner">
            With {summary.practitioner}
          </Text>
        )}
        <Box as="dl" mt="2">
          <Fact label="Where" value={summary.offering} testId="booked-offering" />
          <Fact label="Reference" value={summary.reference} testId="booked-reference" />
        </Box>
      </Box>
      <Text color="gray.700" data-testid="booked-email">
        {deposit ? `We've e-mailed the link to pay to ${summary.email}.` : `We've e-mailed a confirmation to ${summary.email}.`}
        {summary.links ? '' : ' The link to change or cancel your booking is in that e-mail.'}
      </Text>
      {summary.links && (
        <Flex gap="3" wrap="wrap" justify="center">
          {/* A calendar entry once the booking stands: one waiting for its deposit may never happen. */}
          {!deposit && (
            <Button asChild rounded="full">
              <a href={summary.links.calendar} download>
                <CalendarIcon /> Add to calendar
              </a>
            </Button>
          )}
          <Button asChild variant="outline" rounded="full" bg="white">
            <RouterLink to={summary.links.page}>Manage booking</RouterLink>
          </Button>
        </Flex>
      )}
      {/* Present from the start, so the form's return is announced when the success state ends. */}
      <Text role="status" color="gray.700" fontSize="sm" data-testid="booking-form-ready">
        {success ? '' : 'The form below is ready for another booking.'}
      </Text>
      <Button variant="ghost" rounded="full" onClick={onDismiss}>
        Dismiss summary
      </Button>
    </Stack>
  );
}
