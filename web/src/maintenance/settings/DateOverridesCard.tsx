import { useState } from 'react';
import { Button, Card, Flex, HStack, IconButton, Separator, Stack, Table, Text } from '@chakra-ui/react';
import { appointmentRoutes, dateOverrideRoutes, reportRoutes, scheduleRoutes, type DateOverride, type Side } from '@bb/contracts';
import { manilaToday } from '../../shared/format';
import { callRoute, routePrefix, routeUrl, useRoute } from '../../shared/api/routes';
import { useWrite } from '../api';
import { useAppointmentData } from '../appointments/useAppointmentData';
import { formatCalendarDate } from '../domain/dates';
import { appointmentsLeftOut, overrideBody, overrideDraft, overrideHours, sortedOverrides, type OverrideDraft } from '../domain/date-overrides';
import { LineIcon } from '../ui/icons';
import { LoadingState } from '../ui/states';
import { HolidayImport } from './HolidayImport';
import { OverrideDialog } from './OverrideDialog';
import { OverrideMonth } from './OverrideMonth';

// An override changes the public slots; cancelling appointments changes the lists and reports too.
const REFRESH = [
  routePrefix(dateOverrideRoutes.list),
  routeUrl(scheduleRoutes.availableSlots),
  routeUrl(appointmentRoutes.list),
  routePrefix(reportRoutes.appointments),
];

/** Dates closed all day or open with their own hours, replacing the weekday's hours on that date only. */
export function DateOverridesCard({ side }: { side: Side }) {
  const today = manilaToday();
  const overrides = useRoute(dateOverrideRoutes.list, { params: { offering: side } });
  const saved: DateOverride[] = overrides.data ?? [];
  const { appointments, index } = useAppointmentData();
  const [draft, setDraft] = useState<OverrideDraft | null>(null);
  const [editing, setEditing] = useState(false);
  const [cancelLeftOut, setCancelLeftOut] = useState(false);
  const leftOut = draft ? appointmentsLeftOut(appointments ?? [], side, draft, index) : [];

  const open = (date: string) => {
    const existing = saved.find((o) => o.date === date);
    setDraft(overrideDraft(date, existing));
    setEditing(existing !== undefined);
    setCancelLeftOut(false);
  };
  const close = () => setDraft(null);

  const save = useWrite({
    run: async (d: OverrideDraft) => {
      await callRoute(dateOverrideRoutes.save, { params: { offering: side, date: d.date }, body: overrideBody(d) });
      // Each cancellation is its own write, so each customer gets the staff-cancel mail.
      if (cancelLeftOut) await Promise.all(leftOut.map((a) => callRoute(appointmentRoutes.update, { params: { id: a.id }, body: { status: 'cancelled' } })));
    },
    refresh: REFRESH,
    success: 'Date saved',
    failure: 'Failed to save the date',
    onSuccess: close,
  });
  const remove = useWrite({
    run: (date: string) => callRoute(dateOverrideRoutes.remove, { params: { offering: side, date } }),
    refresh: REFRESH,
    success: 'Date removed: it has its weekday hours again',
    failure: 'Failed to remove the date',
  });
  const upcoming = sortedOverrides(saved).filter((o) => o.date >= today);

  return (
    <Card.Root>
      <Card.Header>
        <Card.Title as="h2">Dates with Other Hours</Card.Title>
        <Card.Description>
          Close a date (a holiday, a training day) or give it its own hours; the weekly hours stay for every other date. Pick a date in the calendar to add or
          edit it.
        </Card.Description>
      </Card.Header>
      <Card.Body gap="6">
        {overrides.isLoading ? (
          <LoadingState text="Loading dates..." />
        ) : (
          <Flex gap="8" direction={{ base: 'column', lg: 'row' }} align="flex-start">
            <OverrideMonth today={today} overrides={saved} onPick={open} />
            <Stack flex="1" minW="0" gap="3">
              {upcoming.length === 0 ? (
                <Text color="fg.muted">No upcoming dates with other hours.</Text>
              ) : (
                <Table.ScrollArea>
                  <Table.Root size="sm" aria-label="Dates with other hours">
                    <Table.Header>
                      <Table.Row>
                        <Table.ColumnHeader>Date</Table.ColumnHeader>
                        <Table.ColumnHeader>Hours</Table.ColumnHeader>
                        <Table.ColumnHeader>Note</Table.ColumnHeader>
                        <Table.ColumnHeader srOnly>Actions</Table.ColumnHeader>
                      </Table.Row>
                    </Table.Header>
                    <Table.Body>
                      {upcoming.map((o) => (
                        <Table.Row key={o.date} data-date={o.date}>
                          <Table.Cell whiteSpace="nowrap">{formatCalendarDate(o.date)}</Table.Cell>
                          <Table.Cell whiteSpace="nowrap">{overrideHours(o)}</Table.Cell>
                          <Table.Cell>{o.note}</Table.Cell>
                          <Table.Cell>
                            <HStack gap="1" justify="flex-end">
                              <IconButton size="xs" variant="ghost" aria-label={`Edit ${formatCalendarDate(o.date)}`} onClick={() => open(o.date)}>
                                <LineIcon name="edit" />
                              </IconButton>
                              <IconButton size="xs" variant="ghost" aria-label={`Remove ${formatCalendarDate(o.date)}`} onClick={() => remove.mutate(o.date)}>
                                <LineIcon name="trash" />
                              </IconButton>
                            </HStack>
                          </Table.Cell>
                        </Table.Row>
                      ))}
                    </Table.Body>
                  </Table.Root>
                </Table.ScrollArea>
              )}
              <Button alignSelf="flex-start" variant="outline" size="sm" onClick={() => open(today)}>
                <LineIcon name="plus" /> Add Date
              </Button>
            </Stack>
          </Flex>
        )}
        <Separator />
        <HolidayImport side={side} today={today} overrides={saved} />
      </Card.Body>
      <OverrideDialog
        draft={draft}
        editing={editing}
        leftOut={leftOut}
        cancelLeftOut={cancelLeftOut}
        busy={save.isPending}
        onChange={(patch) => setDraft((d) => (d ? { ...d, ...patch } : d))}
        onCancelLeftOut={setCancelLeftOut}
        onSave={() => draft && save.mutate(draft)}
        onClose={close}
      />
    </Card.Root>
  );
}
