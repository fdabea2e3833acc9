import { Schema, type Connection } from 'mongoose';
import type { Side } from '@bb/contracts';

/** Saved office hours of one weekday of one offering; `_id` is `<offering>:<dayOfWeek>`. */
export interface OfficeHoursDoc {
  _id: string;
  offeringType: Side;
  dayOfWeek: number;
  startTime: string;
  endTime: string;
  isActive: boolean;
}

const officeHoursSchema = new Schema<OfficeHoursDoc>(
  {
    _id: String,
    offeringType: { type: String, required: true },
    dayOfWeek: { type: Number, required: true },
    startTime: { type: String, required: true },
    endTime: { type: String, required: true },
    isActive: { type: Boolean, required: true },
  },
  { versionKey: false },
);

export const officeHoursId = (offering: Side, dayOfWeek: number) => `${offering}:${dayOfWeek}`;

export const officeHoursModel = (conn: Connection) => conn.model<OfficeHoursDoc>('OfficeHours', officeHoursSchema, 'office_hours');
