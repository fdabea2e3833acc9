import { Schema, type Connection, type Types } from 'mongoose';
import {
  APPOINTMENT_STATUSES,
  appointmentReference,
  ATTENDANCE,
  DEFAULT_DURATION_MINUTES,
  PAYMENT_STATES,
  type Appointment,
  type Attendance,
  type DepositPurpose,
  type PaymentState,
  type AppointmentFacts,
  type AppointmentStatus,
  type ManagedAppointment,
  type Side,
} from '@bb/contracts';
import { manilaInstant, MINUTE_MS, minutesOfDay, outboxFields, outboxPendingFlag, type WithOutbox } from '@bb/service-kit';
import { paymentStateAt } from '../domain/deposit';
import type { LedgerBlock } from '../domain/ledger';
import { reschedulesLeft, type ChangeWindow } from '../domain/manage-link';

export interface BookedItem {
  id: string;
  name: string;
}

/** The deposit of an appointment booked with one (`AppointmentPayment` of the API, instants as dates). */
export interface PaymentPart {
  /** As stored: `awaiting` past `holdExpiresAt` is read as expired (`paymentStateAt`). */
  state: PaymentState;
  /** Centavos. */
  amount: number;
  purpose: DepositPurpose;
  /** Its places are held in the ledger (an expiring entry, `p`) until then while it awaits payment. */
  holdExpiresAt: Date;
  paymentId: string | null;
}

export interface AppointmentDoc extends WithOutbox {
  _id: Types.ObjectId;
  firstName: string;
  lastName: string;
  gender: string | null;
  age: number | null;
  email: string;
  contact: string;
  /** Manila date and time as booked (yyyy-MM-dd, HH:mm). */
  preferredDate: string;
  preferredTime: string;
  startTime: Date | null;
  endTime: Date | null;
  offeringType: Side;
  treatments: string[];
  /** Names as they were at booking time, for reports of items since renamed or deleted. */
  items: BookedItem[];
  notes: string;
  status: AppointmentStatus;
  adminComment: string;
  /**
   * The 30-minute blocks (`LedgerBlock`, Manila) it holds in the ledger, its buffer's included:
   * what its ledger entries must say; empty once cancelled or deleted.
   */
  blocks: LedgerBlock[];
  /** The resources it takes in each of its blocks (`practitionerKey`, `roomKey`); none when the offering has none configured. */
  resources?: string[];
  /** Who takes it (a staff id and the name booked with), when its items need a practitioner. */
  practitioner?: { id: string; name: string } | null;
  /** Fingerprint of the request when it came with an Idempotency-Key. */
  requestHash: string | null;
  /**
   * Only on appointments booked before manage tokens were derived from the id
   * (`manageLinkToken`): SHA-256 (hex) of their random token, by which their links are still
   * found. Absent (never null: the unique index would count nulls) on all others.
   */
  manageTokenHash?: string;
  /**
   * Lifecycle changes so far (0 when booked): every change is guarded by the revision it
   * read and bumps it in the same write, and its event carries the new one. Absent on
   * appointments booked before it was counted; read as 0 (`revisionOf`).
   */
  revision?: number;
  /**
   * The per-contact cap's counts it is in (`countContact`, ids of `contact_counts`), left when it
   * is cancelled or deleted; empty when booked with the cap off. Absent on appointments booked
   * before counts.
   */
  contactCounts?: string[];
  /** Moves its customer made through the manage link (the offering's `maxReschedulesPerBooking` limits them); absent: none. */
  customerMoves?: number;
  /** Its deposit; absent or null when booked without one (before deposits, by staff, or with items that ask none). */
  payment?: PaymentPart | null;
  /** Whether the customer came, as staff said once it started; absent: not said. */
  attendance?: Attendance | null;
  /**
   * While it is a no-show: the hashes of its contact's keys (`noShowKeys`), by which the no-show
   * rule counts a contact's no-shows in one indexed read. Absent otherwise.
   */
  noShowKeys?: string[];
  createdAt: Date;
  updatedAt: Date;
}

const appointmentSchema = new Schema<AppointmentDoc>(
  {
    firstName: { type: String, required: true },
    lastName: { type: String, required: true },
    gender: { type: String, default: null },
    age: { type: Number, default: null },
    email: { type: String, required: true },
    contact: { type: String, required: true },
    preferredDate: { type: String, required: true },
    preferredTime: { type: String, required: true },
    startTime: { type: Date, default: null },
    endTime: { type: Date, default: null },
    offeringType: { type: String, required: true },
    treatments: { type: [String], default: [] },
    items: { type: [new Schema<BookedItem>({ id: String, name: String }, { _id: false })], default: [] },
    notes: { type: String, default: '' },
    status: { type: String, enum: APPOINTMENT_STATUSES, default: 'pending' },
    adminComment: { type: String, default: '' },
    blocks: { type: [String], default: [] },
    resources: { type: [String], default: undefined },
    practitioner: { type: new Schema({ id: String, name: String }, { _id: false }), default: undefined },
    requestHash: { type: String, default: null },
    manageTokenHash: { type: String },
    revision: { type: Number, default: 0 },
    contactCounts: { type: [String], default: undefined },
    customerMoves: { type: Number },
    payment: {
      type: new Schema<PaymentPart>(
        {
          state: { type: String, enum: PAYMENT_STATES, required: true },
          amount: { type: Number, required: true },
          purpose: { type: String, required: true },
          holdExpiresAt: { type: Date, required: true },
          paymentId: { type: String, default: null },
        },
        { _id: false },
      ),
      default: undefined,
    },
    attendance: { type: String, enum: [...ATTENDANCE, null], default: undefined },
    noShowKeys: { type: [String], default: undefined },
    ...outboxFields,
  },
  { timestamps: true, versionKey: false },
);
// The staff list (newest first) and reports (by booked date).
appointmentSchema.index({ createdAt: -1 });
appointmentSchema.index({ preferredDate: 1 });
// The staff calendar feed: an offering's appointments from a start on.
appointmentSchema.index({ offeringType: 1, startTime: 1 });
// Links of appointments booked before derived tokens find theirs by the token's hash; sparse, as all others have none.
appointmentSchema.index({ manageTokenHash: 1 }, { unique: true, sparse: true });
// A contact's no-shows, for the no-show rule of deposits; sparse, as only no-shows have keys.
appointmentSchema.index({ noShowKeys: 1 }, { sparse: true });

