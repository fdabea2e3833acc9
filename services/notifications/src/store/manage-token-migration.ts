import { STORED_TOKEN_QUERY, withoutManageTokens } from '../domain/manage-link';
import type { NotificationModels } from '../models';

/**
 * Removes the manage tokens this service stored before links were derived at sending, once at
 * start: the `manageToken` of appointment copies, and the tokens in the links of stored mails
 * (replaced by the placeholder, so a retry or a Resend still carries a working link). One
 * guarded write per document (no multi-document updates on FerretDB), each a no-op when another
 * replica got there first; with nothing left it is two queries that find nothing.
 */
export async function forgetStoredManageTokens(models: NotificationModels): Promise<{ appointments: number; mails: number }> {
  // The raw collection: the field is no longer in the schema, whose strict mode would drop it from the update.
  const copies = models.Appointment.collection;
  const held = await copies.find({ manageToken: { $exists: true } }, { projection: { _id: 1 } }).toArray();
  for (const { _id } of held) await copies.updateOne({ _id, manageToken: { $exists: true } }, { $unset: { manageToken: '' } });

  const mails = await models.Mail.find({ text: { $regex: STORED_TOKEN_QUERY } }, { subject: 1, html: 1, text: 1, attachments: 1 }).lean();
  for (const mail of mails) {
    const { html, text, attachments } = withoutManageTokens(mail);
    // Guarded by the text it read: content rewritten meanwhile (a reminder re-planned) is left to that writer.
    await models.Mail.updateOne({ _id: mail._id, text: mail.text }, { $set: { html, text, attachments } });
  }
  return { appointments: held.length, mails: mails.length };
}
