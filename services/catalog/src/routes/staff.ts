import type { Express } from 'express';
import { staffRoutes, type StaffMember } from '@bb/contracts';
import { bind, notFound } from '@bb/service-kit';
import { isObjectIdText } from '../domain/ids';
import { offeringFilter } from '../domain/offering';
import { byDisplayOrderThenName } from '../domain/ordering';
import type { Stored } from '../models';
import type { StaffDoc } from '../models/staff';
import { messageOf, type ContentDeps } from './context';
import { answerItem, answerList } from './reads';

const { list, read, create, update, remove } = staffRoutes;

export const presentStaff = (doc: Stored<StaffDoc>): StaffMember => ({
  id: String(doc._id),
  name: doc.name,
  position: doc.position,
  bio: doc.bio,
  imageUrl: doc.imageUrl ?? '',
  displayOrder: doc.displayOrder ?? 0,
  offeringType: doc.offeringType,
  createdAt: doc.createdAt.toISOString(),
  updatedAt: doc.updatedAt.toISOString(),
});

export function mountStaff(app: Express, { models, caches, lists }: ContentDeps): void {
  const NOT_FOUND = 'Staff member not found';

  bind(app, list, (input) =>
    answerList(input, caches.staff, input.query.offering ?? 'all', async () =>
      // A team is a few dozen people: sorted here, where names compare as people read them.
      (await models.Staff.find(offeringFilter(input.query.offering)).lean<Stored<StaffDoc>[]>()).map(presentStaff).sort(byDisplayOrderThenName),
    ),
  );

  bind(app, read, async (input) => {
    const doc = isObjectIdText(input.params.id) ? await models.Staff.findById(input.params.id).lean<Stored<StaffDoc>>() : null;
    if (!doc) throw notFound(NOT_FOUND);
    return answerItem(input, presentStaff(doc));
  });

  bind(app, create, async ({ body }) => {
    const doc = await models.Staff.create(body);
    lists.changed('staff');
    return presentStaff(doc.toObject());
  });

  bind(app, update, async ({ params, body }) => {
    const doc = isObjectIdText(params.id) ? await models.Staff.findByIdAndUpdate(params.id, { $set: body }, { returnDocument: 'after' }).lean<Stored<StaffDoc>>() : null;
    if (!doc) throw notFound(NOT_FOUND);
    lists.changed('staff');
    return presentStaff(doc);
  });

  bind(app, remove, async ({ params }) => {
    const deleted = isObjectIdText(params.id) && (await models.Staff.deleteOne({ _id: params.id })).deletedCount === 1;
    if (!deleted) throw notFound(NOT_FOUND);
    lists.changed('staff');
    return messageOf('Staff member');
  });
}
