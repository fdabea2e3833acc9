import { Schema, type Connection } from 'mongoose';
import { OFFERINGS, type OfferingType } from '@bb/contracts';
import { outboxFields, outboxPendingFlag } from '@bb/service-kit';
import type { BookableDoc } from './bookable';

export interface TreatmentDoc extends BookableDoc {
  description: string;
  duration: string;
  price: string;
  imageUrl: string;
  whatToExpect: string[];
  offeringType: OfferingType;
}

const treatmentSchema = new Schema<TreatmentDoc>(
  {
    name: { type: String, required: true },
    description: { type: String, required: true },
    duration: { type: String, required: true },
    price: { type: String, required: true },
    imageUrl: { type: String, default: '' },
    whatToExpect: { type: [String], default: [] },
    defaultDuration: { type: Number, default: null },
    offeringType: { type: String, enum: OFFERINGS, required: true },
    version: { type: Number, required: true },
    ...outboxFields,
  },
  { timestamps: true, versionKey: false },
);
treatmentSchema.index({ offeringType: 1, createdAt: -1 });

treatmentSchema.plugin(outboxPendingFlag);

export const treatmentModel = (conn: Connection) => conn.model<TreatmentDoc>('Treatment', treatmentSchema, 'treatments');
