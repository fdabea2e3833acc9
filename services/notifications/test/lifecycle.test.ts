import { appointmentReference, type OfferingType } from '@bb/contracts';
import { buildEnvelope } from '@bb/service-kit';
import { api, mailpit, waitFor } from '@bb/service-kit/testing';
import { appointmentMailId } from '../src/domain/mail-ids';
import { MAIL_QUEUES } from '../src/events/mail-events';
import { booked, cancelled, clinicMailsInFile, inviteOf, mailsTo, mailSettings, manageTokenOf, PUBLIC_URL, rescheduled, uniqueAddress } from './harness';

const file = clinicMailsInFile('notif_life');
/** A newsletter sign-up asking for its confirmation mail now. */
const signUp = (subscriberId: string, email: string, offeringType: OfferingType, confirmToken: string) => ({
  subscriberId,
  email,
  offeringType,
  confirmToken,
  requestedAt: new Date().toISOString(),
});
/** The calendar invitation of an appointment not yet confirmed, at its `sequence`th version. */
const tentativeRequest = (appointmentId: string, sequence: number, wallTime: string) => ({
  method: 'REQUEST',
  uid: `appointment-${appointmentId}@beauty-booking`,
  sequence,
  status: 'TENTATIVE',
  wallTime,
});
const { staff } = file;

/** Every event handed to the running replica has been handled (its queues are empty and it is idle). */
const drained = () =>
  waitFor('queues drained', async () => {
    const depths = await Promise.all(Object.values(MAIL_QUEUES).map((q) => file.svc.replicas[0].ctx.bus.queueDepth(q)));
    return depths.every((d) => d === 0);
  });

