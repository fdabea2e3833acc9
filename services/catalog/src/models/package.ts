import type { z } from 'zod';
import { Schema, type Connection } from 'mongoose';
import { OFFERINGS, type OfferingType, type Package, type packageCreateSchema } from '@bb/contracts';
import { outboxFields, outboxPendingFlag } from '@bb/service-kit';
import type { BookableDoc, EditableFields } from './bookable';
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

export const toPackage = (doc: Stored<PackageDoc>): Package => ({
  id: String(doc._id),
  name: doc.name,
  description: doc.description,
  duration: doc.duration,
  price: doc.price,
  features: doc.features ?? [],
  imageUrl: doc.imageUrl ?? '',
  defaultDuration: doc.defaultDuration ?? null,
  offeringType: doc.offeringType,
  createdAt: doc.createdAt.toISOString(),
  updatedAt: doc.updatedAt.toISOString(),
});

/** A new package's stored fields: what was left out is empty rather than missing. */
export const packageFields = (body: z.output<typeof packageCreateSchema>): EditableFields<PackageDoc> => ({
  name: body.name,
  description: body.description,
  duration: body.duration,
  price: body.price,
  features: body.features ?? [],
  imageUrl: body.imageUrl ?? '',
  defaultDuration: body.defaultDuration ?? null,
  offeringType: body.offeringType,
});
