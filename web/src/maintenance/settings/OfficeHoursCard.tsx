import { useEffect, useState } from 'react';
import { Button, Card, Flex, Input, NativeSelect, Table, Text } from '@chakra-ui/react';
import { scheduleRoutes, type Side } from '@bb/contracts';
import { callRoute, routePrefix, routeUrl, useRoute } from '../../shared/api/routes';
import { useWrite } from '../api';
import { applyToWeekdays, applyToWeekends, bulkRequest, defaultWeek, WEEKDAY_NAMES, weekFromServer, type DayHours } from '../domain/office-hours';
import { LoadingState } from '../ui/states';
import { TableHead } from '../ui/TableHead';

/** The day's opening and closing times, each in its own cell. */
const TIME_FIELDS = [
  { field: 'startTime', word: 'opening' },
  { field: 'endTime', word: 'closing' },
] as const;

/** Opening hours per weekday, Sunday to Saturday; times are disabled on closed days. */
export function OfficeHoursCard({ side }: { side: Side }) {
  const hours = useRoute(scheduleRoutes.officeHours, { params: { offering: side } });
  const [week, setWeek] = useState<DayHours[]>(defaultWeek);
  useEffect(() => {
    if (hours.data) setWeek(weekFromServer(hours.data));
  }, [hours.data]);
  const save = useWrite({
    run: () => callRoute(scheduleRoutes.saveOfficeHours, { body: bulkRequest(week, side) }),
    // Office hours decide which public slots there are.
    refresh: [routePrefix(scheduleRoutes.officeHours), routeUrl(scheduleRoutes.availableSlots)],
    success: 'Office hours saved successfully',
    failure: 'Failed to save office hours',
  });
  const change = (day: number, patch: Partial<DayHours>) => setWeek((w) => w.map((d) => (d.dayOfWeek === day ? { ...d, ...patch } : d)));

  return (
    <Card.Root>
      <Card.Header>
        <Card.Title as="h2">Office Hours</Card.Title>
        <Card.Description>Visitors can book 30-minute slots inside these hours (Manila time).</Card.Description>
      </Card.Header>
      <Card.Body gap="4">
        {hours.isLoading ? (
          <LoadingState text="Loading office hours..." />
        ) : (
          <Table.ScrollArea>
            <Table.Root size="sm">
              <TableHead columns={['Day', 'Status', 'Opens', 'Closes']} />
              <Table.Body>
                {week.map((d) => {
                  const name = WEEKDAY_NAMES[d.dayOfWeek];
                  return (
                    <Table.Row key={d.dayOfWeek} data-day={name}>
                      <Table.Cell fontWeight="medium">{name}</Table.Cell>
                      <Table.Cell minW="8rem">
                        <NativeSelect.Root size="sm">
                          <NativeSelect.Field
                            aria-label={`${name} status`}
                            value={d.isActive ? 'open' : 'closed'}
                            onChange={(e) => change(d.dayOfWeek, { isActive: e.target.value === 'open' })}
                          >
                            <option value="open">Open</option>
                            <option value="closed">Closed</option>
                          </NativeSelect.Field>
                          <NativeSelect.Indicator />
                        </NativeSelect.Root>
                      </Table.Cell>
                      {TIME_FIELDS.map(({ field, word }) => (
                        <Table.Cell key={field}>
                          <Input
                            size="sm"
                            type="time"
                            step={1800}
                            aria-label={`${name} ${word} time`}
                            value={d[field]}
                            disabled={!d.isActive}
                            onChange={(e) => change(d.dayOfWeek, { [field]: e.target.value })}
                          />
                        </Table.Cell>
                      ))}
                    </Table.Row>
                  );
                })}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
        <Text fontSize="sm" color="fg.muted">
          Apply to Weekdays copies Monday to Monday–Friday; Apply to Weekends copies Sunday to Saturday and Sunday.
        </Text>
        <Flex gap="2" wrap="wrap">
          <Button variant="outline" onClick={() => setWeek(applyToWeekdays)}>
            Apply to Weekdays
          </Button>
          <Button variant="outline" onClick={() => setWeek(applyToWeekends)}>
            Apply to Weekends
          </Button>
          <Button ml={{ md: 'auto' }} onClick={() => save.mutate(undefined)} loading={save.isPending} disabled={hours.isLoading}>
            Save Office Hours
          </Button>
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}
