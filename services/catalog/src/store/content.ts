import type { Types } from 'mongoose';
import type { newsCreateSchema, newsUpdateSchema } from '@bb/contracts';
import { invalid } from '@bb/service-kit';
import type { z } from 'zod';
import { isObjectIdText } from '../domain/ids';
import { bookableChanged } from '../events/bookable-changed';
import { staffChanged } from '../events/staff-changed';
import { byDisplayOrderThenName } from '../domain/ordering';
import type { CatalogDeps } from '../deps';
import type { CatalogModels } from '../models';
import { toNewsArticle } from '../models/news';
import { packageFields, toPackage } from '../models/package';
import { toPortfolioItem } from '../models/portfolio';
import { toResult } from '../models/result';
import { staffFields, toStaffMember } from '../models/staff';
import { toTreatment, treatmentFields } from '../models/treatment';
import { documentStore, NEWEST_FIRST, versionedStore } from './content-store';

const NEWEST_PUBLISHED_FIRST = { publishedAt: -1, _id: -1 } as const;

/** Names of the live treatments among these ids, for the gallery's captions. */
async function treatmentNames(models: CatalogModels, ids: (Types.ObjectId | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id) => id !== null).map(String))];
  if (wanted.length === 0) return new Map();
  const found = await models.Treatment.find({ _id: { $in: wanted }, deletedAt: null }, { name: 1 }).lean();
  return new Map(found.map((t) => [String(t._id), t.name]));
}

/** A result may only point at a treatment that exists; a later deletion leaves it nameless. */
async function checkTreatmentExists(models: CatalogModels, treatmentId: string | null | undefined): Promise<void> {
  if (!treatmentId) return;
  if (isObjectIdText(treatmentId) && (await models.Treatment.exists({ _id: treatmentId, deletedAt: null }))) return;
  const message = 'treatmentId does not match any treatment';
  throw invalid(message, [{ path: 'treatmentId', message }]);
}

export const treatmentStore = ({ models, relay }: Pick<CatalogDeps, 'models' | 'relay'>) =>
  versionedStore(models.Treatment, bookableChanged('treatment'), relay, { toItem: toTreatment, toFields: treatmentFields });

export const packageStore = ({ models, relay }: Pick<CatalogDeps, 'models' | 'relay'>) =>
  versionedStore(models.Package, bookableChanged('package'), relay, { toItem: toPackage, toFields: packageFields });

export const resultStore = ({ models }: Pick<CatalogDeps, 'models'>) =>
  documentStore(models.Result, {
    toItems: async (docs) => {
      const names = await treatmentNames(
        models,
        docs.map((d) => d.treatmentId),
      );
      return docs.map((d) => toResult(d, names));
    },
    sort: NEWEST_FIRST,
    toDocument: (body: { treatmentId?: string | null }) => ({ ...body, treatmentId: body.treatmentId ?? null }),
    check: (body: { treatmentId?: string | null }) => checkTreatmentExists(models, body.treatmentId),
  });

/** An article sent without a date is published now. */
export const newsStore = ({ models }: Pick<CatalogDeps, 'models'>) =>
  documentStore(models.News, {
    toItems: (docs) => docs.map(toNewsArticle),
    sort: NEWEST_PUBLISHED_FIRST,
    toDocument: (body: z.output<typeof newsCreateSchema>) => ({ ...body, publishedAt: body.publishedAt ? new Date(body.publishedAt) : new Date() }),
    toChanges: (changes: z.output<typeof newsUpdateSchema>) => ({ ...changes, ...(changes.publishedAt ? { publishedAt: new Date(changes.publishedAt) } : {}) }),
  });

// A team is a few dozen people: sorted here, where names compare as people read them.
// Booking keeps its practitioners by the staff's events.
export const staffStore = ({ models, relay }: Pick<CatalogDeps, 'models' | 'relay'>) =>
  versionedStore(models.Staff, staffChanged, relay, { toItem: toStaffMember, toFields: staffFields, order: byDisplayOrderThenName });

export const portfolioStore = ({ models }: Pick<CatalogDeps, 'models'>) =>
  documentStore(models.Portfolio, { toItems: (docs) => docs.map(toPortfolioItem), sort: NEWEST_FIRST });
