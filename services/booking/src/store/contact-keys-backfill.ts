import { contactKeys } from '../domain/contact-keys';
import type { BookingModels } from '../models';

/**
 * Gives appointments stored before the per-contact cap their contact keys, once at start:
 * one guarded write per appointment (no multi-document updates on FerretDB), each a no-op
 * when another replica got there first. Appointments booked since store theirs themselves.
 */
export async function backfillContactKeys(models: Pick<BookingModels, 'Appointment'>): Promise<number> {
  const missing = await models.Appointment.find({ contactKeys: { $exists: false } }, { email: 1, contact: 1 }).lean();
  for (const doc of missing) {
    await models.Appointment.updateOne({ _id: doc._id, contactKeys: { $exists: false } }, { $set: { contactKeys: contactKeys(doc.email, doc.contact) } });
  }
  return missing.length;
}
