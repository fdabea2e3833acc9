import { createHash, randomBytes } from 'node:crypto';
import type { DepositMailKind, MailKind } from '@bb/contracts';

const digest = (key: string) => createHash('sha256').update(key).digest('hex').slice(0, 32);

/**
 * The id of an appointment's mail: the same event always names the same mail, so a
 * redelivered event meets the unique _id and creates nothing twice. Hashed, so whatever
 * characters an appointment id has, the mail id fits a URL and a Message-ID.
 */
export const appointmentMailId = (appointmentId: string, kind: MailKind, revision: number): string => digest(`${appointmentId}|${kind}|${revision}`);

/** The practitioner's copy of an appointment's staff mail: beside the offering's (appointmentMailId), once per event. */
export const practitionerMailId = (appointmentId: string, kind: MailKind, revision: number): string =>
  digest(`${appointmentId}|${kind}|${revision}|practitioner`);

/** One confirmation mail per confirmation request (a new sign-up brings a new token). */
export const newsletterMailId = (subscriberId: string, confirmToken: string): string => digest(`${subscriberId}|newsletter-confirmation|${confirmToken}`);

/** One mail per invitation link (a resend brings a new token, so a new mail); a redelivery meets this id. */
export const staffInvitationMailId = (userId: string, token: string): string => digest(`${userId}|staff-invitation|${token}`);

/** One mail per waitlist entry: booking tells each entry once, and a redelivery meets this id. */
export const slotOpenedMailId = (entryId: string): string => digest(`${entryId}|slot-opened`);

/**
 * A deposit mail: one of each kind per appointment (a payment request, its one reminder, the
 * slot-lost notice), a receipt per payment, a refund notice per payment and amount refunded.
 */
export const depositMailId = (appointmentId: string, kind: DepositMailKind, key = ''): string => digest(`${appointmentId}|${kind}|${key}`);

/** A resend is a new mail, not a retry: its own id, so its own Message-ID. */
export const resendMailId = (): string => randomBytes(16).toString('hex');

/** Stable across attempts of one mail: a mail delivered twice (a crash after the SMTP answer) is recognisable. */
export const messageIdOf = (mailId: string): string => `<${mailId}@beauty-booking>`;
