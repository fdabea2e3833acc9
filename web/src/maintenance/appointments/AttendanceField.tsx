import { useId } from 'react';
import { Button, Group, Stack, Text } from '@chakra-ui/react';
import type { Attendance } from '@bb/contracts';
import { ATTENDANCE_CHOICES } from '../domain/deposits';

interface AttendanceFieldProps {
  value: Attendance | null;
  busy: boolean;
  onChange: (attendance: Attendance | null) => void;
}

/** Whether the customer came, said at once with one press (beside the status, which it does not change). */
export function AttendanceField({ value, busy, onChange }: AttendanceFieldProps) {
  const labelId = useId();
  const helperId = useId();
  return (
    <Stack gap="1.5">
      <Text id={labelId} fontWeight="medium" fontSize="sm">
        Attendance
      </Text>
      <Group attached role="group" aria-labelledby={labelId} aria-describedby={helperId} data-testid="attendance">
        {ATTENDANCE_CHOICES.map((c) => (
          <Button
            key={c.label}
            size="sm"
            variant={value === c.value ? 'solid' : 'outline'}
            aria-pressed={value === c.value}
            disabled={busy}
            onClick={() => value !== c.value && onChange(c.value)}
          >
            {c.label}
          </Button>
        ))}
      </Group>
      <Text id={helperId} fontSize="sm" color="fg.muted">
        Saved as you choose; the status stays as it is. No-shows count towards the no-show deposit rule.
      </Text>
    </Stack>
  );
}
