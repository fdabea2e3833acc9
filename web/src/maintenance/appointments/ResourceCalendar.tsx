import { useMemo, useState } from 'react';
import { Box, Button, Field, Flex, Grid, Group, HStack, IconButton, Link, NativeSelect, Text } from '@chakra-ui/react';
import { format, parseISO } from 'date-fns';
import { Link as RouterLink } from 'react-router-dom';
import { scheduleRoutes, type Appointment } from '@bb/contracts';
import { useRoute } from '../../shared/api/routes';
import { manilaClock, manilaToday } from '../../shared/format';
import { useOffering } from '../../shared/offering/OfferingContext';
import { useMinWidth } from '../../shared/ui/useMinWidth';
import { OFFERING_LABELS } from '../domain/appointments';
import type { BookableIndex } from '../domain/bookables';
import { calendarWindow, initialFocus, shownDates, slotRows, type CalendarSpan } from '../domain/calendar';
import {
  dropTarget,
  needsPractitioner,
  phoneColumn,
  reassignable,
  resourceCells,
  resourceColumns,
  shownAppointments,
  stepColumn,
  type OffBand,
  type ResourceCell,
} from '../domain/resources';
import { MOBILE_BREAKPOINT } from '../domain/sidebar';
import { LineIcon } from '../ui/icons';
import { LoadingState } from '../ui/states';
import { EventButton, PeriodNavigation, ROW_HEIGHT, ROW_LINES, TimeGutter } from './CalendarPieces';
import { useMayCall } from '../auth/access';
import { unconfirmedAt } from '../domain/deposits';
import { menuEntry } from '../domain/menu';
import { useResourceData } from './useResourceData';

interface ResourceCalendarProps {
  appointments: readonly Appointment[];
  index: BookableIndex;
  onSelect: (appointment: Appointment) => void;
  /** The moment payments are read at. */
  now: Date;
  onReassign: (appointment: Appointment, practitionerId: string, name: string) => void;
}

const OFF_SHADE = 'repeating-linear-gradient(135deg, var(--chakra-colors-bg-muted) 0 6px, var(--chakra-colors-bg-subtle) 6px 12px)';

/** What a column header says when the practitioner works none of the day. */
function dayNote(off: readonly OffBand[], rows: number): string | null {
  if (off.length !== 1 || off[0].span !== rows) return null;
  return off[0].reason === 'leave' ? 'On leave' : 'Not working';
}

/**
 * The offering's appointments in one column per practitioner who takes bookings (and
 * Unassigned), for a day or a week, with the hours each does not work shaded. An appointment is
 * dragged to another column of its date to reassign it; a phone shows one practitioner at a time.
 */
