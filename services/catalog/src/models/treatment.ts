import type { z } from 'zod';
import { Schema, type Connection } from 'mongoose';
import { OFFERINGS, type OfferingType, type Treatment, type treatmentCreateSchema } from '@bb/contracts';
import { outboxFields, outboxPendingFlag } from '@bb/service-kit';
import type { BookableDoc } from './bookable';
import type { EditableFields } from './versioned';
import type { Stored } from './stored';

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

/** A treatment's editable fields, from a create's body or a stored document: what was left out is empty rather than missing. */
export const treatmentFields = (body: z.output<typeof treatmentCreateSchema> | TreatmentDoc): EditableFields<TreatmentDoc> => ({
  name: body.name,
  description: body.description,
  duration: body.duration,
  price: body.price,
  imageUrl: body.imageUrl ?? '',
  whatToExpect: body.whatToExpect ?? [],
  defaultDuration: body.defaultDuration ?? null,
  offeringType: body.offeringType,
});

export const toTreatment = (doc: Stored<TreatmentDoc>): Treatment => ({
  id: String(doc._id),
  ...treatmentFields(doc),
  createdAt: doc.createdAt.toISOString(),
  updatedAt: doc.updatedAt.toISOString(),
});
