import { isDuplicateKey } from '@bb/service-kit';
import { dueHourOf } from '../domain/due-hours';
import { recipientCountOf } from '../domain/recipient-limit';
import type { NotificationModels } from '../models';

/** A guarded write meets the first request of the hour being written by another replica at most this often before it reads again. */
const ATTEMPTS = 3;

/**
 * The limit of payment requests mailed to one address per hour (a visitor can book with any
 * address; the mails would go to whoever owns it). One guarded write per request on the
 * address's count of the hour, counting each appointment once, so replicas racing for the last
 * place let exactly the limit through and a redelivered request keeps its answer.
 */
export class RecipientLimit {
  constructor(
    private readonly models: NotificationModels,
    private readonly perHour: number,
  ) {}

  /** Whether the request of `appointmentId` may be mailed to `address`. */
  async admit(address: string, appointmentId: string, now: Date): Promise<boolean> {
    const { _id, key, hour } = recipientCountOf(address, now);
    const { MailCount } = this.models;
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      try {
        await MailCount.updateOne(
          { _id, n: { $lt: this.perHour }, appointmentIds: { $ne: appointmentId } },
          { $inc: { n: 1 }, $push: { appointmentIds: appointmentId }, $setOnInsert: { key, hour } },
          { upsert: true },
        );
        return true;
      } catch (err) {
        // The count exists and did not match: counted already, full, or just made by another request.
        if (!isDuplicateKey(err)) throw err;
      }
      const count = await MailCount.findById(_id, { n: 1, appointmentIds: 1 }).lean();
      if (count?.appointmentIds.includes(appointmentId)) return true;
      if (count && count.n >= this.perHour) return false;
    }
    return false;
  }

  /** Drops the counts of hours that are over. */
  async forgetPastHours(now: Date): Promise<number> {
    return (await this.models.MailCount.deleteMany({ hour: { $lt: dueHourOf(now) } })).deletedCount;
  }
}
