import { Button, Flex, Text } from '@chakra-ui/react';
import { to12Hour } from '../../shared/format';
import { canWaitFor, longDate, slotChoice, slotName, TAKEN_LABEL, type BookedSlot, type DayView, type ManilaNow, type TakenReason } from './domain/schedule';

/** A slot that cannot be chosen: greyed, with why in a word, and the date, time and why in its name. */
function TakenSlot({ date, time, reason }: { date: string; time: string; reason: TakenReason }) {
  return (
    <Button
      size="xs"
      variant="subtle"
      disabled
      flexDirection="column"
      h="auto"
      py="1"
      gap="0"
      aria-label={slotName(date, time, reason)}
      data-time={time}
      data-reason={reason}
      data-booked={reason === 'booked' ? 'true' : undefined}
      data-past={reason === 'past' ? 'true' : undefined}
      data-current={reason === 'current' ? 'true' : undefined}
    >
      <span>{to12Hour(time)}</span>
      <Text as="span" fontSize="2xs" textTransform="uppercase">
        {TAKEN_LABEL[reason]}
      </Text>
    </Button>
  );
}

/** A full slot the visitor can still choose: Booked, and choosing it offers the waitlist. */
function FullSlot({ date, time, onWaitFor }: { date: string; time: string; onWaitFor: (date: string, time: string) => void }) {
  return (
    <Button
      size="xs"
      variant="subtle"
      flexDirection="column"
      h="auto"
      py="1"
      gap="0"
      data-time={time}
      data-reason="booked"
      data-booked="true"
      data-full="true"
      aria-label={`${longDate(date)} at ${to12Hour(time)} is booked: get notified if it frees up`}
      onClick={() => onWaitFor(date, time)}
    >
      <span>{to12Hour(time)}</span>
      <Text as="span" fontSize="2xs" textTransform="uppercase">
        Booked · Notify me
      </Text>
    </Button>
  );
}

interface DayBodyProps {
  date: string;
  view: DayView;
  now: ManilaNow;
  current?: BookedSlot;
  onSelect: (date: string, time: string) => void;
  onWaitFor?: (date: string, time: string) => void;
}

/** One day's column of the schedule: its slots, or why it has none. */
export function DayBody({ date, view, now, current, onSelect, onWaitFor }: DayBodyProps) {
  switch (view.kind) {
    case 'loading':
      return (
        <Text color="gray.600" fontSize="sm">
          Loading...
        </Text>
      );
    case 'closed':
      return (
        <Text color="gray.600" fontSize="sm" title={view.message}>
          Closed
        </Text>
      );
    case 'note':
      return (
        <Text color="gray.600" fontSize="xs">
          {view.message}
        </Text>
      );
    case 'empty':
      return (
        <Text color="gray.600" fontSize="sm">
          No slots
        </Text>
      );
    case 'error':
      return (
        <Text color="gray.600" fontSize="sm">
          Unavailable
        </Text>
      );
    case 'slots':
      return (
        <Flex wrap="wrap" gap="1.5" direction={{ base: 'row', md: 'column' }}>
          {view.slots.map((slot) => {
            const state = slotChoice(slot, date, now, current);
            if (state === 'free') {
              return (
                <Button
                  key={slot.time}
                  size="xs"
                  variant="outline"
                  aria-label={slotName(date, slot.time, 'free')}
                  data-time={slot.time}
                  data-reason="free"
                  onClick={() => onSelect(date, slot.time)}
                >
                  {to12Hour(slot.time)}
                </Button>
              );
            }
            if (onWaitFor && state === 'booked' && canWaitFor(slot, date, now))
              return <FullSlot key={slot.time} date={date} time={slot.time} onWaitFor={onWaitFor} />;
            return <TakenSlot key={slot.time} date={date} time={slot.time} reason={state} />;
          })}
        </Flex>
      );
  }
}
