import {
  APPOINTMENT_STATUSES,
  DEPOSIT_MESSAGES,
  PAYMENT_STATES,
  type Appointment,
  type AppointmentPayment,
  type AppointmentStatus,
  type Attendance,
  type PaymentState,
} from '@bb/contracts';
import { formatCentavos, manilaClock, manilaMomentText, manilaToday } from '../../shared/format';
import { parseClock } from './clock';

/** An appointment's deposit as staff read it. */
export const PAYMENT_STATE_LABELS: Record<PaymentState, string> = {
  awaiting: 'Awaiting',
  paid: 'Paid',
  expired: 'Expired',
  refunded: 'Refunded',
  kept: 'Kept',
};

export const PAYMENT_PALETTE: Record<PaymentState, string> = { awaiting: 'orange', paid: 'green', expired: 'gray', refunded: 'blue', kept: 'purple' };

type Deposit = Pick<AppointmentPayment, 'state' | 'holdExpiresAt'>;

/**
 * The state at `now`: booking answers an awaiting deposit past its hold as expired when read,
 * and a list read a while ago says the same once the hold has run out on screen.
 */
export const paymentStateAt = (payment: Deposit, now: Date): PaymentState =>
  payment.state === 'awaiting' && Date.parse(payment.holdExpiresAt) <= now.getTime() ? 'expired' : payment.state;

/** Booked waiting for a deposit that is not paid (awaiting, or never paid): staff may only cancel or delete it. */
export const unconfirmedAt = (payment: Deposit | null, now: Date): boolean => {
  const state = payment && paymentStateAt(payment, now);
  return state === 'awaiting' || state === 'expired';
};

/** The payment badge: "Awaiting ₱500 until 2:15 PM", "Paid ₱1,500 (full price)", "Refunded ₱500"… */
export function paymentBadgeText(payment: Pick<AppointmentPayment, 'state' | 'holdExpiresAt' | 'amount' | 'purpose'>, now: Date): string {
  const state = paymentStateAt(payment, now);
  const amount = `${formatCentavos(payment.amount)}${payment.purpose === 'full' ? ' (full price)' : ''}`;
  const until = state === 'awaiting' ? ` until ${manilaMomentText(payment.holdExpiresAt, now)}` : '';
  return `${PAYMENT_STATE_LABELS[state]} ${amount}${until}`;
}

/** The staff list's payment filter (`?payment=`): every state, those booked without a deposit, or all (''). */
export type PaymentFilter = PaymentState | 'none' | '';
export const PAYMENT_FILTER_OPTIONS: readonly { value: PaymentFilter; label: string }[] = [
  { value: '', label: 'All payments' },
  ...PAYMENT_STATES.map((s) => ({ value: s, label: PAYMENT_STATE_LABELS[s] })),
  { value: 'none', label: 'No deposit' },
];

/**
 * The statuses staff may choose: all three, except for a booking waiting for its deposit (or
 * never paid), which stays as it is or is cancelled (booking refuses done and re-opening: 409).
 */
export function statusChoices(a: Pick<Appointment, 'status' | 'payment'>, now: Date): AppointmentStatus[] {
  if (!unconfirmedAt(a.payment, now)) return [...APPOINTMENT_STATUSES];
  return a.status === 'cancelled' ? ['cancelled'] : [a.status, 'cancelled'];
}

/** Why the status of an unpaid booking is limited, in booking's words; null when it is not. */
export function statusLimit(a: Pick<Appointment, 'status' | 'payment'>, now: Date): string | null {
  if (!unconfirmedAt(a.payment, now)) return null;
  return a.status === 'cancelled' ? DEPOSIT_MESSAGES.notPaid : DEPOSIT_MESSAGES.awaiting;
}

/** Whether the appointment has started: by its start instant, or its Manila date and time for one stored without. */
export function hasStarted(a: Pick<Appointment, 'startTime' | 'preferredDate' | 'preferredTime'>, now: Date): boolean {
  if (a.startTime) return Date.parse(a.startTime) <= now.getTime();
  const today = manilaToday(now);
  const start = parseClock(a.preferredTime);
  const clock = parseClock(manilaClock(now));
  if (a.preferredDate !== today) return a.preferredDate < today;
  return start !== null && clock !== null && start <= clock;
}

/** Attendance is said of an appointment that has started, is not cancelled and was not left unpaid (booking's 409s otherwise). */
export const attendanceOffered = (a: Pick<Appointment, 'status' | 'payment' | 'startTime' | 'preferredDate' | 'preferredTime'>, now: Date): boolean =>
  a.status !== 'cancelled' && !unconfirmedAt(a.payment, now) && hasStarted(a, now);

export const ATTENDANCE_CHOICES: readonly { value: Attendance | null; label: string }[] = [
  { value: 'attended', label: 'Attended' },
  { value: 'no_show', label: 'No-show' },
  { value: null, label: 'Not set' },
];

export const attendanceLabel = (attendance: Attendance | null): string => ATTENDANCE_CHOICES.find((c) => c.value === attendance)?.label ?? 'Not set';
