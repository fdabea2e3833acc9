import type { MailStatus } from '@bb/contracts';

/** A stored mail, as far as saying what became of it needs. */
export interface MailFate {
  status: MailStatus;
  attempts: number;
  /** The SMTP server's last answer or the error; our own "Not sent: …" words for a mail never tried. */
  lastResponse: string | null;
}

export const MAIL_OUTCOMES = {
  waiting: 'Waiting to be sent',
  retrying: 'Not accepted yet: it will be tried again',
  accepted: 'Accepted by the mail server',
  refused: 'Refused by the mail server',
  gaveUp: 'Not sent: every attempt failed',
  notNeeded: 'Not sent: no longer needed',
} as const;

/** Our own reasons for a mail not sent start so; they are already worded for people. */
const OUR_WORDS = /^Not sent: /;
/** An SMTP reply code of a permanent refusal, as nodemailer quotes it in its error. */
const PERMANENT_REPLY = /\b5\d\d\b/;

/**
 * What became of a mail, in a few plain words for the console's mail log: the SMTP server's own
 * line ("250 2.0.0 Ok: queued as 4Zx…") means something to a mail administrator only. A failed
 * mail says whether the server refused it (a 5xx answer) or every attempt failed otherwise; a
 * reminder dropped because its appointment changed is no longer needed.
 */
export function mailOutcome(mail: MailFate): string {
  const own = mail.lastResponse !== null && OUR_WORDS.test(mail.lastResponse) ? mail.lastResponse : null;
  switch (mail.status) {
    case 'sent':
      return MAIL_OUTCOMES.accepted;
    case 'queued':
      return mail.attempts > 0 && mail.lastResponse !== null ? MAIL_OUTCOMES.retrying : MAIL_OUTCOMES.waiting;
    case 'failed':
      return own ?? (mail.lastResponse !== null && PERMANENT_REPLY.test(mail.lastResponse) ? MAIL_OUTCOMES.refused : MAIL_OUTCOMES.gaveUp);
    case 'cancelled':
      return own ?? MAIL_OUTCOMES.notNeeded;
  }
}
