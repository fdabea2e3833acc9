import { Schema, type Connection, type Types } from 'mongoose';
import { APPOINTMENT_STATUSES, type Appointment, type AppointmentStatus, type OfferingType } from '@bb/contracts';
import { outboxFields, type WithOutbox } from '@bb/service-kit';

export interface BookedItem {
  id: string;
  name: string;
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
  offeringType: OfferingType;
  treatments: string[];
  /** Names as they were at booking time, for reports of items since renamed or deleted. */
  items: BookedItem[];
  notes: string;
  status: AppointmentStatus;
  adminComment: string;
  /** Ids of the capacity seats this appointment holds; empty once cancelled or deleted. */
  seats: string[];
  /** Fingerprint of the request when it came with an Idempotency-Key. */
  requestHash: string | null;
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
    seats: { type: [String], default: [] },
    requestHash: { type: String, default: null },
    ...outboxFields,
  },
  { timestamps: true, versionKey: false },
);
// The staff list (newest first) and reports (by booked date).
appointmentSchema.index({ createdAt: -1 });
appointmentSchema.index({ preferredDate: 1 });

export const appointmentModel = (conn: Connection) => conn.model<AppointmentDoc>('Appointment', appointmentSchema, 'appointments');

/** A stored appointment as the API answers it. */
export function toAppointment(doc: AppointmentDoc): Appointment {
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
  };
}
