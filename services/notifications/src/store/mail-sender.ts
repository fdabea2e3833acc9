import { collectedGauge, counter, manageLinkToken, type Logger } from '@bb/service-kit';
import type { SmtpClient } from '../clients/smtp';
import { outgoingMail } from '../domain/outgoing-mail';
import { nextAfterFailure, type RetryPolicy } from '../domain/retry-schedule';
import type { MailDoc } from '../models/mail';
import type { MailStore } from './mail-store';

const attempts = counter(
  'mail_attempts_total',
  'SMTP attempts by mail kind and outcome (sent, retried, failed; refused: not sent at all, its address not one e-mail address)',
  ['kind', 'outcome'],
);
const due = collectedGauge('mail_queue_due', 'Queued mails whose time has come (waiting for a sender or for the SMTP server)', []);

/** Mails due later than this are left to the poll rather than held in a timer. */
const LONGEST_TIMER_MS = 10 * 60_000;
/**
 * How often a sender also looks for due mails older than the recent hours' buckets
 * (domain/due-hours), besides at its start. Nothing running falls out of them (a retry, a moved
 * reminder, a notice each take a current hour): it is a safety net, and on FerretDB it reads
 * every queued mail (a year stored: 4,765 reminders, 36 % of a CPU when it ran each minute).
 */
const BACKLOG_CHECK_MS = 60 * 60_000;
/** Due mails a sender reads ahead in one look: each look reads every due mail, so a backlog is read once per this many claims. */
export const READ_AHEAD = 50;

export interface MailSenderOptions {
  mails: MailStore;
  smtp: SmtpClient;
  policy: RetryPolicy;
  pollIntervalMs: number;
  /** Mails this process sends at once. */
  concurrency: number;
  /** How long a claimed mail is this sender's; longer than any one SMTP attempt can take. */
  leaseMs: number;
  /** MANAGE_LINK_SECRET: customers' mails get their manage link's token at sending. */
  manageLinkSecret: string;
  now: () => Date;
  logger: Logger;
}

/**
 * The sender every replica runs. It reads the ids of the earliest due mails ahead, claims them
 * one at a time (MailStore.claim: one conditional write by id, so two replicas never take the
 * same mail, and one the other took is skipped), sends each, and records the
 * outcome under its lease: sent, another attempt later (backing off), or failed. A mail whose
 * recipient or sender is not one plain address fails without an attempt (domain/outgoing-mail);
 * a customer's mail gets its manage link's token only here. It works when kicked (a mail was
 * just queued or came due) and on every poll (reminders whose time came, retries).
 * A crash between the SMTP server's answer and the record may send a mail twice, with the same
 * Message-ID: delivery is at least once.
 */
export class MailSender {
  private workers = 0;
  /**
   * Set by every kick: a worker that found nothing looks again if a mail came meanwhile. A flag,
   * not a count: a worker that clears it starts a claim after the kick, so it is seen once, and
   * a burst of kicks (150 bookings) makes a few claims, not one per worker per kick (each a
   * findAndModify over the queue: a count made the 150-booking test 3.6 times slower).
   */
  private kicked = false;
  private stopped = true;
  private timer: NodeJS.Timeout | null = null;
  /** Kicks at the time of mails due soon (a reschedule notice after its quiet period). */
  private readonly dueTimers = new Set<NodeJS.Timeout>();
  private readonly idle: (() => void)[] = [];
  /** Wall-clock time of the last claim over all queued mails that found none: 0, so the first claim looks. */
  private backlogCheckedAt = 0;
  /** Ids of due mails read ahead, earliest first, not yet tried. */
  private ahead: string[] = [];
  /**
   * Whether a mail may be due that `ahead` does not hold: set by every kick (and so every poll)
   * and by a look that filled READ_AHEAD; cleared when a look starts, so a kick during the look
   * is kept. Without it, every worker that runs out would look once more for nothing.
   */
  private unread = true;

  constructor(private readonly options: MailSenderOptions) {
    due.addSource(async (gauge) => {
      if (!this.stopped) gauge.set(await options.mails.dueCount(options.now()));
    });
  }

  start(): void {
    this.stopped = false;
    this.timer = setInterval(() => this.kick(), this.options.pollIntervalMs);
    this.kick();
  }

  /** Sends what is due now, without waiting for the next poll. */
  kick(): void {
    this.kicked = true;
    this.unread = true;
    this.spawn();
  }

  /**
   * Sends a mail queued for `at` then, without waiting for the next poll; one due later than
   * LONGEST_TIMER_MS is left to the poll. Every replica polls, so a replica that stops before
   * the time loses nothing.
   */
  kickAt(at: Date): void {
    const delay = at.getTime() - this.options.now().getTime();
    if (delay <= 0) return this.kick();
    if (delay > LONGEST_TIMER_MS || this.stopped) return;
    // Timers run on the monotonic clock and may fire a little before the wall clock reaches
    // `at`: then the claim would not see the mail due, so the time is checked again.
    const timer = setTimeout(() => {
      this.dueTimers.delete(timer);
      this.kickAt(at);
    }, delay);
    timer.unref();
    this.dueTimers.add(timer);
  }

