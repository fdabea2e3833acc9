import type { ChangedBy, MailKind, OfferingType } from '@bb/contracts';
import { isDuplicateKey } from '@bb/service-kit';
import type { RenderedMail } from '../domain/appointment-mails';
import { dueFields } from '../domain/due-hours';
import { messageIdOf } from '../domain/mail-ids';
import type { NotificationModels } from '../models';

/** A mail to queue: who gets it, what it says, when it is due. */
export interface NewMail {
  id: string;
  kind: MailKind;
  appointmentId: string | null;
  offeringType: OfferingType;
  recipient: string;
  from: { name: string; address: string };
  content: RenderedMail;
  dueAt: Date;
  createdAt: Date;
  /** Reminders only: the revision they were planned from, and the appointment's start. */
  reminder?: { factsRevision: number; startsAt: Date };
  /** Reschedule notices only: the revision told, the start the customer last heard of, who moved it. */
  notice?: { factsRevision: number; previousStart: Date; by: ChangedBy };
  /** When the mail stops being worth sending; never, without one. */
  expiresAt?: Date;
  /** Newsletter mails: the address's unsubscribe link (List-Unsubscribe). */
  listUnsubscribeUrl?: string;
  /** Stored as not sent (`cancelled`), with this reason for the mail log, instead of queued: a payment request over the per-address limit. */
  notSent?: string;
}
/** Queues a mail; false when its id is taken (the event that makes it was delivered before). */
export async function queueMail(models: NotificationModels, mail: NewMail): Promise<boolean> {
  try {
    await models.Mail.create({
      _id: mail.id,
      kind: mail.kind,
      appointmentId: mail.appointmentId,
      offeringType: mail.offeringType,
      recipient: mail.recipient,
      from: mail.from,
      ...mail.content,
      attempts: 0,
      messageId: messageIdOf(mail.id),
      // Only a queued mail has a due hour (LEAVES_QUEUE).
      ...(mail.notSent === undefined
        ? { status: 'queued', lastResponse: null, ...dueFields(mail.dueAt) }
        : { status: 'cancelled', lastResponse: mail.notSent, dueAt: mail.dueAt }),
      sentAt: null,
      createdAt: mail.createdAt,
      resendOf: null,
      factsRevision: mail.reminder?.factsRevision ?? mail.notice?.factsRevision ?? null,
      startsAt: mail.reminder?.startsAt ?? null,
      expiresAt: mail.expiresAt ?? null,
      listUnsubscribeUrl: mail.listUnsubscribeUrl ?? null,
      previousStart: mail.notice?.previousStart ?? null,
      previousStartRevision: mail.notice?.factsRevision ?? null,
      movedBy: mail.notice?.by ?? null,
      ...(mail.notice && mail.appointmentId ? { pendingNotice: mail.appointmentId } : {}),
    });
    return true;
  } catch (err) {
    if (isDuplicateKey(err)) return false;
    throw err;
  }
}
