import { useMemo, useState } from 'react';
import { Box, Flex, Grid, HStack, Text } from '@chakra-ui/react';
import { parseISO, format } from 'date-fns';
import { dateOverrideRoutes, scheduleRoutes, type Appointment } from '@bb/contracts';
import { manilaToday } from '../../shared/format';
import { useRoute } from '../../shared/api/routes';
import { OFFERING_LABELS } from '../domain/appointments';
import type { BookableIndex } from '../domain/bookables';
import { calendarColumns, calendarWindow, initialFocus, OFFERING_COLORS, slotRows, type CalendarSpan } from '../domain/calendar';
import { closureLabel, closuresByDate } from '../domain/date-overrides';
import { MOBILE_BREAKPOINT } from '../domain/sidebar';
import { LoadingState } from '../ui/states';
import { useMinWidth } from '../../shared/ui/useMinWidth';
import { useMayCall } from '../auth/access';
import { EventButton, PeriodNavigation, ROW_HEIGHT, ROW_LINES, TimeGutter } from './CalendarPieces';

interface AppointmentCalendarProps {
  appointments: readonly Appointment[];
  index: BookableIndex;
  onSelect: (appointment: Appointment) => void;
  /** The moment payments are read at. */
  now: Date;
}

/**
 * A Monday-to-Sunday week in 30-minute rows over the office hours of both sides (one day at a
 * time on a phone); cancelled bookings are left out, and dates an override closes say so.
 */
export function AppointmentCalendar({ appointments, index, onSelect, now }: AppointmentCalendarProps) {
  const today = manilaToday();
  const span: CalendarSpan = useMinWidth(MOBILE_BREAKPOINT) ? 'week' : 'day';
  const [focus, setFocus] = useState(() => initialFocus(appointments, today, span));
  const clinicHours = useRoute(scheduleRoutes.officeHours, { params: { offering: 'clinic' } });
  const studioHours = useRoute(scheduleRoutes.officeHours, { params: { offering: 'studio' } });
  // Closed days are shown to those who may read the date overrides; the others see the week without them.
  const readsDates = useMayCall()(dateOverrideRoutes.list);
  const clinicDates = useRoute(dateOverrideRoutes.list, { params: { offering: 'clinic' }, enabled: readsDates });
  const studioDates = useRoute(dateOverrideRoutes.list, { params: { offering: 'studio' }, enabled: readsDates });
  const closures = useMemo(() => closuresByDate({ clinic: clinicDates.data, studio: studioDates.data }), [clinicDates.data, studioDates.data]);
  const open = useMemo(() => calendarWindow([...(clinicHours.data ?? []), ...(studioHours.data ?? [])]), [clinicHours.data, studioHours.data]);
  const rows = slotRows(open);
  const columns = useMemo(() => calendarColumns(appointments, focus, span, index, open), [appointments, focus, span, index, open]);
  const unit = span === 'week' ? 'week' : 'day';

  if (clinicHours.isLoading || studioHours.isLoading) return <LoadingState text="Loading calendar..." />;

  return (
    <Box>
      <Flex gap="3" align="flex-end" wrap="wrap" mb="4">
        <PeriodNavigation focus={focus} span={span} onFocus={setFocus} />
        <HStack gap="3" ml={{ lg: 'auto' }} fontSize="sm">
          {(['clinic', 'studio', 'both'] as const).map((o) => (
            <HStack key={o} gap="1.5">
              <Box boxSize="3" borderRadius="sm" bg={OFFERING_COLORS[o].bg} borderWidth="2px" borderColor={OFFERING_COLORS[o].border} />
              <Text>{OFFERING_LABELS[o]}</Text>
            </HStack>
          ))}
        </HStack>
      </Flex>

      <Box overflowX="auto" borderWidth="1px" borderRadius="md">
        <Grid
          templateColumns={span === 'week' ? '4.5rem repeat(7, minmax(7.5rem, 1fr))' : '4.5rem minmax(0, 1fr)'}
          minW={span === 'week' ? '60rem' : undefined}
        >
          <Box borderBottomWidth="1px" />
          {columns.map(({ date }) => (
            <Box key={date} px="2" py="2" borderBottomWidth="1px" borderLeftWidth="1px" textAlign="center" bg={date === today ? 'bg.muted' : undefined}>
              <Text fontSize="xs" color="fg.muted" textTransform="uppercase">
                {format(parseISO(date), 'EEE')}
              </Text>
              <Text fontWeight={date === today ? 'bold' : 'medium'}>{format(parseISO(date), 'MMM d')}</Text>
              {closures.get(date)?.map((c) => (
                <Text
                  key={c.side}
                  fontSize="xs"
                  mt="1"
                  px="1"
                  borderRadius="sm"
                  bg={OFFERING_COLORS[c.side].bg}
                  color={OFFERING_COLORS[c.side].text}
                  data-testid="calendar-closure"
                >
                  {OFFERING_LABELS[c.side]}: {closureLabel(c.note)}
                </Text>
              ))}
            </Box>
          ))}
          <TimeGutter rows={rows} />
          {columns.map(({ date, events }) => (
            <Box key={date} position="relative" h={`${rows.length * ROW_HEIGHT}px`} borderLeftWidth="1px" backgroundImage={ROW_LINES}>
              {events.map((e) => (
                <EventButton key={e.appointment.id} event={e} index={index} onSelect={onSelect} now={now} />
              ))}
            </Box>
          ))}
        </Grid>
      </Box>
      {columns.every((c) => c.events.length === 0) && (
        <Text color="fg.muted" mt="3" fontSize="sm">
          No appointments this {unit}.
        </Text>
      )}
    </Box>
  );
}
