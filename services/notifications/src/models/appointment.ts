import { Schema, type Connection } from 'mongoose';
import { APPOINTMENT_STATUSES, sideSchema, type AppointmentFacts } from '@bb/contracts';

/**
 * This service's copy of an appointment: the latest facts booking published (by revision). No
 * manage token: mails derive the link from the id when they are sent (copies stored before
 * held one, removed at start by forgetStoredManageTokens).
 */
export interface AppointmentDoc extends Omit<AppointmentFacts, 'appointmentId'> {
  _id: string;
}

const appointmentSchema = new Schema<AppointmentDoc>(
  {
    _id: String,
    revision: { type: Number, required: true },
    firstName: { type: String, default: '' },
    lastName: { type: String, default: '' },
    email: { type: String, default: '' },
    contact: { type: String, default: '' },
    offeringType: { type: String, enum: sideSchema.options, required: true },
    items: { type: [{ _id: false, id: String, name: String }], default: [] },
    preferredDate: { type: String, required: true },
    preferredTime: { type: String, required: true },
    startTime: { type: String, required: true },
    endTime: { type: String, required: true },
    status: { type: String, enum: APPOINTMENT_STATUSES, required: true },
  },
  { versionKey: false },
);

export const appointmentModel = (conn: Connection) => conn.model<AppointmentDoc>('Appointment', appointmentSchema, 'appointments');
