import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startPrivateMailpit, waitFor, type PrivateMailpit } from '@bb/service-kit/testing';
import { appointmentMailId } from '../src/domain/mail-ids';
import { booked, mailsTo, startNotifications, uniqueAddress, type NotificationsHarness } from './harness';

// SMTP servers of the tests' own (Mailpit from MAILPIT_BIN), stopped and started at will.
const retryFast = { MAIL_RETRY_BASE_MS: '100', MAIL_RETRY_MAX_MS: '400', MAIL_POLL_INTERVAL_MS: '100' };

/** A port on which nothing listens: one that was just free. */
async function closedPort(): Promise<number> {
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe('when the SMTP server is away', () => {
  let smtp: PrivateMailpit;
  let svc: NotificationsHarness;
  beforeAll(async () => {
    smtp = await startPrivateMailpit();
    svc = await startNotifications('notif_outage', { env: { SMTP_URL: smtp.smtpUrl, ...retryFast } });
  });
  afterAll(async () => {
    await svc.close();
    await smtp.stop();
  });

  it('keeps retrying with the error on record, and delivers once the server is back, with the same Message-ID', async () => {
    await smtp.stop();
    const data = booked(uniqueAddress('outage'));
    const id = appointmentMailId(data.appointmentId, 'confirmation', 0);
    try {
      await svc.publisher.publish('booking.appointment.created', data);
      const failing = await waitFor('a few failed attempts', async () => {
        const mail = await svc.models.Mail.findById(id).lean();
        return mail !== null && mail.attempts >= 3 && mail;
      });
      expect(failing.status).toBe('queued');
      expect(failing.lastResponse).toMatch(/ECONNREFUSED/);
      expect(failing.dueAt.getTime()).toBeGreaterThan(Date.now() - 1000);
    } finally {
      await smtp.start();
    }
    const [delivered] = await mailsTo(smtp.client, data.email, /request received/i);
    expect(delivered.MessageID).toBe(`${id}@beauty-booking`);
    const sent = await waitFor('the mail recorded as sent', async () => {
      const mail = await svc.models.Mail.findById(id).lean();
      return mail?.status === 'sent' && mail;
    });
    expect(sent.attempts).toBeGreaterThan(3);
    expect(sent.lastResponse).toMatch(/^250 /);
    expect(await smtp.client.messagesTo(data.email)).toHaveLength(1);
  });
});

/** The confirmation of a booking once it failed, sent by a service started with `env` (and closed after). */
async function failedConfirmation(label: string, env: Record<string, string>) {
  const svc = await startNotifications(`notif_${label}`, { env: { ...env, ...retryFast } });
  try {
    const data = booked(uniqueAddress(label));
    await svc.publisher.publish('booking.appointment.created', data);
    return await waitFor('the mail failed', async () => {
      const mail = await svc.models.Mail.findById(appointmentMailId(data.appointmentId, 'confirmation', 0)).lean();
      return mail?.status === 'failed' && mail;
    });
  } finally {
    await svc.close();
  }
}

describe('giving up', () => {
  it('marks a mail failed after MAIL_MAX_ATTEMPTS attempts against a closed port', async () => {
    const failed = await failedConfirmation('giveup', { SMTP_URL: `smtp://127.0.0.1:${await closedPort()}`, MAIL_MAX_ATTEMPTS: '3' });
    expect(failed.attempts).toBe(3);
    expect(failed.lastResponse).toMatch(/ECONNREFUSED/);
    expect(failed.sentAt).toBeNull();
  });

  it('marks a mail failed at once when the server refuses its recipient for good (5xx)', async () => {
    const smtp = await startPrivateMailpit({ args: ['--smtp-allowed-recipients', '@allowed\\.test$'] });
    try {
      const failed = await failedConfirmation('refused', { SMTP_URL: smtp.smtpUrl });
      expect(failed.attempts).toBe(1);
      expect(failed.lastResponse).toMatch(/5\d\d/);
    } finally {
      await smtp.stop();
    }
  });
});