describe("an appointment's mails", () => {
  it('confirms a booking within seconds: subject, recipient, sender, Message-ID and a REQUEST invitation at the Manila time', async () => {
    const email = uniqueAddress('confirm');
    // Tuesday 1 December 2026, 10:00 in Manila.
    const data = booked(email, { startsAt: new Date('2026-12-01T02:00:00Z') });
    const sentAt = Date.now();
    await file.svc.publisher.publish('booking.appointment.created', data);
    const [summary] = await mailsTo(mailpit, email, /request received/i);
    expect(Date.now() - sentAt).toBeLessThan(5000);
    expect(summary.Subject).toBe('Appointment request received: Tuesday, 1 December 2026, 10:00 AM');
    expect(summary.From).toEqual({ Name: 'Lumière Clinic', Address: 'clinic@beauty-booking.local' });
    const id = appointmentMailId(data.appointmentId, 'confirmation', 0);
    expect(summary.MessageID).toBe(`${id}@beauty-booking`);

    const message = await mailpit.message(summary.ID);
    expect(message.Text).toContain(`${PUBLIC_URL}/manage/${manageTokenOf(data.appointmentId)}`);
    expect(message.HTML).toContain(`href="${PUBLIC_URL}/manage/${manageTokenOf(data.appointmentId)}"`);
    expect(message.Text).toContain(appointmentReference(data.appointmentId));
    const invite = await inviteOf(mailpit, summary.ID);
    expect(invite).toMatchObject({ ...tentativeRequest(data.appointmentId, 0, '2026-12-01T10:00:00'), tzid: 'Asia/Manila' });
    expect(await mailpit.raw(summary.ID)).toMatch(/Content-Type: text\/calendar; method=REQUEST; charset=utf-8/i);
    expect((await mailpit.headers(summary.ID))['Message-Id']).toEqual([`<${id}@beauty-booking>`]);

    const log = await waitFor('the confirmation logged as sent', async () => {
      const mails = await file.svc.mailLog(data.appointmentId);
      return mails.find((m) => m.kind === 'confirmation' && m.status === 'sent') && mails;
    });
    expect(log.find((m) => m.kind === 'confirmation')).toMatchObject({
      id,
      recipient: email,
      attempts: 1,
      messageId: `<${id}@beauty-booking>`,
      resendOf: null,
      appointmentId: data.appointmentId,
      offeringType: 'clinic',
    });
    expect(log.find((m) => m.kind === 'confirmation')?.lastResponse).toMatch(/^250 /);
  });

  it("alerts staff at the offering's address with the customer's contact details", async () => {
    const email = uniqueAddress('alerted');
    const data = booked(email, { firstName: 'Lia', lastName: 'Santos', contact: '0917 000 1111' });
    await file.svc.publisher.publish('booking.appointment.created', data);
    const alerts = await mailsTo(mailpit, staff, new RegExp(`New booking: Lia Santos`));
    const message = await mailpit.message(alerts[0].ID);
    for (const expected of [email, '0917 000 1111', 'Hydrating Facial', appointmentReference(data.appointmentId)]) expect(message.Text).toContain(expected);
    expect(message.To.map((t) => t.Address)).toEqual([staff]);
  });

  it('follows a reschedule and a cancellation with a notice each, the invitation updated and then withdrawn', async () => {
    const email = uniqueAddress('moved');
    const data = booked(email, { startsAt: new Date('2026-12-01T02:00:00Z') });
    await file.svc.publisher.publish('booking.appointment.created', data);
    await mailsTo(mailpit, email, /request received/i);

    // Wednesday 2 December 2026, 2:30 PM in Manila.
    const moved = rescheduled(data, new Date('2026-12-02T06:30:00Z'));
    await file.svc.publisher.publish('booking.appointment.rescheduled', moved);
    const [notice] = await mailsTo(mailpit, email, /rescheduled/i);
    expect(notice.Subject).toBe('Appointment rescheduled: Wednesday, 2 December 2026, 2:30 PM');
    const update = await inviteOf(mailpit, notice.ID);
    expect(update).toMatchObject(tentativeRequest(data.appointmentId, 1, '2026-12-02T14:30:00'));
    // The manage link of the booking, derived from its id.
    expect((await mailpit.message(notice.ID)).Text).toContain(`/manage/${manageTokenOf(data.appointmentId)}`);

    await file.svc.publisher.publish('booking.appointment.cancelled', cancelled(moved, 'customer'));
    const [cancellation] = await mailsTo(mailpit, email, /cancelled/i);
    const withdrawn = await inviteOf(mailpit, cancellation.ID);
    expect(withdrawn).toMatchObject({ method: 'CANCEL', uid: update.uid, sequence: 2, status: 'CANCELLED' });
    expect(await mailpit.raw(cancellation.ID)).toMatch(/Content-Type: text\/calendar; method=CANCEL; charset=utf-8/i);

    const log = await waitFor('three mails sent', async () => {
      const mails = (await file.svc.mailLog(data.appointmentId)).filter((m) => m.recipient === email && m.kind !== 'reminder');
      return mails.every((m) => m.status === 'sent') && mails.length === 3 && mails;
    });
    expect(log.map((m) => m.kind)).toEqual(['confirmation', 'reschedule', 'cancellation']);
    // The log says in words what the SMTP server's line means, and keeps the line.
    expect(log.map((m) => m.outcome)).toEqual(['Accepted by the mail server', 'Accepted by the mail server', 'Accepted by the mail server']);
    expect(log.map((m) => m.lastResponse)).toEqual([expect.stringMatching(/^250 /), expect.stringMatching(/^250 /), expect.stringMatching(/^250 /)]);
    // Its reminder was moved with it, then dropped.
    const reminders = (await file.svc.mailLog(data.appointmentId)).filter((m) => m.kind === 'reminder');
    expect(reminders.map((m) => [m.status, m.outcome])).toEqual([['cancelled', 'Not sent: no longer needed']]);
  });

  it('sends no cancellation when staff delete without telling the customer, and still drops the reminder', async () => {
    const email = uniqueAddress('quiet');
    const data = booked(email);
    await file.svc.publisher.publish('booking.appointment.created', data);
    await mailsTo(mailpit, email, /request received/i);
    await file.svc.publisher.publish('booking.appointment.cancelled', cancelled(data, 'staff', false));
    await waitFor('the reminder dropped', async () => (await file.svc.mailLog(data.appointmentId)).find((m) => m.kind === 'reminder')?.status === 'cancelled');
    await drained();
    expect((await file.svc.mailLog(data.appointmentId)).map((m) => m.kind).sort()).toEqual(['confirmation', 'reminder', 'staff-alert']);
    expect(await mailpit.messagesTo(email)).toHaveLength(1);
  });

  it('creates nothing twice when an event is delivered again', async () => {
    const email = uniqueAddress('twice');
    const event = buildEnvelope('booking', 'booking.appointment.created', booked(email));
    await file.svc.publisher.publishEnvelope(event);
    await mailsTo(mailpit, email, /request received/i);
    await file.svc.publisher.publishEnvelope(event);
    await drained();
    await new Promise((r) => setTimeout(r, 500));
    expect(await mailpit.messagesTo(email)).toHaveLength(1);
    expect((await file.svc.mailLog(event.data.appointmentId)).map((m) => m.kind).sort()).toEqual(['confirmation', 'reminder', 'staff-alert']);
  });

  it('ignores an event older than what it holds', async () => {
    const email = uniqueAddress('late');
    const data = booked(email);
    const first = rescheduled(data, new Date(Date.parse(data.startTime) + 3_600_000));
    const second = rescheduled(first, new Date(Date.parse(data.startTime) + 7_200_000));
    await file.svc.publisher.publish('booking.appointment.created', data);
    await file.svc.publisher.publish('booking.appointment.rescheduled', second);
    await mailsTo(mailpit, email, /rescheduled/i);
    await file.svc.publisher.publish('booking.appointment.rescheduled', first);
    await drained();
    await new Promise((r) => setTimeout(r, 500));
    const notices = (await mailpit.messagesTo(email)).filter((m) => /rescheduled/i.test(m.Subject));
    expect(notices).toHaveLength(1);
    const copy = await file.svc.models.Appointment.findById(data.appointmentId).lean();
    expect(copy).toMatchObject({ revision: 2, startTime: second.startTime });
  });

  it('makes no record of a kind turned off for the offering', async () => {
    const off = mailSettings('studio', { off: ['confirmation', 'reminder'] });
    expect((await api(file.svc.url, '/api/notification-settings/studio', { method: 'PUT', token: file.svc.token, body: off })).status).toBe(200);
    const email = uniqueAddress('off');
    const data = booked(email, { offeringType: 'studio', items: [{ id: 'p1', name: 'Family Portrait' }] });
    await file.svc.publisher.publish('booking.appointment.created', data);
    await file.svc.publisher.publish('booking.appointment.rescheduled', rescheduled(data, new Date(Date.parse(data.startTime) + 3_600_000)));
    const [notice] = await mailsTo(mailpit, email, /rescheduled/i);
    expect(notice.From).toEqual({ Name: 'Lumière Studio', Address: 'studio@beauty-booking.local' });
    expect((await file.svc.mailLog(data.appointmentId)).map((m) => m.kind)).toEqual(['reschedule']);
  });

  it('mails a newsletter sign-up its confirmation link, with a one-click List-Unsubscribe', async () => {
    const email = uniqueAddress('news');
    const unsubscribeUrl = `${PUBLIC_URL}/api/email-subscribers/unsubscribe?token=sub-1.signature`;
    await file.svc.publisher.publish('subscribers.confirmation.requested', { ...signUp('sub-1', email, 'both', 'confirm-token-123'), unsubscribeUrl });
    const [mail] = await mailsTo(mailpit, email, /confirm your newsletter/i);
    const message = await mailpit.message(mail.ID);
    expect(message.Text).toContain(`${PUBLIC_URL}/api/email-subscribers/confirm?token=confirm-token-123`);
    expect(message.From.Address).toBe('clinic@beauty-booking.local');
    const headers = await mailpit.headers(mail.ID);
    expect(headers['List-Unsubscribe']).toEqual([`<${unsubscribeUrl}>`]);
    expect(headers['List-Unsubscribe-Post']).toEqual(['List-Unsubscribe=One-Click']);
  });

  it('mails a sign-up requested before the unsubscribe link came with it, without List-Unsubscribe', async () => {
    const email = uniqueAddress('news-old');
    await file.svc.publisher.publish('subscribers.confirmation.requested', signUp('sub-2', email, 'clinic', 'confirm-token-456'));
    const [mail] = await mailsTo(mailpit, email, /confirm your newsletter/i);
    expect(await mailpit.headers(mail.ID)).not.toHaveProperty('List-Unsubscribe');
  });
});
