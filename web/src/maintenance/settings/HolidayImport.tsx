import { useState } from 'react';
import { Button, Checkbox, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { dateOverrideRoutes, scheduleRoutes, type DateOverride, type Side } from '@bb/contracts';
import { callRoute, routePrefix, routeUrl, useRoute } from '../../shared/api/routes';
import { useWrite } from '../api';
import { counted } from '../../shared/format';
import { formatCalendarDate } from '../domain/dates';
import { holidayChoices, holidayClosures, holidayYears, overrideHours } from '../domain/date-overrides';
import { LoadingState } from '../ui/states';

/** The chosen year's public holidays, each ticked, to save as closures in one go. */
function HolidayList({ side, year, overrides, onDone }: { side: Side; year: number; overrides: readonly DateOverride[]; onDone: () => void }) {
  const holidays = useRoute(dateOverrideRoutes.holidays, { params: { year: String(year) } });
  const choices = holidayChoices(holidays.data ?? [], overrides);
  /** Dates unticked by the admin: all are on at first. */
  const [unticked, setUnticked] = useState<ReadonlySet<string>>(new Set());
  const ticked = new Set(choices.map((h) => h.date).filter((d) => !unticked.has(d)));
  const body = holidayClosures(choices, ticked);
  const save = useWrite({
    run: () => (body ? callRoute(dateOverrideRoutes.saveMany, { params: { offering: side }, body }) : Promise.resolve()),
    refresh: [routePrefix(dateOverrideRoutes.list), routeUrl(scheduleRoutes.availableSlots)],
    success: `Added ${counted(ticked.size, 'closure')}`,
    failure: 'Failed to add the holidays',
    onSuccess: onDone,
  });
  const toggle = (date: string, on: boolean) =>
    setUnticked((current) => {
      const next = new Set(current);
      if (on) next.delete(date);
      else next.add(date);
      return next;
    });

  if (holidays.isLoading) return <LoadingState text="Loading holidays..." />;
  if (holidays.isError) return <Text color="red.700">Holidays could not be loaded.</Text>;
  if (choices.length === 0) return <Text color="fg.muted">No public holidays listed for {year}.</Text>;
  return (
    <Stack gap="2" data-testid="holiday-list">
      {choices.map((h) => (
        <Checkbox.Root key={h.date} checked={ticked.has(h.date)} onCheckedChange={(e) => toggle(h.date, e.checked === true)}>
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>
            {formatCalendarDate(h.date)} · {h.name}
            {h.existing && (
              <Text as="span" color="fg.muted" fontSize="sm">
                {' '}
                (already set: {overrideHours(h.existing)}
                {h.existing.note ? `, ${h.existing.note}` : ''}; will be replaced)
              </Text>
            )}
          </Checkbox.Label>
        </Checkbox.Root>
      ))}
      <HStack mt="2">
        <Button onClick={() => save.mutate(undefined)} loading={save.isPending} disabled={body === null}>
          Add {counted(ticked.size, 'closure')}
        </Button>
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </HStack>
    </Stack>
  );
}

/** "Add public holidays": pick this year or the next, see its holidays, and save the ticked ones as closures. */
export function HolidayImport({ side, today, overrides }: { side: Side; today: string; overrides: readonly DateOverride[] }) {
  const years = holidayYears(today);
  const [year, setYear] = useState(years[0]);
  const [shown, setShown] = useState(false);
  return (
    <Stack gap="3">
      <Text fontWeight="semibold">Add public holidays</Text>
      <HStack gap="2" wrap="wrap">
        <NativeSelect.Root size="sm" w="8rem">
          <NativeSelect.Field aria-label="Holiday year" value={year} onChange={(e) => setYear(Number(e.target.value))}>
            {years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Button size="sm" variant="outline" onClick={() => setShown(true)}>
          Show holidays
        </Button>
      </HStack>
      {shown && <HolidayList key={year} side={side} year={year} overrides={overrides} onDone={() => setShown(false)} />}
    </Stack>
  );
}
