import type { Express } from 'express';
import type { z } from 'zod';
import { treatmentCreateSchema, treatmentRoutes, type Treatment } from '@bb/contracts';
import { bind, notFound } from '@bb/service-kit';
import { isObjectIdText } from '../domain/ids';
import { offeringFilter } from '../domain/offering';
import type { Stored } from '../models';
import { BookableWrites, type EditableFields } from '../store/bookable-writes';
import type { TreatmentDoc } from '../models/treatment';
import { NEWEST_FIRST, messageOf, type ContentDeps } from './context';
import { answerItem, answerList } from './reads';

const { list, read, create, update, remove } = treatmentRoutes;

export const presentTreatment = (doc: Stored<TreatmentDoc>): Treatment => ({
  id: String(doc._id),
  name: doc.name,
  description: doc.description,
  duration: doc.duration,
  price: doc.price,
  imageUrl: doc.imageUrl ?? '',
  whatToExpect: doc.whatToExpect ?? [],
  defaultDuration: doc.defaultDuration ?? null,
  offeringType: doc.offeringType,
  createdAt: doc.createdAt.toISOString(),
  updatedAt: doc.updatedAt.toISOString(),
});

/** A new treatment's stored fields: what was left out is empty rather than missing. */
export const treatmentFields = (body: z.output<typeof treatmentCreateSchema>): EditableFields<TreatmentDoc> => ({
  name: body.name,
  description: body.description,
  duration: body.duration,
  price: body.price,
  imageUrl: body.imageUrl ?? '',
  whatToExpect: body.whatToExpect ?? [],
  defaultDuration: body.defaultDuration ?? null,
  offeringType: body.offeringType,
});

export function mountTreatments(app: Express, { models, caches, lists, relay }: ContentDeps): void {
  const writes = new BookableWrites(models.Treatment, 'treatment');
  // Results show their treatment's name, so their lists go stale with it. The change's
  // event leaves at once, looked up by id.
  const changed = (id: unknown) => {
    lists.changed('treatments', 'results');
    relay.publishDocument(models.Treatment, id);
  };
  const NOT_FOUND = 'Treatment not found';

  bind(app, list, (input) =>
    answerList(input, caches.treatments, input.query.offering ?? 'all', async () =>
      (await models.Treatment.find({ ...offeringFilter(input.query.offering), deletedAt: null }).sort(NEWEST_FIRST).lean<Stored<TreatmentDoc>[]>()).map(presentTreatment),
    ),
  );

  bind(app, read, async (input) => {
    const doc = isObjectIdText(input.params.id) ? await models.Treatment.findOne({ _id: input.params.id, deletedAt: null }).lean<Stored<TreatmentDoc>>() : null;
    if (!doc) throw notFound(NOT_FOUND);
    return answerItem(input, presentTreatment(doc));
  });

  bind(app, create, async ({ body, requestId }) => {
    const doc = await writes.create(treatmentFields(body), requestId);
    changed(doc._id);
    return presentTreatment(doc);
  });

  bind(app, update, async ({ params, body, requestId }) => {
    const doc = await writes.update(params.id, body, requestId);
    if (!doc) throw notFound(NOT_FOUND);
    changed(doc._id);
    return presentTreatment(doc);
  });

  bind(app, remove, async ({ params, requestId }) => {
    if (!(await writes.delete(params.id, requestId))) throw notFound(NOT_FOUND);
    changed(params.id);
    return messageOf('Treatment');
  });
}
