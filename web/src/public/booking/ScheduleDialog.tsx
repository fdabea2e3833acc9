import { useState, type RefObject } from 'react';
import { Box, Button, CloseButton, Dialog, Field, Flex, Grid, HStack, Input, Portal, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import type { Side } from '@bb/contracts';
import { manilaClock, manilaToday, to12Hour, weekStartSunday } from '../../shared/format';
import { PALETTE } from '../site';
import { canGoBack, canWaitFor, dayViewsOfRange, longDate, shiftWeek, slotChoice, weekOf, type BookedSlot, type DayView, type ManilaNow, type TakenReason } from './domain/schedule';
import { rangeSlotsQuery } from './slots-query';

interface ScheduleDialogProps {
  side: Side;
  treatmentIds: readonly string[];
  /** The week shown first is the one holding this date (never one before today's). */
  initialDate: string;
  onSelect: (date: string, time: string) => void;
  onClose: () => void;
  finalFocus: RefObject<HTMLElement | null>;
  /** The booking form's words unless the dialog serves another purpose (moving a booking). */
  title?: string;
  /** The slot the visitor already holds, when moving a booking: shown as theirs, not as Booked. */
  current?: BookedSlot;
  /** Given, a full slot can be chosen too, to join its waitlist (the booking form); otherwise it is only Booked. */
  onWaitFor?: (date: string, time: string) => void;
}

const TAKEN_LABEL: Record<TakenReason, string> = { booked: 'Booked', past: 'Past', current: 'Your time' };

/** A slot that cannot be chosen: greyed, with why (Booked, Past for one that has started, or the visitor's own). */
function TakenSlot({ time, reason }: { time: string; reason: TakenReason }) {
  return (
    <Button
      size="xs"
      variant="subtle"
      disabled
      flexDirection="column"
      h="auto"
      py="1"
      gap="0"
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

function DayBody({ date, view, now, current, onSelect, onWaitFor }: DayBodyProps) {
  switch (view.kind) {
    case 'loading':
      return <Text color="gray.600" fontSize="sm">Loading...</Text>;
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
      return <Text color="gray.600" fontSize="sm">No slots</Text>;
    case 'error':
      return <Text color="gray.600" fontSize="sm">Unavailable</Text>;
    case 'slots':
      return (
        <Flex wrap="wrap" gap="1.5" direction={{ base: 'row', md: 'column' }}>
          {view.slots.map((slot) => {
            const state = slotChoice(slot, date, now, current);
            if (state === 'free') {
              return (
                <Button key={slot.time} size="xs" variant="outline" aria-label={`${longDate(date)} at ${to12Hour(slot.time)}`} onClick={() => onSelect(date, slot.time)}>
                  {to12Hour(slot.time)}
                </Button>
              );
            }
            if (onWaitFor && state === 'booked' && canWaitFor(slot, date, now)) return <FullSlot key={slot.time} date={date} time={slot.time} onWaitFor={onWaitFor} />;
            return <TakenSlot key={slot.time} time={slot.time} reason={state} />;
          })}
        </Flex>
      );
  }
}

/**
 * One week (Sunday first) of free, booked and past slots for the chosen treatments, in Manila
 * time: the booking form's schedule, and the manage page's when a booking is moved.
 */
export default function ScheduleDialog({ side, treatmentIds, initialDate, onSelect, onClose, finalFocus, title = 'View Available Schedule', current, onWaitFor }: ScheduleDialogProps) {
  const now: ManilaNow = { today: manilaToday(), time: manilaClock() };
  const { today } = now;
  const [sunday, setSunday] = useState(() => weekStartSunday(initialDate < today ? today : initialDate));
  const days = weekOf(sunday);
  // The week in one call. Availability changes as others book: each opening asks again rather than trusting the cache.
  const week = useQuery({ ...rangeSlotsQuery(side, days[0], days[6], treatmentIds), refetchOnMount: 'always' });
  const views = dayViewsOfRange(days, week);
  const failed = week.isError;

  return (
    <Dialog.Root open onOpenChange={(e) => !e.open && onClose()} size={{ base: 'full', md: 'xl' }} scrollBehavior="inside" finalFocusEl={() => finalFocus.current}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content colorPalette={PALETTE[side]} maxW={{ md: '5xl' }}>
            <Dialog.Header>
              <Dialog.Title fontFamily="heading" fontWeight="normal" fontSize="2xl">
                {title}
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Flex gap="3" align={{ base: 'stretch', md: 'flex-end' }} justify="space-between" direction={{ base: 'column', md: 'row' }}>
                  <Stack gap="2">
                    <Text fontWeight="semibold" aria-live="polite">
                      {longDate(days[0], 'MMM d')} – {longDate(days[6], 'MMM d, yyyy')}
                    </Text>
                    <HStack gap="2">
                      <Button size="sm" variant="outline" onClick={() => setSunday(shiftWeek(sunday, -1))} disabled={!canGoBack(sunday, today)}>
                        Previous week
                      </Button>
                      <Button size="sm" variant="outline" onClick={() => setSunday(shiftWeek(sunday, 1))}>
                        Next week
                      </Button>
                    </HStack>
                  </Stack>
                  <Field.Root maxW={{ md: '14rem' }}>
                    <Field.Label fontSize="sm">Jump to a date</Field.Label>
                    <Input type="date" size="sm" min={today} onChange={(e) => e.target.value && setSunday(weekStartSunday(e.target.value < today ? today : e.target.value))} />
                  </Field.Root>
                </Flex>
                {failed && (
                  <Text role="alert" color="red.700">
                    Failed to fetch slots
                  </Text>
                )}
                <Grid templateColumns={{ base: '1fr', md: 'repeat(7, minmax(0, 1fr))' }} gap="3">
                  {days.map((date, i) => (
                    <Box key={date} as="section" aria-label={longDate(date)} aria-current={date === today ? 'date' : undefined} p="2" rounded="lg" borderWidth="1px" borderColor={date === today ? 'colorPalette.solid' : 'gray.100'} bg={date === today ? 'colorPalette.subtle' : 'white'}>
                      <Text fontSize="sm" fontWeight="semibold" color="gray.900">
                        {longDate(date, 'EEE')}
                      </Text>
                      <Text fontSize="xs" color="gray.600" mb="2">
                        {longDate(date, 'MMM d')}
                      </Text>
                      <DayBody date={date} view={views[i]} now={now} current={current} onSelect={onSelect} onWaitFor={onWaitFor} />
                    </Box>
                  ))}
                </Grid>
              </Stack>
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close schedule" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