export function ResourceCalendar({ appointments, index, onSelect, now, onReassign }: ResourceCalendarProps) {
  const { offering: side } = useOffering();
  const today = manilaToday();
  const phone = !useMinWidth(MOBILE_BREAKPOINT);
  const [weekWanted, setWeekWanted] = useState(false);
  const span: CalendarSpan = weekWanted && !phone ? 'week' : 'day';
  const [focus, setFocus] = useState(() => initialFocus(shownAppointments(appointments, side), today, 'day'));
  const [chosen, setChosen] = useState<string | null>(null);
  const [dragged, setDragged] = useState<Appointment | null>(null);
  const hours = useRoute(scheduleRoutes.officeHours, { params: { offering: side } });
  const { practitioners, requirements, isLoading } = useResourceData();
  const mayEditResources = useMayCall()(menuEntry('resources').route);

  const open = useMemo(() => calendarWindow(hours.data ?? []), [hours.data]);
  const rows = slotRows(open);
  const dates = useMemo(() => shownDates(focus, span), [focus, span]);
  const allColumns = useMemo(() => resourceColumns(practitioners, side, appointments, dates), [practitioners, side, appointments, dates]);
  const current = phoneColumn(allColumns, chosen);
  const columns = useMemo(() => (phone ? (current ? [current] : []) : allColumns), [phone, current, allColumns]);
  const cells = useMemo(() => resourceCells(appointments, side, dates, columns, index, open), [appointments, side, dates, columns, index, open]);

  if (hours.isLoading || isLoading) return <LoadingState text="Loading calendar..." />;

  // Booking refuses to reassign one waiting for its deposit: it is not offered.
  const draggable = (a: Appointment) =>
    reassignable(a, today, manilaClock(now)) && !unconfirmedAt(a.payment, now) && (Boolean(a.practitioner) || needsPractitioner(a, requirements));
  const drop = (cell: ResourceCell) => {
    const target = dragged && dropTarget(dragged, cell);
    setDragged(null);
    if (dragged && target) onReassign(dragged, target, cell.column.name);
  };

  return (
    <Box>
      <Flex gap="3" align="flex-end" wrap="wrap" mb="4">
        <PeriodNavigation focus={focus} span={span} onFocus={setFocus} />
        {!phone && (
          <Group attached role="group" aria-label="Period" ml={{ lg: 'auto' }}>
            {(['day', 'week'] as const).map((s) => (
              <Button key={s} size="sm" variant={span === s ? 'solid' : 'outline'} aria-pressed={span === s} onClick={() => setWeekWanted(s === 'week')}>
                {s === 'day' ? 'Day' : 'Week'}
              </Button>
            ))}
          </Group>
        )}
        {phone && current && (
          <HStack gap="1" w="full" align="flex-end">
            <Field.Root flex="1" minW="0">
              <Field.Label fontSize="xs">Practitioner</Field.Label>
              <NativeSelect.Root size="sm">
                <NativeSelect.Field value={current.id} onChange={(e) => setChosen(e.target.value)}>
                  {allColumns.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.name}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            <IconButton
              size="sm"
              variant="outline"
              aria-label="Previous practitioner"
              onClick={() => setChosen(stepColumn(allColumns, current.id, -1) ?? null)}
            >
              <LineIcon name="prev" />
            </IconButton>
            <IconButton size="sm" variant="outline" aria-label="Next practitioner" onClick={() => setChosen(stepColumn(allColumns, current.id, 1) ?? null)}>
              <LineIcon name="next" />
            </IconButton>
          </HStack>
        )}
      </Flex>

      {columns.length === 0 ? (
        <Text color="fg.muted">
          Nobody of the {OFFERING_LABELS[side].toLowerCase()} takes bookings yet, and nothing is booked for these dates. Turn on &ldquo;Takes bookings&rdquo;
          under{' '}
          {mayEditResources ? (
            <Link asChild color="fg" textDecoration="underline">
              <RouterLink to="/maintenance/resources">Resources</RouterLink>
            </Link>
          ) : (
            'Resources'
          )}
          .
        </Text>
      ) : (
        <Box overflowX="auto" borderWidth="1px" borderRadius="md" data-testid="resource-calendar" tabIndex={0} role="region" aria-label="Resource calendar">
          <Grid templateColumns={`4.5rem repeat(${cells.length}, minmax(${phone ? '0' : '8rem'}, 1fr))`}>
            {span === 'week' && (
              <>
                <Box borderBottomWidth="1px" />
                {dates.map((date) => (
                  <Box
                    key={date}
                    gridColumn={`span ${columns.length}`}
                    px="2"
                    py="1"
                    borderBottomWidth="1px"
                    borderLeftWidth="2px"
                    textAlign="center"
                    bg={date === today ? 'bg.muted' : undefined}
                  >
                    <Text fontWeight={date === today ? 'bold' : 'medium'}>{format(parseISO(date), 'EEE, MMM d')}</Text>
                  </Box>
                ))}
              </>
            )}
            <Box borderBottomWidth="1px" />
            {cells.map(({ date, column, off }) => {
              const note = dayNote(off, rows.length);
              return (
                <Box key={`${date}/${column.id}`} px="2" py="2" borderBottomWidth="1px" borderLeftWidth="1px" textAlign="center" minW="0">
                  <Text fontWeight="medium" truncate>
                    {column.name}
                  </Text>
                  {note && (
                    <Text fontSize="xs" color="fg.muted">
                      {note}
                    </Text>
                  )}
                </Box>
              );
            })}
            <TimeGutter rows={rows} />
            {cells.map((cell) => (
              <Box
                key={`${cell.date}/${cell.column.id}`}
                role="group"
                aria-label={`${cell.column.name}, ${format(parseISO(cell.date), 'EEE, MMM d')}`}
                data-column={cell.column.name}
                data-date={cell.date}
                position="relative"
                minW="0"
                h={`${rows.length * ROW_HEIGHT}px`}
                borderLeftWidth="1px"
                backgroundImage={ROW_LINES}
                onDragOver={(e) => {
                  if (dragged && dropTarget(dragged, cell)) e.preventDefault();
                }}
                onDrop={(e) => {
                  e.preventDefault();
                  drop(cell);
                }}
              >
                {cell.off.map((band) => (
                  <Box
                    key={band.row}
                    aria-hidden
                    data-off={band.reason}
                    position="absolute"
                    top={`${band.row * ROW_HEIGHT}px`}
                    h={`${band.span * ROW_HEIGHT}px`}
                    left="0"
                    right="0"
                    backgroundImage={OFF_SHADE}
                    opacity={0.7}
                    pointerEvents="none"
                  />
                ))}
                {cell.events.map((e) => (
                  <EventButton
                    key={e.appointment.id}
                    event={e}
                    index={index}
                    onSelect={onSelect}
                    now={now}
                    onDragStart={
                      draggable(e.appointment)
                        ? (event) => {
                            event.dataTransfer.setData('text/plain', e.appointment.id);
                            event.dataTransfer.effectAllowed = 'move';
                            setDragged(e.appointment);
                          }
                        : undefined
                    }
                  />
                ))}
              </Box>
            ))}
          </Grid>
        </Box>
      )}
      {cells.every((c) => c.events.length === 0) && columns.length > 0 && (
        <Text color="fg.muted" mt="3" fontSize="sm">
          No appointments this {span === 'week' ? 'week' : 'day'}
          {phone && current ? ` for ${current.name}` : ''}.
        </Text>
      )}
    </Box>
  );
}
