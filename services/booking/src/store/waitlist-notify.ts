import type { Side } from '@bb/contracts';
import { DAY_MS, PeriodicTask, type Logger, type OutboxRelay } from '@bb/service-kit';
import { checkSlot, planDay } from '../domain/slots';
import { slotOpened } from '../events/waitlist';
import type { BookingModels } from '../models';
import { SIGN_UP_ORDER, WAITLIST_KEEP_DAYS, type WaitlistEntryDoc } from '../models/waitlist-entry';
import { readDay } from './day-plan';
import type { ScheduleCopy } from './schedule-copy';

export interface WaitlistDeps {
  models: BookingModels;
  relay: OutboxRelay;
  schedule: ScheduleCopy;
  logger: Logger;
  now: () => Date;
}

/** Which waiting entries to look at: of one offering, of one of its days; everything still to come when left out. */
export interface WaitlistScope {
  offering?: Side;
  date?: string;
}

type SlotOf = Pick<WaitlistEntryDoc, 'offeringType' | 'preferredDate' | 'preferredTime'>;
const slotFilter = ({ offeringType, preferredDate, preferredTime }: SlotOf) => ({ offeringType, preferredDate, preferredTime });

/** The ids of a slot's entries in sign-up order: an entry's position is its place here, from 1. */
async function signUpOrder(models: BookingModels, slot: SlotOf): Promise<string[]> {
  const docs = await models.WaitlistEntry.find(slotFilter(slot), { _id: 1 }).sort(SIGN_UP_ORDER).lean();
  return docs.map((doc) => String(doc._id));
}

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

/**
 * Marks every waiting entry of the slot notified, in sign-up order, each in one write guarded
 * by its status that also stores its event: two replicas checking at once notify each entry
 * once. Returns how many this call notified.
 */
async function notifySlot(deps: WaitlistDeps, waiting: WaitlistEntryDoc[], now: Date): Promise<number> {
  const { WaitlistEntry } = deps.models;
  const signUps = await signUpOrder(deps.models, waiting[0]);
  let notified = 0;
  for (const entry of waiting) {
    const event = slotOpened(entry, signUps.indexOf(String(entry._id)) + 1);
    const marked = await WaitlistEntry.updateOne(
      { _id: entry._id, status: 'waiting' },
      { $set: { status: 'notified', notifiedAt: now }, $push: { outbox: event } },
    );
    if (marked.modifiedCount !== 1) continue;
    deps.relay.publishDocument(WaitlistEntry, entry._id);
    notified += 1;
  }
  return notified;
}

/**
 * Notifies those waiting for slots that have room again. A slot counts as open when a booking
 * of one of its entries' length would get it now: the same day plan and check a booking
 * makes. Then all its waiting entries are mailed; the first to book wins.
 */
export async function notifyOpenedSlots(deps: WaitlistDeps, scope: WaitlistScope = {}): Promise<number> {
  const now = deps.now();
  const filter = {
    status: 'waiting' as const,
    ...(scope.offering ? { offeringType: scope.offering } : {}),
    ...(scope.date ? { preferredDate: scope.date } : {}),
    startTime: { $gt: now },
  };
  const waiting = await deps.models.WaitlistEntry.find(filter, { outbox: 0 }).sort(SIGN_UP_ORDER).lean<WaitlistEntryDoc[]>();
  let notified = 0;
  for (const entries of groupBy(waiting, (e) => `${e.offeringType}|${e.preferredDate}`).values()) {
    const { offeringType, preferredDate } = entries[0];
    const day = await readDay(deps.models, deps.schedule, offeringType, preferredDate, now);
    for (const [time, ofSlot] of groupBy(entries, (e) => e.preferredTime)) {
      const open = ofSlot.some(
        (e) => checkSlot(planDay({ ...day, durationMinutes: e.durationMinutes, now, resources: day.resourcesFor(e.treatments) }), time).ok,
      );
      if (open) notified += await notifySlot(deps, ofSlot, now);
    }
  }
  return notified;
}

/**
 * Tells waiting visitors when their slot frees up: right after places are given back or capacity
 * is saved, and on a periodic sweep, the net for a process that stopped in between. The
 * sweep also deletes entries a week past their slot where the database has no TTL index
 * (FerretDB).
 */
export class WaitlistNotifier {
  private readonly task: PeriodicTask;
  private expiresByIndex = false;

  constructor(
    private readonly deps: WaitlistDeps,
    intervalMs: number,
  ) {
    this.task = new PeriodicTask('waitlist sweep', () => this.sweep(), intervalMs, deps.logger);
  }

  /**
   * After places of the offering's day were given back. Never fails: the request that freed
   * them has done its part, and the sweep notifies what this could not.
   */
  async placesFreed(offering: Side, date: string): Promise<void> {
    await this.check({ offering, date });
  }

  /** After the offering's settings were saved: more capacity may open any of its slots. */
  async settingsSaved(offering: Side): Promise<void> {
    await this.check({ offering });
  }

  async start(): Promise<void> {
    const keep = WAITLIST_KEEP_DAYS * DAY_MS;
    this.expiresByIndex = await this.deps.models.WaitlistEntry.collection
      .createIndex({ startTime: 1 }, { expireAfterSeconds: keep / 1000, name: 'waitlist_expiry' })
      .then(() => true)
      .catch(() => false);
    this.task.start();
  }

  stop(): Promise<void> {
    return this.task.stop();
  }

  private async check(scope: WaitlistScope): Promise<void> {
    await notifyOpenedSlots(this.deps, scope).catch((err: unknown) =>
      this.deps.logger.warn({ err: (err as Error).message, ...scope }, 'waitlist check failed; the sweep retries'),
    );
  }

  private async sweep(): Promise<void> {
    const notified = await notifyOpenedSlots(this.deps);
    if (notified > 0) this.deps.logger.info({ notified }, 'waitlist sweep notified visitors of freed slots');
    if (!this.expiresByIndex)
      await this.deps.models.WaitlistEntry.deleteMany({ startTime: { $lt: new Date(this.deps.now().getTime() - WAITLIST_KEEP_DAYS * DAY_MS) } });
  }
}