/**
 * The booked interval. Every booking stores its instants; one stored without them (the
 * schema allows it) is read from its Manila date and time, as long as an unknown duration.
 */
export function intervalOf(doc: Pick<AppointmentDoc, 'startTime' | 'endTime' | 'preferredDate' | 'preferredTime'>): { start: Date; end: Date } {
  const start = doc.startTime ?? manilaInstant(doc.preferredDate, minutesOfDay(doc.preferredTime) ?? 0);
  return { start, end: doc.endTime ?? new Date(start.getTime() + DEFAULT_DURATION_MINUTES * MINUTE_MS) };
}

export const revisionOf = (doc: Pick<AppointmentDoc, 'revision'>) => doc.revision ?? 0;

/** Matches the appointment only while it is at the revision it was read at (none stored matches null). */
export const atRevision = (doc: Pick<AppointmentDoc, '_id' | 'revision'>) => ({ _id: doc._id, deletedAt: null, revision: doc.revision ?? null });

/** Appointments booked without a deposit, or whose deposit was paid: those never confirmed (awaited, lapsed) are in no feed or report. */
export const CONFIRMED = { 'payment.state': { $nin: ['awaiting', 'expired'] as PaymentState[] } };

appointmentSchema.plugin(outboxPendingFlag);

export const appointmentModel = (conn: Connection) => conn.model<AppointmentDoc>('Appointment', appointmentSchema, 'appointments');

/** A stored appointment as the API answers it at `now` (the business clock: an unpaid hold that has passed reads as expired). */
export function toAppointment(doc: AppointmentDoc, now: Date): Appointment {
  return {
    id: String(doc._id),
    firstName: doc.firstName,
    lastName: doc.lastName,
    gender: doc.gender,
    age: doc.age,
    email: doc.email,
    contact: doc.contact,
    preferredDate: doc.preferredDate,
    preferredTime: doc.preferredTime,
    startTime: doc.startTime?.toISOString() ?? null,
    endTime: doc.endTime?.toISOString() ?? null,
    offeringType: doc.offeringType,
    treatments: doc.treatments,
    notes: doc.notes,
    status: doc.status,
    adminComment: doc.adminComment,
    createdAt: doc.createdAt.toISOString(),
    updatedAt: doc.updatedAt.toISOString(),
    ...practitionerOf(doc),
    payment: doc.payment
      ? {
          state: paymentStateAt(doc.payment, now),
          amount: doc.payment.amount,
          purpose: doc.payment.purpose,
          holdExpiresAt: doc.payment.holdExpiresAt.toISOString(),
          paymentId: doc.payment.paymentId ?? null,
        }
      : null,
    attendance: doc.attendance ?? null,
  };
}

const practitionerOf = (doc: AppointmentDoc) => (doc.practitioner ? { practitioner: { id: doc.practitioner.id, name: doc.practitioner.name } } : {});

/** The appointment as every lifecycle event carries it: `doc` is the state after the change. */
export function toAppointmentFacts(doc: AppointmentDoc): AppointmentFacts {
  const { start, end } = intervalOf(doc);
  return {
    appointmentId: String(doc._id),
    revision: revisionOf(doc),
    firstName: doc.firstName,
    lastName: doc.lastName,
    email: doc.email,
    contact: doc.contact,
    offeringType: doc.offeringType,
    items: doc.items.map((item) => ({ id: item.id, name: item.name })),
    preferredDate: doc.preferredDate,
    preferredTime: doc.preferredTime,
    startTime: start.toISOString(),
    endTime: end.toISOString(),
    status: doc.status,
    ...practitionerOf(doc),
  };
}

/**
 * A stored appointment as its manage link shows it: its facts, with a reference instead of
 * ids; `moveLimit` is the offering's `maxReschedulesPerBooking`.
 */
export function toManagedAppointment(doc: AppointmentDoc, window: ChangeWindow, moveLimit: number): ManagedAppointment {
  const { appointmentId, revision: _revision, ...shown } = toAppointmentFacts(doc);
  return {
    ...shown,
    reference: appointmentReference(appointmentId),
    changeable: window.closed === null,
    changeClosedReason: window.reason,
    changeDeadline: window.deadline.toISOString(),
    reschedulesLeft: reschedulesLeft(moveLimit, doc.customerMoves ?? 0),
  };
}
