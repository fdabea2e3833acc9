import { useEffect, useState } from 'react';
import { Button, Card, Flex, Text } from '@chakra-ui/react';
import { scheduleRoutes, type Side } from '@bb/contracts';
import { callRoute, routePrefix, routeUrl, useRoute } from '../../shared/api/routes';
import { useWrite } from '../api';
import { applyToWeekdays, applyToWeekends, bulkRequest, defaultWeek, weekFromServer, type DayHours } from '../domain/office-hours';
import { LoadingState } from '../ui/states';
import { CopyDayButtons, OFFICE_WORDS, WeekHoursTable } from './WeekHoursTable';

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
        {hours.isLoading ? <LoadingState text="Loading office hours..." /> : <WeekHoursTable week={week} words={OFFICE_WORDS} onChange={change} />}
        <Text fontSize="sm" color="fg.muted">
          Apply to Weekdays copies Monday to Monday–Friday; Apply to Weekends copies Sunday to Saturday and Sunday.
        </Text>
        <Flex gap="2" wrap="wrap">
          <CopyDayButtons onWeekdays={() => setWeek(applyToWeekdays)} onWeekends={() => setWeek(applyToWeekends)} />
          <Button ml={{ md: 'auto' }} onClick={() => save.mutate(undefined)} loading={save.isPending} disabled={hours.isLoading}>
            Save Office Hours
          </Button>
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}
