import type { RefObject } from 'react';
import { Box, Button, Fieldset, Flex, Grid, HStack, Input, Text } from '@chakra-ui/react';
import { to12Hour } from '../../shared/format';
import { CalendarIcon } from '../components/icons';
import { BookingField } from './BookingField';
import { freeTimes, longDate, type DayView, type ManilaNow } from './domain/schedule';

interface DateTimeFieldsProps {
  label: string;
  date: string;
  time: string;
  /** The chosen day's slots, or what is known of them ('loading' until items and a date are chosen). */
  day: DayView;
  /** Whether the day's slots are being asked for (items and a date are chosen). */
  dayAsked: boolean;
  now: ManilaNow;
  errors: { preferredDate?: string; preferredTime?: string };
  canOpenSchedule: boolean;
  onDate: (date: string) => void;
  onTime: (time: string) => void;
  /** One of the day's free times chosen (a pick, not typing). */
  onPickTime: (time: string) => void;
  onOpenSchedule: () => void;
  bind: (field: 'preferredDate' | 'preferredTime') => (element: HTMLElement | null) => void;
  scheduleButton: RefObject<HTMLButtonElement | null>;
}

/** The free times of the chosen day as buttons; a time typed by hand is checked against them. */
function FreeTimes({ date, time, day, now, onPickTime }: Pick<DateTimeFieldsProps, 'date' | 'time' | 'day' | 'now' | 'onPickTime'>) {
  switch (day.kind) {
    case 'loading':
      return (
        <Text fontSize="sm" color="gray.600">
          Loading free times...
        </Text>
      );
    case 'error':
      return (
        <Text fontSize="sm" color="red.700">
          Failed to fetch slots
        </Text>
      );
    case 'closed':
      return null;
    case 'empty':
      return (
        <Text fontSize="sm" color="gray.600">
          No slots on {longDate(date)}.
        </Text>
      );
    case 'slots': {
      const free = freeTimes(day.slots, date, now);
      if (free.length === 0)
        return (
          <Text fontSize="sm" color="gray.600">
            No free times left on {longDate(date)}.
          </Text>
        );
      return (
        <Box role="group" aria-label={`Free times on ${longDate(date)}`}>
          <Text fontSize="sm" color="gray.700" mb="2">
            Free times on {longDate(date)}:
          </Text>
          <Flex wrap="wrap" gap="1.5">
            {free.map((t) => (
              <Button key={t} size="xs" rounded="full" variant={t === time ? 'solid' : 'outline'} aria-pressed={t === time} onClick={() => onPickTime(t)}>
                {to12Hour(t)}
              </Button>
            ))}
          </Flex>
        </Box>
      );
    }
  }
}

/** Preferred date and time, the chosen day's free times, and the View Available Schedule button. */
export function DateTimeFields({
  label,
  date,
  time,
  day,
  dayAsked,
  now,
  errors,
  canOpenSchedule,
  onDate,
  onTime,
  onPickTime,
  onOpenSchedule,
  bind,
  scheduleButton,
}: DateTimeFieldsProps) {
  return (
    <Fieldset.Root>
      <Fieldset.Legend fontSize="lg" fontWeight="semibold" color="gray.900">
        Date and time
      </Fieldset.Legend>
      <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4" mt="3">
        <BookingField label="Preferred date" required error={errors.preferredDate}>
          {(link) => <Input ref={bind('preferredDate')} type="date" min={now.today} value={date} onChange={(e) => onDate(e.target.value)} {...link} />}
        </BookingField>
        <BookingField label="Preferred time" required error={errors.preferredTime}>
          {(link) => <Input ref={bind('preferredTime')} type="time" step={1800} value={time} onChange={(e) => onTime(e.target.value)} {...link} />}
        </BookingField>
      </Grid>
      {dayAsked && (
        <Box mt="3">
          <FreeTimes date={date} time={time} day={day} now={now} onPickTime={onPickTime} />
        </Box>
      )}
      <HStack mt="4" gap="3" flexWrap="wrap">
        <Button ref={scheduleButton} type="button" variant="outline" rounded="full" disabled={!canOpenSchedule} onClick={onOpenSchedule}>
          <CalendarIcon /> View Available Schedule
        </Button>
        {!canOpenSchedule && (
          <Text fontSize="sm" color="gray.600">
            Choose a {label} first to see its free times.
          </Text>
        )}
      </HStack>
    </Fieldset.Root>
  );
}
