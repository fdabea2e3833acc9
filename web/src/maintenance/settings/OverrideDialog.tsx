import { Checkbox, Field, Grid, Input, List, NativeSelect, Stack, Text } from '@chakra-ui/react';
import type { Appointment } from '@bb/contracts';
import { counted } from '../../shared/format';
import { clientName } from '../domain/appointments';
import { formatBookedTime, formatCalendarDate } from '../domain/dates';
import type { OverrideDraft } from '../domain/date-overrides';
import { FormDialog } from '../ui/FormDialog';

interface OverrideDialogProps {
  draft: OverrideDraft | null;
  /** Editing a saved date: its date stays (removing it is the way to move it). */
  editing: boolean;
  /** Non-cancelled appointments the draft leaves without hours. */
  leftOut: readonly Appointment[];
  cancelLeftOut: boolean;
  busy: boolean;
  onChange: (patch: Partial<OverrideDraft>) => void;
  onCancelLeftOut: (cancel: boolean) => void;
  onSave: () => void;
  onClose: () => void;
}

/**
 * A date closed all day or open with its own hours, and a note. Appointments the change leaves
 * outside the hours are listed before it is saved, with the choice to cancel them (each customer
 * then gets the cancellation mail); by default they stay.
 */
export function OverrideDialog({ draft, editing, leftOut, cancelLeftOut, busy, onChange, onCancelLeftOut, onSave, onClose }: OverrideDialogProps) {
  return (
    <FormDialog
      open={draft !== null}
      title={editing ? 'Edit Date' : 'Add Date with Other Hours'}
      submitLabel="Save Date"
      busy={busy}
      onClose={onClose}
      onSubmit={onSave}
    >
      {draft && (
        <>
          <Field.Root required disabled={editing}>
            <Field.Label>
              Date
              <Field.RequiredIndicator />
            </Field.Label>
            <Input type="date" value={draft.date} onChange={(e) => onChange({ date: e.target.value })} />
          </Field.Root>
          <Field.Root>
            <Field.Label>Hours on this date</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field value={draft.closed ? 'closed' : 'open'} onChange={(e) => onChange({ closed: e.target.value === 'closed' })}>
                <option value="closed">Closed all day</option>
                <option value="open">Open with its own hours</option>
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          {!draft.closed && (
            <Grid templateColumns="1fr 1fr" gap="4">
              <Field.Root>
                <Field.Label>Opens</Field.Label>
                <Input type="time" step={1800} value={draft.startTime} onChange={(e) => onChange({ startTime: e.target.value })} />
              </Field.Root>
              <Field.Root>
                <Field.Label>Closes</Field.Label>
                <Input type="time" step={1800} value={draft.endTime} onChange={(e) => onChange({ endTime: e.target.value })} />
              </Field.Root>
            </Grid>
          )}
          <Field.Root>
            <Field.Label>Note</Field.Label>
            <Input value={draft.note} maxLength={120} placeholder="Staff training, Christmas Day…" onChange={(e) => onChange({ note: e.target.value })} />
            <Field.HelperText>Visitors see it in the message that the date is closed.</Field.HelperText>
          </Field.Root>
          {leftOut.length > 0 && (
            <Stack gap="2" borderWidth="1px" borderColor="orange.300" bg="orange.50" borderRadius="md" p="3" data-testid="override-appointments">
              <Text fontWeight="semibold">
                {counted(leftOut.length, 'appointment')} on {formatCalendarDate(draft.date)} {leftOut.length === 1 ? 'falls' : 'fall'} outside these hours:
              </Text>
              <List.Root ps="5">
                {leftOut.map((a) => (
                  <List.Item key={a.id}>
                    {formatBookedTime(a.preferredTime)} · {clientName(a)}
                  </List.Item>
                ))}
              </List.Root>
              <Checkbox.Root checked={cancelLeftOut} onCheckedChange={(e) => onCancelLeftOut(e.checked === true)}>
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>
                  Cancel {leftOut.length === 1 ? 'this appointment' : `these ${leftOut.length} appointments`} and e-mail the customers
                </Checkbox.Label>
              </Checkbox.Root>
              <Text fontSize="sm" color="fg.muted">
                Left unticked, they stay booked.
              </Text>
            </Stack>
          )}
        </>
      )}
    </FormDialog>
  );
}
