import { retentionTask, type Wire } from '@bb/service-kit';
import { buildApp } from './app';
import { smtpClient } from './clients/smtp';
import type { NotificationsConfig } from './config';
import { consumeDepositEvents } from './events/deposit-mails';
import { consumeMailEvents } from './events/mail-events';
import { answerNotificationPrivacy } from './events/privacy-requests';
import { createModels } from './models';
import { AppointmentStore } from './store/appointment-store';
import { DepositMailer } from './store/deposit-mailer';
import { DepositStore } from './store/deposit-store';
import { MailSender } from './store/mail-sender';
import { MailStore } from './store/mail-store';
import { Mailer } from './store/mailer';
import { forgetStoredManageTokens } from './store/manage-token-migration';
import { expireCustomerMails } from './store/privacy';
import { RecipientLimit } from './store/recipient-limit';
import { SettingsStore } from './store/settings-store';

/** The notifications service from its context: mail settings and log, the lifecycle consumers, and the sender. */
export const wire: Wire<NotificationsConfig> = (ctx) => {
  const { config, logger, now } = ctx;
  const models = createModels(ctx.conn);
  const mails = new MailStore(models);
  const settings = new SettingsStore(models);
  // Settings saves carry their audit entries.
  ctx.relay.watch(models.Settings);
  const sender = new MailSender({
    mails,
    smtp: smtpClient({ url: config.SMTP_URL, timeoutMs: config.SMTP_TIMEOUT_MS, maxConnections: config.MAIL_SEND_CONCURRENCY }),
    policy: { baseMs: config.MAIL_RETRY_BASE_MS, maxMs: config.MAIL_RETRY_MAX_MS, maxAttempts: config.MAIL_MAX_ATTEMPTS },
    pollIntervalMs: config.MAIL_POLL_INTERVAL_MS,
    concurrency: config.MAIL_SEND_CONCURRENCY,
    // Connecting, the greeting and each command may each take up to the timeout.
    leaseMs: config.SMTP_TIMEOUT_MS * 3,
    manageLinkSecret: config.MANAGE_LINK_SECRET,
    now,
    logger,
  });
  const queued = () => sender.kick();
  // What both mailers queue with: the mail log, the per-offering switches, links and the sender's wake-up.
  const mailing = { mails, settings, publicUrl: config.PUBLIC_URL, now, queued: (dueAt: Date) => sender.kickAt(dueAt), logger };
  const mailer = new Mailer({ ...mailing, appointments: new AppointmentStore(models), rescheduleQuietMs: config.RESCHEDULE_MAIL_QUIET_MS });
  consumeMailEvents(ctx.bus, mailer);
  const limit = new RecipientLimit(models, config.PAYMENT_REQUESTS_PER_ADDRESS_PER_HOUR);
  const depositMailer = new DepositMailer({ ...mailing, deposits: new DepositStore(models), limit, reminderLeadMs: config.DEPOSIT_REMINDER_LEAD_MS });
  consumeDepositEvents(ctx.bus, depositMailer);
  answerNotificationPrivacy(ctx.bus, models);
  // The hourly pass also drops the per-address counts of hours that are over.
  const retention = retentionTask(
    'notifications',
    async () => {
      await limit.forgetPastHours(now());
      await expireCustomerMails(models, now());
    },
    logger,
  );
  return {
    app: buildApp(ctx, { mails, settings, relay: ctx.relay, now, queued }),
    beforeServe: async () => {
      const forgotten = await forgetStoredManageTokens(models);
      if (forgotten.appointments + forgotten.mails > 0) logger.info(forgotten, 'stored manage tokens removed');
      sender.start();
      retention.start();
    },
    onStop: async () => {
      await sender.stop();
      await retention.stop();
    },
  };
};
