import { Schema, type Connection } from 'mongoose';
import type { Leave, OfferingType, Practitioner, WorkingHours } from '@bb/contracts';

/**
 * A staff member as booking keeps them; `_id` is the catalog's staff id. Name, picture, side,
 * deleted and version come from catalog.staff.changed; the rest is booking's own, edited by
 * staff here and never touched by the event.
 */
export interface PractitionerDoc {
  _id: string;
  name: string;
  imageUrl: string;
  offeringType: OfferingType;
  deleted: boolean;
  /** The catalog's version of the staff member; a change older than this one is ignored. */
  version: number;
  /** Ids of the treatments and packages they perform. */
  skills: string[];
  /** Seven weekdays, Sunday first (index = weekday). */
  hours: WorkingHours[];
  leave: Leave[];
  email: string | null;
  bookable: boolean;
}

/** The fields booking owns, as a practitioner first heard of has them: works no day, takes no bookings. */
export const newPractitionerFields = (): Pick<PractitionerDoc, 'skills' | 'hours' | 'leave' | 'bookable'> => ({
  skills: [],
  hours: Array.from({ length: 7 }, (_, weekday) => ({ weekday, isActive: false, startTime: '09:00', endTime: '17:00' })),
  leave: [],
  bookable: false,
});

const practitionerSchema = new Schema<PractitionerDoc>(
  {
    _id: String,
    name: { type: String, required: true },
    imageUrl: { type: String, default: '' },
    offeringType: { type: String, required: true },
    deleted: { type: Boolean, default: false },
    version: { type: Number, required: true },
    skills: { type: [String], default: [] },
    hours: {
      type: [{ _id: false, weekday: Number, isActive: Boolean, startTime: String, endTime: String }],
      default: () => newPractitionerFields().hours,
    },
    leave: { type: [{ _id: false, from: String, to: String, note: String }], default: [] },
    email: { type: String, default: null },
    bookable: { type: Boolean, default: false },
  },
  { versionKey: false },
);

export const practitionerModel = (conn: Connection) => conn.model<PractitionerDoc>('Practitioner', practitionerSchema, 'practitioners');

/** FerretDB v1 drops null fields of an upsert's `$setOnInsert`: a missing address reads as none. */
export const toPractitioner = (doc: PractitionerDoc): Practitioner => ({
  id: doc._id,
  name: doc.name,
  imageUrl: doc.imageUrl ?? '',
  offeringType: doc.offeringType,
  skills: doc.skills ?? [],
  hours: (doc.hours ?? newPractitionerFields().hours).map(({ weekday, isActive, startTime, endTime }) => ({ weekday, isActive, startTime, endTime })),
  leave: (doc.leave ?? []).map(({ from, to, note }) => ({ from, to, note })),
  email: doc.email ?? null,
  bookable: doc.bookable ?? false,
});
