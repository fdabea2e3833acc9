import { Button, Input, NativeSelect, Table } from '@chakra-ui/react';
import { WEEKDAY_NAMES, type DayHours } from '../domain/office-hours';
import { TableHead } from '../ui/TableHead';

/** How a table names its columns and a day's two states: a side's office hours, or a person's working hours. */
export interface WeekWords {
  columns: [string, string, string, string];
  active: string;
  inactive: string;
  start: string;
  end: string;
  /** Put before each control's name ("Ana Monday status") when several tables share a screen. */
  who?: string;
}

export const OFFICE_WORDS: WeekWords = { columns: ['Day', 'Status', 'Opens', 'Closes'], active: 'Open', inactive: 'Closed', start: 'opening', end: 'closing' };

interface WeekHoursTableProps {
  week: readonly DayHours[];
  words: WeekWords;
  onChange: (dayOfWeek: number, patch: Partial<DayHours>) => void;
}

/** Hours per weekday, Sunday to Saturday: each day on or off and its start and end times, disabled on days off. */
export function WeekHoursTable({ week, words, onChange }: WeekHoursTableProps) {
  const times = [
    { field: 'startTime', word: words.start },
    { field: 'endTime', word: words.end },
  ] as const;
  // The options' values are their words ("open", "closed"), as the settings screen always had.
  const on = words.active.toLowerCase();
  const off = words.inactive.toLowerCase();
  return (
    <Table.ScrollArea>
      <Table.Root size="sm">
        <TableHead columns={words.columns} />
        <Table.Body>
          {week.map((d) => {
            const name = WEEKDAY_NAMES[d.dayOfWeek];
            const label = words.who ? `${words.who} ${name}` : name;
            return (
              <Table.Row key={d.dayOfWeek} data-day={name}>
                <Table.Cell fontWeight="medium">{name}</Table.Cell>
                <Table.Cell minW="8rem">
                  <NativeSelect.Root size="sm">
                    <NativeSelect.Field
                      aria-label={`${label} status`}
                      value={d.isActive ? on : off}
                      onChange={(e) => onChange(d.dayOfWeek, { isActive: e.target.value === on })}
                    >
                      <option value={on}>{words.active}</option>
                      <option value={off}>{words.inactive}</option>
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                </Table.Cell>
                {times.map(({ field, word }) => (
                  <Table.Cell key={field}>
                    <Input
                      size="sm"
                      type="time"
                      step={1800}
                      aria-label={`${label} ${word} time`}
                      value={d[field]}
                      disabled={!d.isActive}
                      onChange={(e) => onChange(d.dayOfWeek, { [field]: e.target.value })}
                    />
                  </Table.Cell>
                ))}
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

/** The buttons that copy Monday to the weekdays and Sunday to the weekend, with what they do. */
export function CopyDayButtons({ onWeekdays, onWeekends }: { onWeekdays: () => void; onWeekends: () => void }) {
  return (
    <>
      <Button variant="outline" onClick={onWeekdays}>
        Apply to Weekdays
      </Button>
      <Button variant="outline" onClick={onWeekends}>
        Apply to Weekends
      </Button>
    </>
  );
}
