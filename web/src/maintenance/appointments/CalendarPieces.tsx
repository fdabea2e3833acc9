import type { DragEvent } from 'react';
import { Box, Button, Field, HStack, IconButton, Input, Text } from '@chakra-ui/react';
import type { Appointment } from '@bb/contracts';
import { clientName } from '../domain/appointments';
import { serviceNames, type BookableIndex } from '../domain/bookables';
import { focusLabel, OFFERING_COLORS, shiftFocus, type CalendarEvent, type CalendarSpan } from '../domain/calendar';
import { clockText } from '../domain/clock';
import { formatBookedTime } from '../domain/dates';
import { paymentBadgeText, unconfirmedAt } from '../domain/deposits';
import { LineIcon } from '../ui/icons';
import { manilaToday } from '../../shared/format';

export const ROW_HEIGHT = 44;

/** A thin line under every 30-minute row of a column. */
export const ROW_LINES = `repeating-linear-gradient(to bottom, transparent 0, transparent ${ROW_HEIGHT - 1}px, var(--chakra-colors-border) ${ROW_HEIGHT - 1}px, var(--chakra-colors-border) ${ROW_HEIGHT}px)`;

/** The times down the left of a calendar, one per row. */
export function TimeGutter({ rows }: { rows: readonly number[] }) {
  return (
    <Box>
      {rows.map((minutes) => (
        <Text key={minutes} h={`${ROW_HEIGHT}px`} fontSize="xs" color="fg.muted" textAlign="right" pr="2" pt="0.5">
          {formatBookedTime(clockText(minutes))}
        </Text>
      ))}
    </Box>
  );
}

interface EventButtonProps {
  event: CalendarEvent;
  index: BookableIndex;
  onSelect: (appointment: Appointment) => void;
  /** The moment its payment is read at. */
  now: Date;
  /** Set when the appointment may be dragged to another column. */
  onDragStart?: (e: DragEvent<HTMLElement>) => void;
}

/**
 * An appointment on a calendar column at its time and height; it opens the appointment's dialog.
 * One waiting for its deposit (or never paid) has a dashed edge: its time is only held.
 */
export function EventButton({ event: e, index, onSelect, now, onDragStart }: EventButtonProps) {
  const colors = OFFERING_COLORS[e.appointment.offeringType];
  const services = serviceNames(e.appointment.treatments, index).join(', ');
  const time = `${formatBookedTime(clockText(e.startMinutes))} – ${formatBookedTime(clockText(e.endMinutes))}`;
  const payment = e.appointment.payment && paymentBadgeText(e.appointment.payment, now);
  return (
    <Box
      as="button"
      position="absolute"
      top={`${e.row * ROW_HEIGHT + 1}px`}
      h={`${e.span * ROW_HEIGHT - 2}px`}
      left={`calc(${(e.lane / e.lanes) * 100}% + 2px)`}
      w={`calc(${100 / e.lanes}% - 4px)`}
      bg={colors.bg}
      color={colors.text}
      borderLeftWidth="3px"
      borderLeftStyle={unconfirmedAt(e.appointment.payment, now) ? 'dashed' : 'solid'}
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
      cursor={onDragStart ? 'grab' : 'pointer'}
      _hover={{ filter: 'brightness(0.96)' }}
      _focusVisible={{ outline: '2px solid', outlineColor: colors.border }}
      aria-label={`${clientName(e.appointment)}, ${time}, ${services}${payment ? `, ${payment}` : ''}`}
      data-appointment-id={e.appointment.id}
      draggable={Boolean(onDragStart)}
      onDragStart={onDragStart}
      onClick={() => onSelect(e.appointment)}
    >
      <Text fontWeight="semibold" truncate>
        {clientName(e.appointment)}
      </Text>
      <Text truncate>{time}</Text>
      {e.span > 1 && payment && (
        <Text truncate fontWeight="medium" data-testid="calendar-payment">
          {payment}
        </Text>
      )}
      {e.span > 1 && <Text truncate>{services}</Text>}
    </Box>
  );
}

interface PeriodNavigationProps {
  focus: string;
  span: CalendarSpan;
  onFocus: (date: string) => void;
}

/** Today, previous and next day or week, the period shown, and a date to jump to. */
export function PeriodNavigation({ focus, span, onFocus }: PeriodNavigationProps) {
  const unit = span === 'week' ? 'week' : 'day';
  return (
    <>
      <HStack gap="1">
        <Button size="sm" variant="outline" onClick={() => onFocus(manilaToday())}>
          Today
        </Button>
        <IconButton size="sm" variant="outline" aria-label={`Previous ${unit}`} onClick={() => onFocus(shiftFocus(focus, span, -1))}>
          <LineIcon name="prev" />
        </IconButton>
        <IconButton size="sm" variant="outline" aria-label={`Next ${unit}`} onClick={() => onFocus(shiftFocus(focus, span, 1))}>
          <LineIcon name="next" />
        </IconButton>
      </HStack>
      <Text fontWeight="semibold" fontSize="lg" aria-live="polite" minW={{ md: '14rem' }} data-testid="calendar-period">
        {focusLabel(focus, span)}
      </Text>
      <Field.Root w="auto">
        <Field.Label fontSize="xs">Jump to Date</Field.Label>
        <Input size="sm" type="date" onChange={(e) => e.target.value && onFocus(e.target.value)} />
      </Field.Root>
    </>
  );
}
