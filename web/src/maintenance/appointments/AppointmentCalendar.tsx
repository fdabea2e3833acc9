import { useMemo, useState } from 'react';
import { Box, Button, Field, Flex, Grid, HStack, IconButton, Input, Text } from '@chakra-ui/react';
import { parseISO, format } from 'date-fns';
import { dateOverrideRoutes, scheduleRoutes, type Appointment } from '@bb/contracts';
import { manilaToday } from '../../shared/format';
import { useRoute } from '../../shared/api/routes';
import { clientName, OFFERING_LABELS } from '../domain/appointments';
import { serviceNames, type BookableIndex } from '../domain/bookables';
import { calendarColumns, calendarWindow, focusLabel, initialFocus, OFFERING_COLORS, shiftFocus, slotRows, type CalendarSpan } from '../domain/calendar';
import { closureLabel, closuresByDate } from '../domain/date-overrides';
import { formatBookedTime } from '../domain/dates';
import { clockText } from '../domain/clock';
import { LineIcon } from '../ui/icons';
import { MOBILE_BREAKPOINT } from '../domain/sidebar';
import { LoadingState } from '../ui/states';
import { useMinWidth } from '../../shared/ui/useMinWidth';

const ROW_HEIGHT = 44;

interface AppointmentCalendarProps {
  appointments: readonly Appointment[];
  index: BookableIndex;
  onSelect: (appointment: Appointment) => void;
}

/**
 * A Monday-to-Sunday week in 30-minute rows over the office hours of both sides (one day at a
 * time on a phone); cancelled bookings are left out, and dates an override closes say so.
 */
export function AppointmentCalendar({ appointments, index, onSelect }: AppointmentCalendarProps) {
  const today = manilaToday();
  const span: CalendarSpan = useMinWidth(MOBILE_BREAKPOINT) ? 'week' : 'day';
  const [focus, setFocus] = useState(() => initialFocus(appointments, today, span));
  const clinicHours = useRoute(scheduleRoutes.officeHours, { params: { offering: 'clinic' } });
  const studioHours = useRoute(scheduleRoutes.officeHours, { params: { offering: 'studio' } });
  const clinicDates = useRoute(dateOverrideRoutes.list, { params: { offering: 'clinic' } });
  const studioDates = useRoute(dateOverrideRoutes.list, { params: { offering: 'studio' } });
  const closures = useMemo(() => closuresByDate({ clinic: clinicDates.data, studio: studioDates.data }), [clinicDates.data, studioDates.data]);
  const open = useMemo(() => calendarWindow([...(clinicHours.data ?? []), ...(studioHours.data ?? [])]), [clinicHours.data, studioHours.data]);
  const rows = slotRows(open);
  const columns = useMemo(() => calendarColumns(appointments, focus, span, index, open), [appointments, focus, span, index, open]);
  const unit = span === 'week' ? 'week' : 'day';

  if (clinicHours.isLoading || studioHours.isLoading) return <LoadingState text="Loading calendar..." />;

  return (
    <Box>
      <Flex gap="3" align="flex-end" wrap="wrap" mb="4">
        <HStack gap="1">
          <Button size="sm" variant="outline" onClick={() => setFocus(today)}>
            Today
          </Button>
          <IconButton size="sm" variant="outline" aria-label={`Previous ${unit}`} onClick={() => setFocus(shiftFocus(focus, span, -1))}>
            <LineIcon name="prev" />
          </IconButton>
          <IconButton size="sm" variant="outline" aria-label={`Next ${unit}`} onClick={() => setFocus(shiftFocus(focus, span, 1))}>
            <LineIcon name="next" />
          </IconButton>
        </HStack>
        <Text fontWeight="semibold" fontSize="lg" aria-live="polite" minW={{ md: '14rem' }} data-testid="calendar-period">
          {focusLabel(focus, span)}
        </Text>
        <Field.Root w="auto">
          <Field.Label fontSize="xs">Jump to Date</Field.Label>
          <Input size="sm" type="date" onChange={(e) => e.target.value && setFocus(e.target.value)} />
        </Field.Root>
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
          <Box>
            {rows.map((minutes) => (
              <Text key={minutes} h={`${ROW_HEIGHT}px`} fontSize="xs" color="fg.muted" textAlign="right" pr="2" pt="0.5">
                {formatBookedTime(clockText(minutes))}
              </Text>
            ))}
          </Box>
          {columns.map(({ date, events }) => (
            <Box
              key={date}
              position="relative"
              h={`${rows.length * ROW_HEIGHT}px`}
              borderLeftWidth="1px"
              backgroundImage={`repeating-linear-gradient(to bottom, transparent 0, transparent ${ROW_HEIGHT - 1}px, var(--chakra-colors-border) ${ROW_HEIGHT - 1}px, var(--chakra-colors-border) ${ROW_HEIGHT}px)`}
            >
              {events.map((e) => {
                const colors = OFFERING_COLORS[e.appointment.offeringType];
                const services = serviceNames(e.appointment.treatments, index).join(', ');
                const time = `${formatBookedTime(clockText(e.startMinutes))} – ${formatBookedTime(clockText(e.endMinutes))}`;
                return (
                  <Box
                    as="button"
                    key={e.appointment.id}
                    position="absolute"
                    top={`${e.row * ROW_HEIGHT + 1}px`}
                    h={`${e.span * ROW_HEIGHT - 2}px`}
                    left={`calc(${(e.lane / e.lanes) * 100}% + 2px)`}
                    w={`calc(${100 / e.lanes}% - 4px)`}
                    bg={colors.bg}
                    color={colors.text}
                    borderLeftWidth="3px"
                    borderColor={colors.border}
                    borderRadius="sm"
                    px="1.5"
                    py="1"
                    textAlign="left"
                    display="flex"
                    flexDirection="column"
                    justifyContent="flex-start"
                    overflow="hidden"
                    fontSize="xs"
                    cursor="pointer"
                    _hover={{ filter: 'brightness(0.96)' }}
                    _focusVisible={{ outline: '2px solid', outlineColor: colors.border }}
                    aria-label={`${clientName(e.appointment)}, ${time}, ${services}`}
                    onClick={() => onSelect(e.appointment)}
                  >
                    <Text fontWeight="semibold" truncate>
                      {clientName(e.appointment)}
                    </Text>
                    <Text truncate>{time}</Text>
                    {e.span > 1 && <Text truncate>{services}</Text>}
                  </Box>
                );
              })}
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
