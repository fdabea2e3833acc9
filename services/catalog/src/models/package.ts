import type { z } from 'zod';
import { Schema, type Connection } from 'mongoose';
import { OFFERINGS, type OfferingType, type Package, type packageCreateSchema } from '@bb/contracts';
import { outboxFields, outboxPendingFlag } from '@bb/service-kit';
import type { BookableDoc } from './bookable';
import type { EditableFields } from './versioned';
import type { Stored } from './stored';

/** A photography package (the studio's bookable item). */
export interface PackageDoc extends BookableDoc {
  description: string;
  duration: string;
  price: number;
  features: string[];
  imageUrl: string;
  offeringType: OfferingType;
}

const packageSchema = new Schema<PackageDoc>(
  {
    name: { type: String, required: true },
    description: { type: String, required: true },
    duration: { type: String, required: true },
    price: { type: Number, required: true },
    features: { type: [String], default: [] },
    imageUrl: { type: String, default: '' },
    defaultDuration: { type: Number, default: null },
    offeringType: { type: String, enum: OFFERINGS, required: true },
    version: { type: Number, required: true },
    ...outboxFields,
  },
  { timestamps: true, versionKey: false },
);
packageSchema.index({ offeringType: 1, createdAt: -1 });

packageSchema.plugin(outboxPendingFlag);

export const packageModel = (conn: Connection) => conn.model<PackageDoc>('Package', packageSchema, 'packages');

/** A package's editable fields, from a create's body or a stored document: what was left out is empty rather than missing. */
export const packageFields = (body: z.output<typeof packageCreateSchema> | PackageDoc): EditableFields<PackageDoc> => ({
  name: body.name,
  description: body.description,
  duration: body.duration,
  price: body.price,
  features: body.features ?? [],
  imageUrl: body.imageUrl ?? '',
  defaultDuration: body.defaultDuration ?? null,
  offeringType: body.offeringType,
});

export const toPackage = (doc: Stored<PackageDoc>): Package => ({
  id: String(doc._id),
  ...packageFields(doc),
  createdAt: doc.createdAt.toISOString(),
  updatedAt: doc.updatedAt.toISOString(),
});
