import { Schema, type Connection } from 'mongoose';
import type { Requirement } from '@bb/contracts';

/** What a treatment or package needs; `_id` is the bookable id. An item without one needs nothing. */
export interface RequirementDoc {
  _id: string;
  practitioner: boolean;
  /** Room and equipment ids, each needed once for the whole appointment. */
  rooms: string[];
}

const requirementSchema = new Schema<RequirementDoc>(
  {
    _id: String,
    practitioner: { type: Boolean, required: true },
    rooms: { type: [String], default: [] },
  },
  { versionKey: false },
);

export const requirementModel = (conn: Connection) => conn.model<RequirementDoc>('Requirement', requirementSchema, 'requirements');

export const toRequirement = ({ _id, practitioner, rooms }: RequirementDoc): Requirement => ({ bookableId: _id, practitioner, rooms: rooms ?? [] });
