import type { EventData } from '@bb/contracts';
import { isDuplicateKey } from '@bb/service-kit';
import type { NotificationModels } from '../models';
import type { DepositClosure, DepositDoc } from '../models/deposit';

/** An upsert meets a record being made by another event of the appointment at most this often before it gives up (the event is retried). */
const ATTEMPTS = 3;

/**
 * The deposit records (models/deposit): each written by one upsert per event, guarded so an
 * erased record is never filled in again and the first reason a deposit closed stays. Events of
 * one appointment come on separate queues in any order; each write works on whatever the others
 * left.
 */
export class DepositStore {
  constructor(private readonly models: NotificationModels) {}

  /** Keeps the request's facts (the hold only ever moves later); the record as it stands after. `limited`: over the per-address limit. */
  noteRequest(data: EventData<'booking.deposit.requested'>, limited: boolean): Promise<DepositDoc> {
    const facts = {
      offeringType: data.offeringType,
      amount: data.amount,
      purpose: data.purpose,
      customerName: data.customerName,
      customerEmail: data.customerEmail,
      description: data.description,
      startTime: new Date(data.startTime),
      limited,
    };
    return this.upsert(data.appointmentId, { erased: { $ne: true } }, { $set: facts, $max: { holdExpiresAt: new Date(data.holdExpiresAt) } }, () => false);
  }

  /** Booking holds the places longer: the record's hold moves to `until` when that is later. */
  extendHold(appointmentId: string, until: Date): Promise<DepositDoc> {
    return this.upsert(appointmentId, {}, { $max: { holdExpiresAt: until } }, () => false);
  }

  /** Nothing is left to remind of: closed for `why`, unless it was closed before (the first reason stays). */
  close(appointmentId: string, why: DepositClosure): Promise<DepositDoc> {
    return this.upsert(appointmentId, { closedBy: null }, { $set: { closedBy: why } }, (doc) => doc.closedBy !== null);
  }

  read(appointmentId: string): Promise<DepositDoc | null> {
    return this.models.Deposit.findById(appointmentId).lean<DepositDoc>();
  }

  /**
   * One upsert guarded by `guard`. The insert it falls back to meets the existing record when
   * the guard did not match it: `done(record)` says whether that record already is what the
   * write wanted (closed, erased); otherwise another event made it just now, and the write is
   * tried again on it.
   */
  private async upsert(
    appointmentId: string,
    guard: Record<string, unknown>,
    update: Record<string, unknown>,
    done: (doc: DepositDoc) => boolean,
  ): Promise<DepositDoc> {
    const { Deposit } = this.models;
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      try {
        const written = await Deposit.findOneAndUpdate({ _id: appointmentId, ...guard }, update, { upsert: true, returnDocument: 'after' }).lean<DepositDoc>();
        if (written) return written;
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
      }
      const existing = await this.read(appointmentId);
      if (existing && (existing.erased || done(existing))) return existing;
    }
    throw new Error(`deposit of appointment ${appointmentId}: changed by other events meanwhile; trying again later`);
  }
}
