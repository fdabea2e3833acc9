import { useEffect, useState } from 'react';
import { Button, Field, HStack, NativeSelect } from '@chakra-ui/react';
import { appointmentRoutes, DEPOSIT_MESSAGES, REASSIGN_MESSAGES, type Appointment } from '@bb/contracts';
import { manilaClock, manilaToday } from '../../shared/format';
import { unconfirmedAt } from '../domain/deposits';
import { needsPractitioner, reassignable, reassignChoices } from '../domain/resources';
import { useMayCall } from '../auth/access';
import { useResourceData } from './useResourceData';

interface ReassignFieldProps {
  appointment: Appointment;
  busy: boolean;
  /** The server's refusal of the last reassignment of this appointment. */
  error?: string;
  onReassign: (practitionerId: string, name: string) => void;
}

/**
 * Who takes the appointment, and another qualified practitioner who takes bookings to give it
 * to at the same time (the keyboard's way to reassign; the calendar also takes a drag).
 */
export function ReassignField({ appointment, busy, error, onReassign }: ReassignFieldProps) {
  const { practitioners, requirements, isLoading, allowed } = useResourceData();
  const may = useMayCall();
  const [choice, setChoice] = useState('');
  useEffect(() => setChoice(''), [appointment.id, appointment.practitioner?.id]);
  if (!allowed || !may(appointmentRoutes.reassign) || isLoading || (!appointment.practitioner && !needsPractitioner(appointment, requirements))) return null;

  const now = new Date();
  // Booking reassigns a booking only once its deposit is paid (409 otherwise): not offered before.
  const unpaid = unconfirmedAt(appointment.payment, now);
  const open = !unpaid && reassignable(appointment, manilaToday(now), manilaClock(now));
  const choices = reassignChoices(appointment, practitioners, requirements);
  const chosen = choices.find((p) => p.id === choice);
  const helper = unpaid
    ? DEPOSIT_MESSAGES.awaiting
    : !open
      ? REASSIGN_MESSAGES.closed
      : choices.length === 0
        ? 'Nobody else who takes bookings performs these treatments.'
        : 'Same date and time; the practitioner must be working and free then.';
  return (
    <Field.Root invalid={Boolean(error)} disabled={!open}>
      <Field.Label>Practitioner</Field.Label>
      <HStack w="full" align="flex-start">
        <NativeSelect.Root flex="1">
          <NativeSelect.Field value={choice} onChange={(e) => setChoice(e.target.value)}>
            <option value="">{appointment.practitioner?.name ?? 'No practitioner'}</option>
            {choices.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Button type="button" variant="outline" disabled={!open || !chosen} loading={busy} onClick={() => chosen && onReassign(chosen.id, chosen.name)}>
          Reassign
        </Button>
      </HStack>
      {error ? <Field.ErrorText color="red.700">{error}</Field.ErrorText> : <Field.HelperText>{helper}</Field.HelperText>}
    </Field.Root>
  );
}
