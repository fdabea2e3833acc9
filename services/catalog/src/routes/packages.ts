import type { Express } from 'express';
import type { z } from 'zod';
import { packageCreateSchema, packageRoutes, type Package } from '@bb/contracts';
import { bind, notFound } from '@bb/service-kit';
import { isObjectIdText } from '../domain/ids';
import { offeringFilter } from '../domain/offering';
import type { Stored } from '../models';
import { BookableWrites, type EditableFields } from '../store/bookable-writes';
import type { PackageDoc } from '../models/package';
import { NEWEST_FIRST, messageOf, type ContentDeps } from './context';
import { answerItem, answerList } from './reads';

const { list, read, create, update, remove } = packageRoutes;

export const presentPackage = (doc: Stored<PackageDoc>): Package => ({
  id: String(doc._id),
  name: doc.name,
  description: doc.description,
  duration: doc.duration,
  price: doc.price,
  features: doc.features ?? [],
  imageUrl: doc.imageUrl ?? '',
  defaultDuration: doc.defaultDuration ?? null,
  offeringType: doc.offeringType,
  createdAt: doc.createdAt.toISOString(),
  updatedAt: doc.updatedAt.toISOString(),
});

/** A new package's stored fields: what was left out is empty rather than missing. */
export const packageFields = (body: z.output<typeof packageCreateSchema>): EditableFields<PackageDoc> => ({
  name: body.name,
  description: body.description,
  duration: body.duration,
  price: body.price,
  features: body.features ?? [],
  imageUrl: body.imageUrl ?? '',
  defaultDuration: body.defaultDuration ?? null,
  offeringType: body.offeringType,
});

export function mountPackages(app: Express, { models, caches, lists, relay }: ContentDeps): void {
  const writes = new BookableWrites(models.Package, 'package');
  // The change's event leaves at once, looked up by id.
  const changed = (id: unknown) => {
    lists.changed('packages');
    relay.publishDocument(models.Package, id);
  };
  const NOT_FOUND = 'Package not found';

  bind(app, list, (input) =>
    answerList(input, caches.packages, input.query.offering ?? 'all', async () =>
      (await models.Package.find({ ...offeringFilter(input.query.offering), deletedAt: null }).sort(NEWEST_FIRST).lean<Stored<PackageDoc>[]>()).map(presentPackage),
    ),
  );

  bind(app, read, async (input) => {
    const doc = isObjectIdText(input.params.id) ? await models.Package.findOne({ _id: input.params.id, deletedAt: null }).lean<Stored<PackageDoc>>() : null;
    if (!doc) throw notFound(NOT_FOUND);
    return answerItem(input, presentPackage(doc));
  });

  bind(app, create, async ({ body, requestId }) => {
    const doc = await writes.create(packageFields(body), requestId);
    changed(doc._id);
    return presentPackage(doc);
  });

  bind(app, update, async ({ params, body, requestId }) => {
    const doc = await writes.update(params.id, body, requestId);
    if (!doc) throw notFound(NOT_FOUND);
    changed(doc._id);
    return presentPackage(doc);
  });

  bind(app, remove, async ({ params, requestId }) => {
    if (!(await writes.delete(params.id, requestId))) throw notFound(NOT_FOUND);
    changed(params.id);
    return messageOf('Package');
  });
}