  /** Stops claiming, lets the mails in hand finish, closes the SMTP connections. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    for (const timer of this.dueTimers) clearTimeout(timer);
    this.dueTimers.clear();
    if (this.workers > 0) await new Promise<void>((resolve) => this.idle.push(resolve));
    this.options.smtp.close();
  }

  /** One more worker, up to the concurrency: a worker that claims a mail calls for the next one. */
  private spawn(): void {
    if (this.stopped || this.workers >= this.options.concurrency) return;
    this.workers += 1;
    void this.work().finally(() => {
      this.workers -= 1;
      if (this.workers === 0) for (const resolve of this.idle.splice(0)) resolve();
    });
  }

  private async work(): Promise<void> {
    while (!this.stopped) {
      this.kicked = false;
      let mail: MailDoc | null;
      try {
        mail = await this.claimNext();
      } catch (err) {
        // The database is away: the next poll tries again.
        this.options.logger.warn({ err: (err as Error).message }, 'could not claim a mail');
        return;
      }
      if (!mail) {
        if (this.kicked) continue;
        return;
      }
      this.spawn();
      const claimed = mail;
      await this.deliver(claimed).catch((err: Error) => {
        // The outcome could not be recorded: the lease runs out and the mail is tried again.
        this.options.logger.warn({ mailId: claimed._id, err: err.message }, 'mail outcome not recorded');
      });
    }
  }

  /**
   * The next mail read ahead that this sender can still claim. When none is left and one may
   * be due: a look at the mails due in the recent hours, read by index; failing that, at most
   * once a minute per sender, any due mail, oldest first: a backlog is then drained
   * READ_AHEAD claims per look, and once none is left the sender looks only at the recent
   * hours again.
   */
  private async claimNext(): Promise<MailDoc | null> {
    const { mails, now, leaseMs } = this.options;
    for (;;) {
      for (let id = this.ahead.shift(); id !== undefined; id = this.ahead.shift()) {
        const mail = await mails.claim(id, now(), leaseMs);
        if (mail) return mail;
      }
      if (!this.unread) return null;
      this.unread = false;
      let ids = await mails.dueIds(now(), READ_AHEAD, { recent: true });
      if (ids.length === 0 && Date.now() - this.backlogCheckedAt >= BACKLOG_CHECK_MS) {
        ids = await mails.dueIds(now(), READ_AHEAD, { recent: false });
        if (ids.length === 0) this.backlogCheckedAt = Date.now();
      }
      if (ids.length === READ_AHEAD) this.unread = true;
      if (ids.length === 0) return null;
      this.ahead.push(...ids);
    }
  }

  private async deliver(mail: MailDoc): Promise<void> {
    const { mails, smtp, policy, now, logger } = this.options;
    // Checked at each attempt, so a mail held up by an SMTP outage does not go out too late.
    if (mail.expiresAt && mail.expiresAt.getTime() <= now().getTime()) {
      const recorded = await mails.recordExpired(mail);
      logger.info({ mailId: mail._id, kind: mail.kind, recorded }, 'mail not sent: its time had passed');
      return;
    }
    const outgoing = outgoingMail(mail, (appointmentId) => this.manageToken(appointmentId));
    if (!outgoing.ok) {
      const recorded = await mails.recordRefused(mail, outgoing.reason);
      attempts.inc({ kind: mail.kind, outcome: 'refused' });
      logger.error({ mailId: mail._id, kind: mail.kind, reason: outgoing.reason, recorded }, 'mail not sent');
      return;
    }
    const result = await smtp.send(outgoing.mail);
    const log = { mailId: mail._id, kind: mail.kind, attempt: mail.attempts };
    let recorded: boolean;
    if (result.ok) {
      recorded = await mails.recordSent(mail, result.response, now());
      attempts.inc({ kind: mail.kind, outcome: 'sent' });
      logger.info({ ...log, response: result.response }, 'mail sent');
    } else {
      const next = nextAfterFailure(mail.attempts, result, policy, now());
      if (next === 'failed') {
        recorded = await mails.recordFailed(mail, result.error);
        attempts.inc({ kind: mail.kind, outcome: 'failed' });
        logger.error({ ...log, err: result.error }, 'mail failed for good');
      } else {
        recorded = await mails.recordRetry(mail, result.error, next.retryAt);
        attempts.inc({ kind: mail.kind, outcome: 'retried' });
        logger.warn({ ...log, err: result.error, retryAt: next.retryAt.toISOString() }, 'mail not accepted, will retry');
      }
    }
    if (!recorded) logger.warn(log, 'mail lease lost before its outcome was recorded (another sender took it over)');
  }

  /** Null for an id no manage link can be made for (only booking's ids can). */
  private manageToken(appointmentId: string): string | null {
    try {
      return manageLinkToken(this.options.manageLinkSecret, appointmentId);
    } catch {
      return null;
    }
  }
}
