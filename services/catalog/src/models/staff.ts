import type { z } from 'zod';
import { Schema, type Connection } from 'mongoose';
import { OFFERINGS, type OfferingType, type StaffMember, type staffCreateSchema } from '@bb/contracts';
import { outboxFields, outboxPendingFlag } from '@bb/service-kit';
import type { Stored } from './stored';
import type { EditableFields, VersionedDoc } from './versioned';

/** A team member; booking keeps its practitioners by their catalog.staff.changed events. */
export interface StaffDoc extends VersionedDoc {
  name: string;
  position: string;
  bio: string;
  imageUrl: string;
  displayOrder: number;
  offeringType: OfferingType;
}

const staffSchema = new Schema<StaffDoc>(
  {
    name: { type: String, required: true },
    position: { type: String, required: true },
    bio: { type: String, required: true },
    imageUrl: { type: String, default: '' },
    displayOrder: { type: Number, default: 0 },
    offeringType: { type: String, enum: OFFERINGS, required: true },
    // Not required: staff stored before their changes were announced have none until their next change.
    version: { type: Number },
    ...outboxFields,
  },
  { timestamps: true, versionKey: false },
);
staffSchema.index({ offeringType: 1, displayOrder: 1, name: 1 });

staffSchema.plugin(outboxPendingFlag);

export const staffModel = (conn: Connection) => conn.model<StaffDoc>('Staff', staffSchema, 'staff');

/** A staff member's editable fields from a create's body or a stored document: what was left out is empty rather than missing. */
export const staffFields = (body: z.output<typeof staffCreateSchema> | StaffDoc): EditableFields<StaffDoc> => ({
  name: body.name,
  position: body.position,
  bio: body.bio,
  imageUrl: body.imageUrl ?? '',
  displayOrder: body.displayOrder ?? 0,
  offeringType: body.offeringType,
});

export const toStaffMember = (doc: Stored<StaffDoc>): StaffMember => ({
  id: String(doc._id),
  ...staffFields(doc),
  createdAt: doc.createdAt.toISOString(),
  updatedAt: doc.updatedAt.toISOString(),
});
