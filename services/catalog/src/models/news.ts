import { Schema, type Connection } from 'mongoose';
import { OFFERINGS, type NewsArticle, type OfferingType } from '@bb/contracts';
import type { Stored } from './stored';

export interface NewsDoc {
  title: string;
  excerpt: string;
  content: string;
  imageUrl: string;
  publishedAt: Date;
  category: string;
  offeringType: OfferingType;
  createdAt: Date;
  updatedAt: Date;
}

const newsSchema = new Schema<NewsDoc>(
  {
    title: { type: String, required: true },
    excerpt: { type: String, required: true },
    content: { type: String, required: true },
    imageUrl: { type: String, default: '' },
    publishedAt: { type: Date, required: true },
    category: { type: String, default: '' },
    offeringType: { type: String, enum: OFFERINGS, required: true },
  },
  { timestamps: true, versionKey: false },
);
newsSchema.index({ offeringType: 1, publishedAt: -1 });

export const newsModel = (conn: Connection) => conn.model<NewsDoc>('News', newsSchema, 'news');

export const toNewsArticle = (doc: Stored<NewsDoc>): NewsArticle => ({
  id: String(doc._id),
  title: doc.title,
  excerpt: doc.excerpt,
  content: doc.content,
  imageUrl: doc.imageUrl ?? '',
  publishedAt: doc.publishedAt.toISOString(),
  category: doc.category ?? '',
  offeringType: doc.offeringType,
  createdAt: doc.createdAt.toISOString(),
  updatedAt: doc.updatedAt.toISOString(),
});
