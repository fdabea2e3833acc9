import type { AppointmentFacts } from '@bb/contracts';
import { isDuplicateKey } from '@bb/service-kit';
import type { NotificationModels } from '../models';

/**
 * What an event meant for the copy: `applied` (newer than what was held), `same` (this
 * revision was applied before: a redelivery, whose mails exist or are made again with the same
 * ids), `stale` (an older revision arriving late: its mails would tell an outdated story).
 */
export interface Applied {
  outcome: 'applied' | 'same' | 'stale';
  /** The manage token the copy holds after the event. */
  manageToken: string | null;
}

/** This service's copy of each appointment, kept to the latest revision booking published. */
export class AppointmentStore {
  constructor(private readonly models: NotificationModels) {}

  /**
   * Applies an event's facts when they are newer than the copy's, in one conditional upsert.
   * The manage token (only `created` has it) is kept whatever the order of arrival.
   */
  async apply(facts: AppointmentFacts, manageToken?: string): Promise<Applied> {
    const { Appointment } = this.models;
    const { appointmentId, ...fields } = facts;
    try {
      const doc = await Appointment.findOneAndUpdate(
        { _id: appointmentId, revision: { $lt: facts.revision } },
        { $set: { ...fields, ...(manageToken ? { manageToken } : {}) } },
        { upsert: true, returnDocument: 'after' },
      ).lean();
      return { outcome: 'applied', manageToken: doc?.manageToken ?? null };
    } catch (err) {
      // The copy exists at this revision or a newer one: the upsert's insert met its _id.
      if (!isDuplicateKey(err)) throw err;
    }
    if (manageToken) await Appointment.updateOne({ _id: appointmentId, manageToken: null }, { $set: { manageToken } });
    const held = await Appointment.findById(appointmentId, { revision: 1, manageToken: 1 }).lean();
    return { outcome: held?.revision === facts.revision ? 'same' : 'stale', manageToken: held?.manageToken ?? null };
  }

  /** The revision the copy holds, or null when it has none. */
  async revisionOf(appointmentId: string): Promise<number | null> {
    const held = await this.models.Appointment.findById(appointmentId, { revision: 1 }).lean();
    return held?.revision ?? null;
  }
}
