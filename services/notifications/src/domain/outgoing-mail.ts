import { isOnePlainAddress, type MailKind } from '@bb/contracts';
import type { MailAttachment, RenderedMail } from './appointment-mails';
import { withManageToken } from './manage-link';

/** One message as it goes on the wire: always to exactly one address, on the envelope as in the header. */
export interface OutgoingMail {
  from: { name: string; address: string };
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Our own Message-ID, the same on every attempt of one mail. */
  messageId: string;
  attachments: MailAttachment[];
  /** The address's unsubscribe link: List-Unsubscribe with one-click (RFC 8058). */
  listUnsubscribeUrl?: string;
}

/** A stored mail, as far as sending it needs. */
export interface StoredMail extends RenderedMail {
  kind: MailKind;
  appointmentId: string | null;
  recipient: string;
  from: { name: string; address: string };
  messageId: string;
  listUnsubscribeUrl?: string | null;
}

/** Why a stored mail is not sent at all: nothing another attempt could change. */
export const NOT_SENT = {
  recipient: 'Not sent: the recipient is not one e-mail address',
  sender: 'Not sent: the sender address in the mail settings is not one e-mail address',
  manageLink: 'Not sent: no manage link can be made for this appointment',
  /** Never queued: a visitor can book with any address, and the limit keeps one from flooding it. */
  tooMany: 'Not sent: too many payment requests to this address within the hour',
} as const;

/**
 * What a stored mail becomes on the wire, or why it must not go. An address stored before the
 * forms took only one plain address may be a list ("a@x.test, b@y.test"), which a mail library
 * would send to every address in it: such a mail goes nowhere. A customer's mail about an
 * appointment gets the manage link's token (`manageToken` makes it from the id) only now.
 */
export function outgoingMail(
  mail: StoredMail,
  manageToken: (appointmentId: string) => string | null,
): { ok: true; mail: OutgoingMail } | { ok: false; reason: string } {
  const to = mail.recipient.trim();
  if (!isOnePlainAddress(to)) return { ok: false, reason: NOT_SENT.recipient };
  const from = { name: mail.from.name, address: mail.from.address.trim() };
  if (!isOnePlainAddress(from.address)) return { ok: false, reason: NOT_SENT.sender };
  let content: RenderedMail = mail;
  // The staff alert never carries the customer's link, whatever a customer typed into it.
  if (mail.appointmentId && mail.kind !== 'staff-alert') {
    const token = manageToken(mail.appointmentId);
    if (!token) return { ok: false, reason: NOT_SENT.manageLink };
    content = withManageToken(mail, token);
  }
  return {
    ok: true,
    mail: {
      from,
      to,
      subject: content.subject,
      html: content.html,
      text: content.text,
      messageId: mail.messageId,
      attachments: content.attachments,
      ...(mail.listUnsubscribeUrl ? { listUnsubscribeUrl: mail.listUnsubscribeUrl } : {}),
    },
  };
}
