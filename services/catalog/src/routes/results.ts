import type { Express } from 'express';
import type { Types } from 'mongoose';
import { resultRoutes, type Result } from '@bb/contracts';
import { bind, invalid, notFound } from '@bb/service-kit';
import { isObjectIdText } from '../domain/ids';
import { offeringFilter } from '../domain/offering';
import type { CatalogModels, Stored } from '../models';
import type { ResultDoc } from '../models/result';
import { NEWEST_FIRST, messageOf, type ContentDeps } from './context';
import { answerItem, answerList } from './reads';

const { list, read, create, update, remove } = resultRoutes;

export const presentResult = (doc: Stored<ResultDoc>, names: Map<string, string>): Result => {
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

export function mountResults(app: Express, { models, caches, lists }: ContentDeps): void {
  const NOT_FOUND = 'Result not found';
  const withName = async (doc: Stored<ResultDoc>) => presentResult(doc, await treatmentNames(models, [doc.treatmentId]));

  bind(app, list, (input) =>
    answerList(input, caches.results, input.query.offering ?? 'all', async () => {
      const docs = await models.Result.find(offeringFilter(input.query.offering)).sort(NEWEST_FIRST).lean<Stored<ResultDoc>[]>();
      const names = await treatmentNames(models, docs.map((d) => d.treatmentId));
      return docs.map((d) => presentResult(d, names));
    }),
  );

  bind(app, read, async (input) => {
    const doc = isObjectIdText(input.params.id) ? await models.Result.findById(input.params.id).lean<Stored<ResultDoc>>() : null;
    if (!doc) throw notFound(NOT_FOUND);
    return answerItem(input, await withName(doc));
  });

  bind(app, create, async ({ body }) => {
    await checkTreatmentExists(models, body.treatmentId);
    const doc = await models.Result.create({ ...body, treatmentId: body.treatmentId ?? null });
    lists.changed('results');
    return withName(doc.toObject());
  });

  bind(app, update, async ({ params, body }) => {
    await checkTreatmentExists(models, body.treatmentId);
    const doc = isObjectIdText(params.id)
      ? await models.Result.findByIdAndUpdate(params.id, { $set: body }, { returnDocument: 'after' }).lean<Stored<ResultDoc>>()
      : null;
    if (!doc) throw notFound(NOT_FOUND);
    lists.changed('results');
    return withName(doc);
  });

  bind(app, remove, async ({ params }) => {
    const deleted = isObjectIdText(params.id) && (await models.Result.deleteOne({ _id: params.id })).deletedCount === 1;
    if (!deleted) throw notFound(NOT_FOUND);
    lists.changed('results');
    return messageOf('Result');
  });
}
