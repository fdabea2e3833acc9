import { Schema, type Connection, type Types } from 'mongoose';
import { OFFERINGS, type OfferingType, type Result } from '@bb/contracts';
import type { Stored } from './stored';

/** A before/after result, optionally tied to the treatment that produced it. */
export interface ResultDoc {
  treatmentId: Types.ObjectId | null;
  beforeImageUrl: string;
  afterImageUrl: string;
  description: string;
  category: string;
  offeringType: OfferingType;
  createdAt: Date;
  updatedAt: Date;
}

const resultSchema = new Schema<ResultDoc>(
  {
    treatmentId: { type: Schema.Types.ObjectId, default: null },
    beforeImageUrl: { type: String, default: '' },
    afterImageUrl: { type: String, default: '' },
    description: { type: String, required: true },
    category: { type: String, default: '' },
    offeringType: { type: String, enum: OFFERINGS, required: true },
  },
  { timestamps: true, versionKey: false },
);
resultSchema.index({ offeringType: 1, createdAt: -1 });

export const resultModel = (conn: Connection) => conn.model<ResultDoc>('Result', resultSchema, 'results');

/** `names`: the live treatments' names by id, for the gallery's captions. */
export const toResult = (doc: Stored<ResultDoc>, names: Map<string, string>): Result => {
  const treatmentId = doc.treatmentId ? String(doc.treatmentId) : null;
  return {
    id: String(doc._id),
    treatmentId,
    treatmentName: (treatmentId && names.get(treatmentId)) || null,
    beforeImageUrl: doc.beforeImageUrl ?? '',
    afterImageUrl: doc.afterImageUrl ?? '',
    description: doc.description,
    category: doc.category ?? '',
    offeringType: doc.offeringType,
    createdAt: doc.createdAt.toISOString(),
    updatedAt: doc.updatedAt.toISOString(),
  };
};
