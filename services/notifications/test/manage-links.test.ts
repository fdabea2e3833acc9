import { randomBytes } from 'node:crypto';
import type { EventData, Mail } from '@bb/contracts';
import { api, mailpit, waitFor } from '@bb/service-kit/testing';
import { renderAppointmentMail } from '../src/domain/appointment-mails';
import { defaultSettings } from '../src/domain/settings';
import { MailStore } from '../src/store/mail-store';
import { booked, cancelled, clinicMailsInFile, factsOf, inviteOf, mailsTo, manageTokenOf, PUBLIC_URL, rescheduled, uniqueAddress } from './harness';

// The manage link's token is derived from the appointment id when a mail is sent: none is
// stored by this service (not in its appointment copies, not in its mail records), and none
// comes in the `created` event.
const file = clinicMailsInFile('notif_links');
const { staff } = file;

/** Every string stored in the service's database, with a calendar file's folded lines joined again. */
async function storedText(): Promise<string[]> {
  const found: string[] = [];
  const walk = (value: unknown): void => {
    if (typeof value === 'string') found.push(value.replace(/\r\n[ \t]/g, ''));
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object' && !(value instanceof Date)) Object.values(value).forEach(walk);
  };
  for (const { name } of await file.svc.conn.db!.listCollections().toArray()) walk(await file.svc.conn.db!.collection(name).find().toArray());
  return found;
}

describe('manage links', () => {
  it("are in the customer's mails but nowhere in this service's database once a booking's mails went out", async () => {
    const email = uniqueAddress('no-token');
    const data = booked(email);
    const token = manageTokenOf(data.appointmentId);
    const link = `${PUBLIC_URL}/manage/${token}`;
    // As booking published it before: an event still in its outbox when this version started.
    await file.svc.publisher.publish('booking.appointment.created', { ...data, manageToken: token } as EventData<'booking.appointment.created'>);
    const [confirmation] = await mailsTo(mailpit, email, /request received/i);
    const message = await mailpit.message(confirmation.ID);
    expect(message.Text).toContain(link);
    expect(message.HTML).toContain(`href="${link}"`);
    // In the invitation's description and as its URL.
    expect((await inviteOf(mailpit, confirmation.ID)).text.replace(/\r\n[ \t]/g, '').split(link)).toHaveLength(3);

    const moved = rescheduled(data, new Date(Date.parse(data.startTime) + 3_600_000));
    await file.svc.publisher.publish('booking.appointment.rescheduled', moved);
    const [notice] = await mailsTo(mailpit, email, /rescheduled/i);
    expect((await mailpit.message(notice.ID)).Text).toContain(link);
    await file.svc.publisher.publish('booking.appointment.cancelled', cancelled(moved, 'staff'));
    const [cancellation] = await mailsTo(mailpit, email, /cancelled/i);
    expect((await inviteOf(mailpit, cancellation.ID)).text.replace(/\r\n[ \t]/g, '')).toContain(link);
    await mailsTo(mailpit, staff, /New booking/i);
    await waitFor('every mail recorded', async () => (await file.svc.mailLog(data.appointmentId)).filter((m) => m.status === 'sent').length === 4);

    const stored = await storedText();
    expect(stored.filter((text) => text.includes(data.appointmentId)).length).toBeGreaterThan(0);
    expect(stored.filter((text) => text.includes(token))).toEqual([]);
  });

  it('are taken out of what was stored before, at start, and a resent mail carries the derived link', async () => {
    const email = uniqueAddress('legacy');
    const data = booked(email);
    const oldToken = randomBytes(24).toString('base64url');
    // A copy and a sent confirmation as the previous version stored them: the token in clear.
    const { appointmentId, ...facts } = factsOf(data);
    await file.svc.models.Appointment.collection.insertOne({ _id: appointmentId as never, ...facts, manageToken: oldToken });
    const content = await renderAppointmentMail({
      kind: 'confirmation',
      appointment: factsOf(data),
      manageToken: oldToken,
      settings: defaultSettings('clinic'),
      publicUrl: PUBLIC_URL,
    });
    const mailId = randomBytes(16).toString('hex');
    const now = new Date();
    // Queued for later, so no sender takes it before it is marked sent.
    const later = new Date(now.getTime() + 3_600_000);
    await new MailStore(file.svc.models).queue({
      id: mailId,
      kind: 'confirmation',
      appointmentId,
      offeringType: 'clinic',
      recipient: email,
      from: { name: 'Lumière Clinic', address: 'clinic@beauty-booking.local' },
      content,
      dueAt: later,
      createdAt: now,
    });
    await file.svc.models.Mail.updateOne({ _id: mailId }, { $set: { status: 'sent', sentAt: now, dueAt: now, attempts: 1 } });
    expect((await storedText()).filter((text) => text.includes(oldToken)).length).toBeGreaterThan(0);

    await file.svc.stop();
    await file.svc.start();
    expect((await storedText()).filter((text) => text.includes(oldToken))).toEqual([]);
    expect(await file.svc.models.Appointment.collection.findOne({ _id: appointmentId as never })).not.toHaveProperty('manageToken');
    // A second start finds nothing left to do and changes nothing.
    const before = await file.svc.models.Mail.findById(mailId).lean();
    await file.svc.stop();
    await file.svc.start();
    expect(await file.svc.models.Mail.findById(mailId).lean()).toEqual(before);

    const resent = await api<Mail>(file.svc.url, `/api/mails/${mailId}/resend`, { method: 'POST', token: file.svc.token });
    expect(resent.status).toBe(201);
    const [copy, ...more] = await mailsTo(mailpit, email, /request received/i);
    expect(more).toEqual([]);
    const text = (await mailpit.message(copy.ID)).Text;
    expect(text).toContain(`${PUBLIC_URL}/manage/${manageTokenOf(appointmentId)}`);
    expect(text).not.toContain(oldToken);
  });
});
