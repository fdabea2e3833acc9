import { randomBytes } from 'node:crypto';
import type { EventData, NotificationSettings } from '@bb/contracts';
import { buildEnvelope } from '@bb/service-kit';
import { api, mailpit, startPrivateMailpit, waitFor, type PrivateMailpit } from '@bb/service-kit/testing';
import { slotOpenedMailId } from '../src/domain/mail-ids';
import { MAIL_QUEUES } from '../src/events/mail-events';
import { mailSettings, mailsTo, PUBLIC_URL, startNotifications, uniqueAddress, type NotificationsHarness } from './harness';

const MINUTE_MS = 60_000;

/** A waitlist entry told its slot is free, as booking publishes it: a clinic slot starting `startsAt` (a whole half hour three days ahead by default). */
function slotOpened(
  email: string,
  over: Partial<EventData<'booking.waitlist.slot-opened'>> & { startsAt?: Date } = {},
): EventData<'booking.waitlist.slot-opened'> {
  const { startsAt, ...rest } = over;
  const start = startsAt ?? new Date(Math.ceil((Date.now() + 3 * 24 * 60 * MINUTE_MS) / (30 * MINUTE_MS)) * 30 * MINUTE_MS);
  const manila = new Date(start.getTime() + 8 * 60 * MINUTE_MS).toISOString();
  return {
    entryId: randomBytes(12).toString('hex'),
    firstName: 'Ana',
    lastName: 'Cruz',
    email,
    offeringType: 'clinic',
    items: [
      { id: 't1', name: 'Hydrating Facial' },
      { id: 't2', name: 'Brow Shaping' },
    ],
    preferredDate: manila.slice(0, 10),
    preferredTime: manila.slice(11, 16),
    startTime: start.toISOString(),
    position: 1,
    ...rest,
  };
}

/** Every event handed to the service's first replica has been handled. */
const drained = (svc: NotificationsHarness) =>
  waitFor('queues drained', async () => {
    const depths = await Promise.all(Object.values(MAIL_QUEUES).map((q) => svc.replicas[0].ctx.bus.queueDepth(q)));
    return depths.every((d) => d === 0);
  });
const settle = () => new Promise((r) => setTimeout(r, 500));

