import { Schema, type Connection } from 'mongoose';
import { OFFERINGS, type OfferingType } from '@bb/contracts';
import { outboxFields, outboxPendingFlag } from '@bb/service-kit';
import type { BookableDoc } from './bookable';

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
