import { Schema, type Connection } from 'mongoose';
import { OFFERINGS, type OfferingType, type PortfolioItem } from '@bb/contracts';
import type { Stored } from './stored';

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

export const toPortfolioItem = (doc: Stored<PortfolioDoc>): PortfolioItem => ({
  id: String(doc._id),
  title: doc.title,
  description: doc.description ?? '',
  category: doc.category,
  imageUrl: doc.imageUrl,
  offeringType: doc.offeringType,
  createdAt: doc.createdAt.toISOString(),
  updatedAt: doc.updatedAt.toISOString(),
});