describe('a time a waitlisted visitor wanted is free', () => {
  let svc: NotificationsHarness;
  beforeAll(async () => {
    svc = await startNotifications('notif_waitlist');
  });
  afterAll(() => svc.close());

  it('mails the visitor once, from the offering, with a link to book that very slot', async () => {
    const email = uniqueAddress('freed');
    // Tuesday 5 January 2027, 10:00 in Manila.
    const data = slotOpened(email, { startsAt: new Date('2027-01-05T02:00:00Z') });
    await svc.publisher.publish('booking.waitlist.slot-opened', data);
    const [summary] = await mailsTo(mailpit, email, /free/i);
    expect(summary.Subject).toBe('A time you wanted is free: Tuesday, 5 January 2027, 10:00 AM');
    expect(summary.From).toEqual({ Name: 'Lumière Clinic', Address: 'clinic@beauty-booking.local' });
    const id = slotOpenedMailId(data.entryId);
    expect(summary.MessageID).toBe(`${id}@beauty-booking`);

    const message = await mailpit.message(summary.ID);
    const href = [...message.HTML.matchAll(/href="([^"]*)"/g)].map((m) => m[1].replace(/&amp;/g, '&')).find((h) => h.startsWith(PUBLIC_URL));
    const link = new URL(href ?? '');
    expect(`${link.origin}${link.pathname}${link.hash}`).toBe(`${PUBLIC_URL}/clinic#booking`);
    expect(Object.fromEntries(['date', 'time'].map((k) => [k, link.searchParams.get(k)]))).toEqual({ date: '2027-01-05', time: '10:00' });
    expect(link.searchParams.getAll('item')).toEqual(['t1', 't2']);
    expect(message.Text).toContain(`Book this time: ${link.href}`);
    expect(message.Text).toContain('Hi Ana,');

    const record = await waitFor('the mail recorded as sent', async () => {
      const mail = await svc.models.Mail.findById(id).lean();
      return mail?.status === 'sent' && mail;
    });
    expect(record).toMatchObject({ kind: 'slot-opened', appointmentId: null, offeringType: 'clinic', recipient: email, attempts: 1 });
    expect(await mailpit.messagesTo(email)).toHaveLength(1);
  });

  it('adds nothing when the event comes again, redelivered or published anew for the same entry', async () => {
    const email = uniqueAddress('again');
    const event = buildEnvelope('booking', 'booking.waitlist.slot-opened', slotOpened(email));
    await svc.publisher.publishEnvelope(event);
    await mailsTo(mailpit, email, /free/i);
    await svc.publisher.publishEnvelope(event);
    await svc.publisher.publish('booking.waitlist.slot-opened', { ...event.data, position: 2 });
    await drained(svc);
    await settle();
    expect(await mailpit.messagesTo(email)).toHaveLength(1);
    expect(await svc.models.Mail.countDocuments({ recipient: email })).toBe(1);
  });

  it('makes no mail for a slot that has already started', async () => {
    const email = uniqueAddress('late');
    await svc.publisher.publish('booking.waitlist.slot-opened', slotOpened(email, { startsAt: new Date(Date.now() - 30 * MINUTE_MS) }));
    // A later event on the same queue is handled after it: once its mail is here, the first was handled.
    const marker = uniqueAddress('marker');
    await svc.publisher.publish('booking.waitlist.slot-opened', slotOpened(marker));
    await mailsTo(mailpit, marker, /free/i);
    await drained(svc);
    expect(await svc.models.Mail.countDocuments({ recipient: email })).toBe(0);
    expect(await mailpit.messagesTo(email)).toHaveLength(0);
  });

  it('makes none when staff turned waitlist mails off for the offering, and the switch reads back', async () => {
    const off = mailSettings('studio', { off: ['slot-opened'] });
    const saved = await api<NotificationSettings>(svc.url, '/api/notification-settings/studio', { method: 'PUT', token: svc.token, body: off });
    expect(saved.status).toBe(200);
    expect(saved.body.enabled['slot-opened']).toBe(false);
    expect((await api<NotificationSettings>(svc.url, '/api/notification-settings/studio', { token: svc.token })).body.enabled['slot-opened']).toBe(false);

    const email = uniqueAddress('off');
    await svc.publisher.publish('booking.waitlist.slot-opened', slotOpened(email, { offeringType: 'studio', items: [{ id: 'p1', name: 'Family Portrait' }] }));
    const marker = uniqueAddress('marker-off');
    await svc.publisher.publish('booking.waitlist.slot-opened', slotOpened(marker));
    await mailsTo(mailpit, marker, /free/i);
    await drained(svc);
    expect(await svc.models.Mail.countDocuments({ recipient: email })).toBe(0);
  });
});

describe('a waitlist mail held up by an SMTP outage', () => {
  let smtp: PrivateMailpit;
  let svc: NotificationsHarness;
  beforeAll(async () => {
    smtp = await startPrivateMailpit();
    svc = await startNotifications('notif_waitlist_out', {
      env: { SMTP_URL: smtp.smtpUrl, MAIL_RETRY_BASE_MS: '100', MAIL_RETRY_MAX_MS: '400', MAIL_POLL_INTERVAL_MS: '100' },
    });
  });
  afterAll(async () => {
    await svc.close();
    await smtp.stop();
  });

  it('is cancelled unsent once the slot has started, even when the server is back', async () => {
    await smtp.stop();
    const data = slotOpened(uniqueAddress('outage'), { startsAt: new Date(Date.now() + 2000) });
    const id = slotOpenedMailId(data.entryId);
    try {
      await svc.publisher.publish('booking.waitlist.slot-opened', data);
      const failing = await waitFor('a failed attempt', async () => {
        const mail = await svc.models.Mail.findById(id).lean();
        return mail !== null && mail.attempts >= 1 && mail;
      });
      expect(failing.status).toBe('queued');
      const cancelled = await waitFor('the mail cancelled', async () => {
        const mail = await svc.models.Mail.findById(id).lean();
        return mail?.status === 'cancelled' && mail;
      });
      expect(cancelled.lastResponse).toBe('Not sent: its time had passed');
      expect(cancelled.sentAt).toBeNull();
    } finally {
      await smtp.start();
    }
    await settle();
    expect(await smtp.client.messagesTo(data.email)).toHaveLength(0);
    expect((await svc.models.Mail.findById(id).lean())?.status).toBe('cancelled');
  });
});
