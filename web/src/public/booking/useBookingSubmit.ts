import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { appointmentRoutes, idempotencyKeyHeader, type Side } from '@bb/contracts';
import { errorStatus, serverMessage } from '../../shared/api/request';
import { callRoute, routeUrl } from '../../shared/api/routes';
import { toast } from '../../shared/ui/toaster';
import { attemptFor, type Attempt } from './domain/idempotency';
import { isSlotsKey } from './domain/schedule';
import { bookedSummary, type BookedSummary } from './domain/summary';
import { toAppointmentRequest, type BookingForm } from './domain/validation';

/**
 * Sends a checked booking form: one Idempotency-Key per distinct content (a retry of the same
 * content reuses it), the spec's success and failure toasts, and fresh slots and console list
 * afterwards; `onBooked` gets what was booked, in words. The answer says whether it was booked,
 * failed, or failed because the slot is full (the waitlist's cue).
 */
export function useBookingSubmit(side: Side, itemNames: () => ReadonlyMap<string, string>, onBooked: (summary: BookedSummary) => void) {
  const client = useQueryClient();
  const lastAttempt = useRef<Attempt | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function send(form: BookingForm, holdId?: string): Promise<'booked' | 'full' | 'failed'> {
    const request = toAppointmentRequest(form, side);
    // The hold is not part of what is booked: a retry within another hold is the same booking (as the server counts it).
    const attempt = attemptFor(JSON.stringify(request), lastAttempt.current);
    lastAttempt.current = attempt;
    setSubmitting(true);
    try {
      const answer = await callRoute(appointmentRoutes.create, { body: { ...request, holdId }, headers: { [idempotencyKeyHeader]: attempt.key } });
      lastAttempt.current = null;
      // The booked slot is taken now: cached days and the console's list are read again.
      void client.invalidateQueries({ queryKey: [routeUrl(appointmentRoutes.list)] });
      void client.invalidateQueries({ predicate: (q) => isSlotsKey(q.queryKey) });
      const summary = bookedSummary(request, answer, itemNames());
      if (summary.deposit) toast.success('Almost done!', `Pay ${summary.deposit.amount} to confirm your appointment.`);
      else toast.success('Appointment Booked!', "We'll contact you shortly to confirm your appointment.");
      onBooked(summary);
      return 'booked';
    } catch (error) {
      // Policy refusals (notice, horizon, the per-contact cap) come as 400s in the server's words, like every other refusal.
      toast.error('Booking Failed', serverMessage(error) ?? 'Please check your information and try again.');
      if (errorStatus(error) !== 409) return 'failed';
      // Taken meanwhile: the cached days are read again, so the schedule shows it Booked.
      void client.invalidateQueries({ predicate: (q) => isSlotsKey(q.queryKey) });
      return 'full';
    } finally {
      setSubmitting(false);
    }
  }

  return { send, submitting };
}
