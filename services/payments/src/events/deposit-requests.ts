import type { EventData } from '@bb/contracts';
import type { EventBus } from '@bb/service-kit';
import type { Deposits } from '../store/deposits';

/** Booking's deposit events and its reschedules, on one durable queue (in the order booking published them, but for retries). */
export const DEPOSIT_QUEUE = 'payments.deposits';

/**
 * Booking asks for a payment, moves its hold, lets the payment go, and moves the appointment
 * (a reschedule keeps the deposit). Each is idempotent (the request by appointment id, the
 * release by the state machine, a move by the appointment's revision), so a redelivery changes nothing; a hold
 * change or release whose request has not arrived yet fails and is retried.
 * The bus checked each envelope's data against its type's schema.
 */
export function consumeDepositEvents(bus: EventBus, deposits: Deposits): void {
  const types = ['booking.deposit.requested', 'booking.deposit.hold-extended', 'booking.deposit.released', 'booking.appointment.rescheduled'] as const;
  bus.subscribe(DEPOSIT_QUEUE, [...types], async (event) => {
    if (event.type === 'booking.appointment.rescheduled') await deposits.moved(event.data as EventData<'booking.appointment.rescheduled'>);
    else if (event.type === 'booking.deposit.requested') await deposits.request(event.data as EventData<'booking.deposit.requested'>);
    else if (event.type === 'booking.deposit.hold-extended') await deposits.extendHold(event.data as EventData<'booking.deposit.hold-extended'>);
    else await deposits.release(event.data as EventData<'booking.deposit.released'>, event.correlationId);
  });
}
