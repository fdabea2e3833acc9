import type { ApiError, Mail, NotificationSettings } from '@bb/contracts';
import { adminToken, api, listenOn, mailpit, waitFor } from '@bb/service-kit/testing';
import { appointmentMailId } from '../src/domain/mail-ids';
import { booked, mailsTo, startNotifications, uniqueAddress, type NotificationsHarness } from './harness';

let svc: NotificationsHarness;
beforeAll(async () => {
  svc = await startNotifications('notif_routes');
});
afterAll(() => svc.close());

const valid = {
  staffAlertEmail: 'desk@example.com',
  senderName: 'Glow Clinic',
  senderEmail: 'hello@glow.example.com',
  reminderLeadHours: 12,
  enabled: { confirmation: true, reschedule: false, cancellation: true, reminder: true, 'staff-alert': true },
};
const put = (offering: string, body: unknown) =>
  api<NotificationSettings & ApiError>(svc.url, `/api/notification-settings/${offering}`, { method: 'PUT', token: svc.token, body });

describe('notification settings', () => {
  it('are for staff only', async () => {
    expect((await api(svc.url, '/api/notification-settings/clinic')).status).toBe(401);
    expect((await api(svc.url, '/api/notification-settings/clinic', { method: 'PUT', body: valid })).status).toBe(401);
    expect((await api(svc.url, '/api/appointments/a1/mails')).status).toBe(401);
    expect((await api(svc.url, '/api/mails/m1/resend', { method: 'POST' })).status).toBe(401);
  });

  it('start from defaults per offering: every mail on, no staff alerts, a day ahead', async () => {
    const clinic = await api<NotificationSettings>(svc.url, '/api/notification-settings/clinic', { token: svc.token });
    expect(clinic.status).toBe(200);
    expect(clinic.body).toEqual({
      offeringType: 'clinic',
      staffAlertEmail: '',
      senderName: 'Lumière Clinic',
      senderEmail: 'clinic@beauty-booking.local',
      reminderLeadHours: 24,
      enabled: { confirmation: true, reschedule: true, cancellation: true, reminder: true, 'staff-alert': true, 'slot-opened': true },
    });
    expect((await api<NotificationSettings>(svc.url, '/api/notification-settings/studio', { token: svc.token })).body).toMatchObject({
      senderName: 'Lumière Studio',
      senderEmail: 'studio@beauty-booking.local',
    });
    expect((await api(svc.url, '/api/notification-settings/both', { token: svc.token })).status).toBe(400);
  });

  it('save and read back one offering without touching the other', async () => {
    const saved = await put('studio', { ...valid, senderName: '  Glow Studio  ' });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ offeringType: 'studio', ...valid, senderName: 'Glow Studio' });
    expect((await api(svc.url, '/api/notification-settings/studio', { token: svc.token })).body).toEqual(saved.body);
    expect((await api<NotificationSettings>(svc.url, '/api/notification-settings/clinic', { token: svc.token })).body.senderName).toBe('Lumière Clinic');
  });

  it('record each save in the audit trail: who, from where, what changed, and never an address', async () => {
    await put('studio', valid);
    const audit = await listenOn(svc.replicas[0].ctx.config.BUS_EXCHANGE, ['audit.recorded'], 'auth');
    const manager = adminToken({ role: 'manager', username: 'mia', subject: 'u-mia' });
    const changed = { ...valid, staffAlertEmail: 'front@example.com', reminderLeadHours: 6, enabled: { ...valid.enabled, reschedule: true } };
    const res = await api(svc.url, '/api/notification-settings/studio', {
      method: 'PUT',
      token: manager,
      body: changed,
      headers: { 'x-client-address': '203.0.113.9' },
    });
    expect(res.status).toBe(200);
    await waitFor('the audit entry', () => audit.received.length > 0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(audit.received).toHaveLength(1);
    expect(audit.received[0].source).toBe('notifications');
    expect(audit.received[0].data).toEqual({
      action: 'setting-changed',
      actor: { id: 'u-mia', username: 'mia', role: 'manager' },
      subject: 'notification settings studio',
      before: 'staffAlertEmail (not shown), reminderLeadHours 12, enabled.reschedule false',
      after: 'staffAlertEmail (not shown), reminderLeadHours 6, enabled.reschedule true',
      address: '203.0.113.9',
      at: expect.any(String),
    });
    await audit.close();
  });

  it.each([
    ['a staff alert address that is not one', { staffAlertEmail: 'front desk' }, /staffAlertEmail/],
    ['no sender address', { senderEmail: '' }, /senderEmail is required/],
    ['a sender name with a line break', { senderName: 'Glow\r\nBcc: x@example.com' }, /senderName/],
    ['a blank sender name', { senderName: '   ' }, /senderName is required/],
    ['a lead time under a minute', { reminderLeadHours: 0 }, /reminderLeadHours/],
    ['a lead time over a week', { reminderLeadHours: 169 }, /reminderLeadHours/],
    ['a lead time that is not a number', { reminderLeadHours: '24' }, /reminderLeadHours/],
    ['switches missing', { enabled: { confirmation: true } }, /enabled/],
  ])('refuse %s with a 400 that names the field', async (_what, change, message) => {
    const res = await put('clinic', { ...valid, ...change });
    expect(res.status).toBe(400);
    expect(`${res.body.message} ${JSON.stringify(res.body.details ?? [])}`).toMatch(message);
  });
});

