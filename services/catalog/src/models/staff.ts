import { Schema, type Connection } from 'mongoose';
import { OFFERINGS, type OfferingType, type StaffMember } from '@bb/contracts';
import type { Stored } from './stored';

export interface StaffDoc {
  name: string;
  position: string;
  bio: string;
  imageUrl: string;
  displayOrder: number;
  offeringType: OfferingType;
  createdAt: Date;
  updatedAt: Date;
}

const staffSchema = new Schema<StaffDoc>(
  {
    name: { type: String, required: true },
    position: { type: String, required: true },
    bio: { type: String, required: true },
    imageUrl: { type: String, default: '' },
    displayOrder: { type: Number, default: 0 },
    offeringType: { type: String, enum: OFFERINGS, required: true },
  },
  { timestamps: true, versionKey: false },
);
staffSchema.index({ offeringType: 1, displayOrder: 1, name: 1 });

export const staffModel = (conn: Connection) => conn.model<StaffDoc>('Staff', staffSchema, 'staff');

export const toStaffMember = (doc: Stored<StaffDoc>): StaffMember => ({
  id: String(doc._id),
  name: doc.name,
  position: doc.position,
  bio: doc.bio,
  imageUrl: doc.imageUrl ?? '',
  displayOrder: doc.displayOrder ?? 0,
  offeringType: doc.offeringType,
  createdAt: doc.createdAt.toISOString(),
  updatedAt: doc.updatedAt.toISOString(),
});
