import { z } from 'zod';
import { secret } from '@bb/service-kit';

export const notificationsEnvShape = {
  /** Key of the customers' manage links, the same as booking's: the links in mails are derived from it and the appointment's id. */
  MANAGE_LINK_SECRET: secret(z.string().min(16, { error: 'MANAGE_LINK_SECRET must be at least 16 characters' })),
  /**
   * The SMTP relay every mail goes through: smtp://host:port (STARTTLS when the server offers
   * it), smtps://user:password@relay:465 for TLS from the start. Not checked as a secret: relays
   * issue their own passwords, some shorter than the 32 characters the other secrets need.
   */
  SMTP_URL: z
    .string({ error: 'SMTP_URL is required' })
    .regex(/^smtps?:\/\/[^/]+/, { error: 'SMTP_URL must be smtp://host:port or smtps://user:password@host:port' }),
  /** Longest wait for the SMTP server to accept a connection, greet, or answer a command; a send past it is retried. */
  SMTP_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  /** The site's address as seen from an e-mail (every link in a mail starts with it), e.g. https://booking.example.com */
  PUBLIC_URL: z.url({ error: 'PUBLIC_URL must be an http(s) URL' }).default('http://localhost:8080'),
  /** How often each replica looks for mails that became due (reminders, retries); new mails leave at once without waiting for it. */
  MAIL_POLL_INTERVAL_MS: z.coerce.number().int().min(50).default(1000),
  /** Wait before the second attempt of a mail the SMTP server did not take; it doubles with each attempt, up to MAIL_RETRY_MAX_MS. */
  MAIL_RETRY_BASE_MS: z.coerce.number().int().min(1).default(2000),
  /** Longest wait between two attempts of one mail. */
  MAIL_RETRY_MAX_MS: z.coerce.number().int().min(1).default(60_000),
  /**
   * Attempts before a mail counts as failed. With the default waits, 20 attempts span about a
   * quarter of an hour, so an SMTP server away for a few minutes never fails a mail.
   */
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(20),
  /**
   * How long a reschedule notice waits for the appointment to stay put: every further move
   * within it (by the customer or staff) restarts the wait and folds into the same notice, so
   * several quick moves make one mail with the latest time.
   */
  RESCHEDULE_MAIL_QUIET_MS: z.coerce.number().int().min(0).default(60_000),
  /**
   * How long before a deposit's hold ends its one reminder goes; for a hold with less than twice
   * this left, half-way through what is left, and none when under a fifth of it would be left.
   */
  DEPOSIT_REMINDER_LEAD_MS: z.coerce.number().int().min(1000).default(300_000),
  /**
   * Payment requests mailed to one address per hour: a visitor can book with any address, so
   * this keeps bookings from flooding someone else's mailbox. Further requests are stored as not
   * sent (the mail log says why); the pay page still works.
   */
  PAYMENT_REQUESTS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).default(5),
  /** Mails one replica sends at once (and SMTP connections it keeps open). */
  MAIL_SEND_CONCURRENCY: z.coerce.number().int().min(1).max(50).default(4),
};

export type NotificationsConfig = z.infer<z.ZodObject<typeof notificationsEnvShape>>;
