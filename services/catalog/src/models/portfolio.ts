import { Schema, type Connection } from 'mongoose';
import { OFFERINGS, type OfferingType } from '@bb/contracts';

export interface PortfolioDoc {
  title: string;
  description: string;
  category: string;
  imageUrl: string;
  offeringType: OfferingType;
  createdAt: Date;
  updatedAt: Date;
}

const portfolioSchema = new Schema<PortfolioDoc>(
  {
    title: { type: String, required: true },
    description: { type: String, default: '' },
    category: { type: String, required: true },
    imageUrl: { type: String, required: true },
    offeringType: { type: String, enum: OFFERINGS, required: true },
  },
  { timestamps: true, versionKey: false },
);
portfolioSchema.index({ offeringType: 1, createdAt: -1 });

export const portfolioModel = (conn: Connection) => conn.model<PortfolioDoc>('PortfolioItem', portfolioSchema, 'portfolio');
