import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { Box, Button, CloseButton, Dialog, Field, Flex, Grid, HStack, Input, Portal, Stack, Text } from '@chakra-ui/react';
import { useQueries } from '@tanstack/react-query';
import type { Side } from '@bb/contracts';
import { manilaClock, manilaToday, weekStartSunday } from '../../shared/format';
import { useMinWidth } from '../../shared/ui/useMinWidth';
import { PALETTE } from '../site';
import { canGoBack, dayViewsOfRange, longDate, shiftWeek, weekOf, type BookedSlot, type ManilaNow } from './domain/schedule';
import { DayBody } from './ScheduleDay';
import { weekDays, weekQueries, type ScheduleSource } from './slots-query';
import { useFreeTimeSearch } from './useFreeTimeSearch';

interface ScheduleDialogProps {
  /** The side whose colours the dialog wears. */
  side: Side;
  /** Whose times it shows: an offering's for the chosen items, or a booking's own (moving it). */
  source: ScheduleSource;
  /** The week shown first is the one holding this date (never one before today's); a phone opens at the first free day from it. */
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

/** The spec's mobile breakpoint: narrower, the week is one column of days. */
const PHONE_BELOW_PX = 768;

/** Where the schedule is to take the visitor once the week holding it is drawn. */
interface Target {
  slot: BookedSlot;
  /** "Next free time" puts the focus on the slot; a phone's opening only scrolls its day into view. */
  focus: boolean;
}

type Search = { kind: 'idle' } | { kind: 'searching' } | { kind: 'none' };

/**
 * One week (Sunday first) of free and unavailable slots in Manila time, each saying why it
 * cannot be chosen: the booking form's schedule, and the manage page's when a booking is moved.
 * On a phone it opens at the first day with a free time; "Next free time" goes there on any screen.
 */
export default function ScheduleDialog({
  side,
  source,
  initialDate,
  onSelect,
  onClose,
  finalFocus,
  title = 'View Available Schedule',
  current,
  onWaitFor,
}: ScheduleDialogProps) {
  const now: ManilaNow = { today: manilaToday(), time: manilaClock() };
  const { today } = now;
  const [sunday, setSunday] = useState(() => weekStartSunday(initialDate < today ? today : initialDate));
  const days = weekOf(sunday);
  // Availability changes as others book: each opening asks again rather than trusting the cache.
  const week = useQueries({ queries: weekQueries(source, days).map((query) => ({ ...query, refetchOnMount: 'always' as const })) });
  const failed = week.some((q) => q.isError);
  const answer = weekDays(
    source,
    days,
    week.map((q) => q.data),
  );
  const views = dayViewsOfRange(days, { isPending: week.some((q) => q.isPending), isError: failed, data: answer ? { days: answer } : null });

  const phone = !useMinWidth(PHONE_BELOW_PX);
  const findFree = useFreeTimeSearch(source);
  const [search, setSearch] = useState<Search>({ kind: 'idle' });
  const [target, setTarget] = useState<Target | null>(null);
  const body = useRef<HTMLDivElement>(null);

  const goToFree = useCallback(
    async (from: string, focus: boolean) => {
      setSearch({ kind: 'searching' });
      try {
        const slot = await findFree(from, { today: manilaToday(), time: manilaClock() });
        setSearch(slot ? { kind: 'idle' } : { kind: 'none' });
        if (slot) {
          setSunday(weekStartSunday(slot.date));
          setTarget({ slot, focus });
        }
      } catch {
        // The week's own read says "Failed to fetch slots"; the button can be pressed again.
        setSearch({ kind: 'idle' });
      }
    },
    [findFree],
  );

  // A phone shows one day under the other: it opens at the first day with a free time from the
  // day asked for (today, the form's date, or the booking being moved, so that its own day and
  // time show first), not on a column of past and unavailable times; the week still starts on
  // Sunday, above it.
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    if (phone) void goToFree(initialDate < today ? today : initialDate, false);
  }, [phone, initialDate, today, goToFree]);

  // Once the target's week is drawn: its day scrolled to the top (a phone's opening), or its slot into view and focused.
  const targetDrawn = target !== null && days.includes(target.slot.date) && views[days.indexOf(target.slot.date)].kind === 'slots';
  useEffect(() => {
    if (!target || !targetDrawn || !body.current) return;
    const day = body.current.querySelector<HTMLElement>(`[data-date="${target.slot.date}"]`);
    const chip = day?.querySelector<HTMLElement>(`[data-time="${target.slot.time}"]`);
    if (target.focus && chip) {
      chip.scrollIntoView({ block: 'center' });
      chip.focus({ preventScroll: true });
    } else day?.scrollIntoView({ block: 'start' });
    setTarget(null);
  }, [target, targetDrawn]);

  const moveWeek = (next: string) => {
    setSunday(next);
    setSearch({ kind: 'idle' });
  };

  return (
    <Dialog.Root
      open
      onOpenChange={(e) => !e.open && onClose()}
      size={{ base: 'full', md: 'xl' }}
      scrollBehavior="inside"
      finalFocusEl={() => finalFocus.current}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content colorPalette={PALETTE[side]} maxW={{ md: '5xl' }}>
            <Dialog.Header>
              <Dialog.Title fontFamily="heading" fontWeight="normal" fontSize="2xl">
                {title}
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body ref={body}>
              <Stack gap="4">
                <Flex gap="3" align={{ base: 'stretch', md: 'flex-end' }} justify="space-between" direction={{ base: 'column', md: 'row' }}>
                  <Stack gap="2">
                    <Text fontWeight="semibold" aria-live="polite">
                      {longDate(days[0], 'MMM d')} – {longDate(days[6], 'MMM d, yyyy')}
                    </Text>
                    <HStack gap="2" wrap="wrap">
                      <Button size="sm" variant="outline" onClick={() => moveWeek(shiftWeek(sunday, -1))} disabled={!canGoBack(sunday, today)}>
                        Previous week
                      </Button>
                      <Button size="sm" variant="outline" onClick={() => moveWeek(shiftWeek(sunday, 1))}>
                        Next week
                      </Button>
                      <Button size="sm" onClick={() => void goToFree(sunday, true)} loading={search.kind === 'searching'} loadingText="Looking...">
                        Next free time
                      </Button>
                    </HStack>
                    {search.kind === 'none' && (
                      <Text role="status" fontSize="sm" color="gray.700">
                        No free times from this week on. Please contact us to book.
                      </Text>
                    )}
                  </Stack>
                  <Field.Root maxW={{ md: '14rem' }}>
                    <Field.Label fontSize="sm">Jump to a date</Field.Label>
                    <Input
                      type="date"
                      size="sm"
                      min={today}
                      onChange={(e) => e.target.value && moveWeek(weekStartSunday(e.target.value < today ? today : e.target.value))}
                    />
                  </Field.Root>
                </Flex>
                {failed && (
                  <Text role="alert" color="red.700">
                    Failed to fetch slots
                  </Text>
                )}
                <Grid templateColumns={{ base: '1fr', md: 'repeat(7, minmax(0, 1fr))' }} gap="3">
                  {days.map((date, i) => (
                    <Box
                      key={date}
                      as="section"
                      aria-label={longDate(date)}
                      aria-current={date === today ? 'date' : undefined}
                      data-date={date}
                      scrollMarginTop="2"
                      p="2"
                      rounded="lg"
                      borderWidth="1px"
                      borderColor={date === today ? 'colorPalette.solid' : 'gray.100'}
                      bg={date === today ? 'colorPalette.subtle' : 'white'}
                    >
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
