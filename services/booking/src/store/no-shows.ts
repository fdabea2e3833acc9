import { NO_SHOW_MONTHS } from '@bb/contracts';
import { monthsBefore } from '@bb/service-kit';
import { contactKeys, hashedContactKey } from '../domain/contact-keys';
import type { BookingModels } from '../models';

/** The keys a no-show is found by: its contact's mailbox and phone number (as the per-contact cap reads them), hashed. */
export const noShowKeysOf = (email: string, contact: string) => contactKeys(email, contact).map(hashedContactKey);

/**
 * The no-shows of a contact (its e-mail or its phone, at either offering) of the last 12 months:
 * one indexed count of the appointments staff marked so, each once however many keys match.
 */
export function countNoShows(models: Pick<BookingModels, 'Appointment'>, email: string, contact: string, now: Date): Promise<number> {
  return models.Appointment.countDocuments({
    noShowKeys: { $in: noShowKeysOf(email, contact) },
    startTime: { $gte: monthsBefore(now, NO_SHOW_MONTHS), $lte: now },
    deletedAt: null,
  });
}
