import { appointmentFacts, type AppointmentFacts, type AppointmentStatus } from '@bb/contracts';
import { isDuplicateKey } from '@bb/service-kit';
import type { NotificationModels } from '../models';

/**
 * What an event meant for the copy: `applied` (newer than what was held), `same` (this
 * revision was applied before: a redelivery, whose mails exist or are made again with the same
 * ids), `stale` (an older revision arriving late: its mails would tell an outdated story).
 */
export type Applied = 'applied' | 'same' | 'stale';

/** Where the copy of an appointment stands. */
export interface Held {
  revision: number;
  status: AppointmentStatus;
}

/** This service's copy of each appointment, kept to the latest revision booking published. */
export class AppointmentStore {
  constructor(private readonly models: NotificationModels) {}

  /** Applies an event's facts when they are newer than the copy's, in one conditional upsert. */
  async apply(facts: AppointmentFacts): Promise<Applied> {
    const { Appointment } = this.models;
    const { appointmentId, ...fields } = facts;
    try {
      await Appointment.updateOne({ _id: appointmentId, revision: { $lt: facts.revision } }, { $set: fields }, { upsert: true });
      return 'applied';
    } catch (err) {
      // The copy exists at this revision or a newer one: the upsert's insert met its _id.
      if (!isDuplicateKey(err)) throw err;
    }
    return (await this.revisionOf(appointmentId)) === facts.revision ? 'same' : 'stale';
  }

  /** The revision and status the copy holds, or null when it has none. */
  async heldOf(appointmentId: string): Promise<Held | null> {
    return this.models.Appointment.findById(appointmentId, { _id: 0, revision: 1, status: 1 }).lean();
  }

  /** The facts the copy holds, or null when it has none. */
  async factsOf(appointmentId: string): Promise<AppointmentFacts | null> {
    const copy = await this.models.Appointment.findById(appointmentId).lean();
    return copy ? appointmentFacts.parse({ ...copy, appointmentId }) : null;
  }

  /** The revision the copy holds, or null when it has none. */
  async revisionOf(appointmentId: string): Promise<number | null> {
    return (await this.heldOf(appointmentId))?.revision ?? null;
  }
}