describe('the mail log and resending', () => {
  it("lists an appointment's mails oldest first, and an unknown appointment has none", async () => {
    const data = booked(uniqueAddress('log'));
    await svc.publisher.publish('booking.appointment.created', data);
    const log = await waitFor('the mails logged', async () => {
      const res = await api<Mail[]>(svc.url, `/api/appointments/${data.appointmentId}/mails`, { token: svc.token });
      return res.body.length === 2 && res.body;
    });
    expect(log.map((m) => m.kind)).toEqual(['confirmation', 'reminder']);
    expect(log[1]).toMatchObject({
      status: 'queued',
      attempts: 0,
      sentAt: null,
      lastResponse: null,
      outcome: 'Waiting to be sent',
      dueAt: new Date(Date.parse(data.startTime) - 24 * 3_600_000).toISOString(),
    });
    expect(Object.keys(log[0]).sort()).toEqual([
      'appointmentId',
      'attempts',
      'createdAt',
      'dueAt',
      'id',
      'kind',
      'lastResponse',
      'messageId',
      'offeringType',
      'outcome',
      'recipient',
      'resendOf',
      'sentAt',
      'status',
      'subject',
    ]);
    expect((await api(svc.url, '/api/appointments/nobody/mails', { token: svc.token })).body).toEqual([]);
  });

  it('resends a mail as a new one: same content, its own Message-ID, resendOf the original, sent now', async () => {
    const email = uniqueAddress('resend');
    const data = booked(email);
    await svc.publisher.publish('booking.appointment.created', data);
    const [original] = await mailsTo(mailpit, email, /request received/i);
    const originalId = appointmentMailId(data.appointmentId, 'confirmation', 0);

    const res = await api<Mail>(svc.url, `/api/mails/${originalId}/resend`, { method: 'POST', token: svc.token });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      kind: 'confirmation',
      appointmentId: data.appointmentId,
      recipient: email,
      status: 'queued',
      attempts: 0,
      resendOf: originalId,
      subject: original.Subject,
    });
    expect(res.body.id).not.toBe(originalId);
    expect(res.body.messageId).toBe(`<${res.body.id}@beauty-booking>`);

    const both = await mailsTo(mailpit, email, /request received/i, 2);
    const copy = both.find((m) => m.ID !== original.ID)!;
    expect(copy.MessageID).toBe(`${res.body.id}@beauty-booking`);
    const [first, second] = await Promise.all([mailpit.message(original.ID), mailpit.message(copy.ID)]);
    expect(second.Text).toBe(first.Text);
    expect(second.Attachments.map((a) => a.FileName)).toEqual(['invite.ics']);
    const log = (await api<Mail[]>(svc.url, `/api/appointments/${data.appointmentId}/mails`, { token: svc.token })).body;
    expect(log.filter((m) => m.kind === 'confirmation').map((m) => m.resendOf)).toEqual([null, originalId]);
  });

  it('answers 404 with a message for a mail that does not exist', async () => {
    const res = await api<ApiError>(svc.url, '/api/mails/no-such-mail/resend', { method: 'POST', token: svc.token });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Mail not found' });
  });
});
