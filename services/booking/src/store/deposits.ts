import {
  DEFAULT_DEPOSIT_SETTINGS,
  DEPOSIT_MESSAGES,
  type DepositPolicy,
  type DepositPolicyEntry,
  type DepositSettings,
  type DepositSettingsUpdate,
  type Side,
} from '@bb/contracts';
import { auditEventBy, invalid, notFound, settingChanges, type AuditBy, type OutboxRelay } from '@bb/service-kit';
import type { BookingModels } from '../models';
import type { BookableDoc } from '../models/bookable';
import { toDepositPolicy, type DepositPolicyDoc } from '../models/deposit-policy';
import type { Saved } from './resources';
import type { ScheduleCopy } from './schedule-copy';

// Deposit policies of treatments and packages, and deposit settings of offerings: written here
// with their audit entry in the same write, held by every replica's ScheduleCopy.

const entryOf = (item: BookableDoc, policy: DepositPolicy): DepositPolicyEntry => ({
  itemId: item._id,
  kind: item.kind,
  name: item.name,
  offeringType: item.offeringType,
  priceCentavos: item.priceCentavos ?? null,
  policy,
});

/** A policy in the audit trail's words: `fixed 50000`, `percent 30`, `full`, `none`. */
const described = (policy: DepositPolicy) =>
  policy.kind === 'fixed' ? `fixed ${policy.amount}` : policy.kind === 'percent' ? `percent ${policy.percent}` : policy.kind;

/** Every treatment and package booking knows (not deleted), by name, with its price and policy. */
export async function listDepositPolicies(models: BookingModels): Promise<DepositPolicyEntry[]> {
  const [items, policies] = await Promise.all([
    models.Bookable.find({ deleted: false }).lean<BookableDoc[]>(),
    models.DepositPolicy.find({}, { outbox: 0 }).lean<DepositPolicyDoc[]>(),
  ]);
  const byItem = new Map(policies.map((p) => [p._id, p]));
  return items
    .map((item) => entryOf(item, toDepositPolicy(byItem.get(item._id))))
    .sort((a, b) => a.name.localeCompare(b.name) || a.itemId.localeCompare(b.itemId));
}

/**
 * Replaces an item's policy, with its audit entry in the same write. A share of the price or the
 * whole price needs the item to have one price now (400 naming it).
 */
export async function saveDepositPolicy(
  { models, relay }: { models: BookingModels; relay: OutboxRelay },
  itemId: string,
  policy: DepositPolicy,
  by: AuditBy,
): Promise<Saved<DepositPolicyEntry>> {
  const item = await models.Bookable.findOne({ _id: itemId, deleted: false }).lean<BookableDoc>();
  if (!item) throw notFound(DEPOSIT_MESSAGES.unknownItem);
  if ((policy.kind === 'percent' || policy.kind === 'full') && (item.priceCentavos ?? null) === null) {
    const message = DEPOSIT_MESSAGES.noPrice(item.name);
    throw invalid(message, [{ path: 'kind', message }]);
  }
  const before = toDepositPolicy(await models.DepositPolicy.findById(itemId, { outbox: 0 }).lean<DepositPolicyDoc>());
  const audit = auditEventBy('booking', by, {
    action: 'setting-changed',
    subject: `deposit ${item.name}`.slice(0, 200),
    ...settingChanges({ policy: described(before) }, { policy: described(policy) }),
  });
  const fields = {
    kind: policy.kind,
    ...(policy.kind === 'fixed' ? { amount: policy.amount } : {}),
    ...(policy.kind === 'percent' ? { percent: policy.percent } : {}),
  };
  const unset = { ...(policy.kind === 'fixed' ? {} : { amount: '' }), ...(policy.kind === 'percent' ? {} : { percent: '' }) };
  await models.DepositPolicy.updateOne({ _id: itemId }, { $set: fields, $unset: unset, $push: { outbox: audit } }, { upsert: true });
  relay.publishDocument(models.DepositPolicy, itemId);
  return { saved: entryOf(item, policy), offering: item.offeringType };
}

export const depositSettingsOf = (schedule: ScheduleCopy, offering: Side): DepositSettings => ({
  offeringType: offering,
  ...schedule.depositSettings(offering),
});

/** Any fields may come; those left out keep their value (their default on first save), in one write with its audit entry. */
export async function saveDepositSettings(
  { models, relay }: { models: BookingModels; relay: OutboxRelay },
  offering: Side,
  body: DepositSettingsUpdate,
  by: AuditBy,
): Promise<void> {
  const fields = Object.keys(DEFAULT_DEPOSIT_SETTINGS) as (keyof typeof DEFAULT_DEPOSIT_SETTINGS)[];
  const given = Object.fromEntries(fields.flatMap((field) => (body[field] !== undefined ? [[field, body[field]]] : [])));
  const missing = Object.fromEntries(fields.flatMap((field) => (body[field] === undefined ? [[field, DEFAULT_DEPOSIT_SETTINGS[field]]] : [])));
  const stored = await models.DepositSettings.findById(offering, { outbox: 0 }).lean();
  const before = Object.fromEntries(fields.map((field) => [field, stored?.[field] ?? DEFAULT_DEPOSIT_SETTINGS[field]]));
  const audit = auditEventBy('booking', by, { action: 'setting-changed', subject: `deposit settings ${offering}`, ...settingChanges(before, given) });
  await models.DepositSettings.updateOne({ _id: offering }, { $set: given, $setOnInsert: missing, $push: { outbox: audit } }, { upsert: true });
  relay.publishDocument(models.DepositSettings, offering);
}
