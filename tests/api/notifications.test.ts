// Mails of an appointment's life, through the gateway and read back from Mailpit: the
// confirmation with its calendar invitation and manage link, rescheduling and cancelling
// through that link (capacity taken and freed, each with its mail and .ics), the change
// cut-off, the staff alert, and a reminder that arrives once — never for a cancelled booking.
import type { BookedAppointment, ManagedAppointment, NotificationSettings, Settings, SlotsResponse, Treatment } from '@bb/contracts';
import { appointmentReference } from '@bb/contracts';
import { manilaDateInDays } from '@bb/service-kit';
import { mailpit, readCalendar, waitFor } from '@bb/service-kit/testing';
import { adminLogin, api, gateway, plainClinicTreatmentId, runAddress } from './support';

jest.setTimeout(5 * 60 * 1000);

const address = runAddress('notify');

let token = '';
let treatmentId = '';
let packageId = '';

beforeAll(async () => {
  token = await adminLogin();
  treatmentId = await plainClinicTreatmentId(token);
  // The oldest: other files add packages (with deposits, requirements) and remove them while this runs.
  packageId = ((await api<Treatment[]>('/api/packages?offering=studio')).body.at(-1) as Treatment).id;
});

/** The one VEVENT of a mailed calendar file, with the calendar's METHOD. */
function parseInvite(text: string) {
  const { method, events } = readCalendar(text);
  if (events.length === 0) throw new Error('no VEVENT in the calendar file');
  return { ...events[0], method, start: new Date(events[0].start) };
}

const mailsTo = (email: string, subject: RegExp, count = 1) => mailpit.waitForMails(email, subject, count);

/** The calendar file attached to a mail, parsed. */
async function inviteOf(id: string) {
  const message = await mailpit.message(id);
  const part = message.Attachments.find((a) => a.FileName.endsWith('.ics') || a.ContentType.startsWith('text/calendar'));
  if (!part) throw new Error(`mail ${id} has no calendar attachment`);
  return { message, invite: parseInvite(await mailpit.attachment(id, part.PartID)) };
}

const manilaInstant = (date: string, time: string) => new Date(`${date}T${time}:00+08:00`);

async function bookClinic(email: string, date: string, time: string) {
  const res = await api<BookedAppointment>('/api/appointments', {
    method: 'POST',
    body: {
      firstName: 'Nina',
      lastName: 'Notify',
      email,
      contact: '0917 555 0110',
      preferredDate: date,
      preferredTime: time,
      treatments: [treatmentId],
      offeringType: 'clinic',
    },
  });
  expect(res.status).toBe(201);
  return res.body;
}

/** A free clinic slot of a far day (random, so no other run shares it) and the next free one after it. */
async function twoFreeClinicSlots(): Promise<{ date: string; first: string; second: string }> {
  for (;;) {
    const date = manilaDateInDays(400 + Math.floor(Math.random() * 2000));
    const slots = (await api<SlotsResponse>(`/api/available-slots?offeringType=clinic&date=${date}&treatmentId=${treatmentId}`)).body.slots.filter(
      (s) => s.available,
    );
    if (slots.length >= 4) return { date, first: slots[0].time, second: slots[3].time };
  }
}

const slotFree = async (date: string, time: string) =>
  (await api<SlotsResponse>(`/api/available-slots?offeringType=clinic&date=${date}&treatmentId=${treatmentId}`)).body.slots.find((s) => s.time === time)
    ?.available;

describe('appointment mails', () => {
  it('confirms with an invitation and a manage link, then reschedules and cancels through it with a mail each', async () => {
    const email = address('life');
    const { date, first, second } = await twoFreeClinicSlots();
    const booked = await bookClinic(email, date, first);
    expect(booked.manageToken).toMatch(/^[A-Za-z0-9_-]{32}$/);

    const [confirmation] = await mailsTo(email, /request received/i);
    const { message, invite } = await inviteOf(confirmation.ID);
    expect(invite).toMatchObject({ method: 'REQUEST', sequence: 0, status: 'TENTATIVE' });
    expect(invite.start.getTime()).toBe(manilaInstant(date, first).getTime());
    expect(invite.tzid).toBe('Asia/Manila');
    expect(message.Text).toContain(appointmentReference(booked.id));
    const link = new RegExp(`${gateway().replace(/[.:/]/g, '\\$&')}/manage/([A-Za-z0-9_-]{32})`).exec(message.Text + message.HTML);
    expect(link?.[1]).toBe(booked.manageToken);

    const view = await api<ManagedAppointment>(`/api/manage/${booked.manageToken}`);
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({
      reference: appointmentReference(booked.id),
      preferredDate: date,
      preferredTime: first,
      status: 'pending',
      changeable: true,
    });

    // Reschedule: the new time is taken, the old one freed, and a new invitation replaces the first.
    expect(await slotFree(date, first)).toBe(false);
    const moved = await api<ManagedAppointment>(`/api/manage/${booked.manageToken}/reschedule`, {
      method: 'POST',
      body: { preferredDate: date, preferredTime: second },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.preferredTime).toBe(second);
    expect(await slotFree(date, first)).toBe(true);
    expect(await slotFree(date, second)).toBe(false);
    const [rescheduled] = await mailsTo(email, /resched|moved|new time/i);
    const update = (await inviteOf(rescheduled.ID)).invite;
    expect(update).toMatchObject({ method: 'REQUEST', uid: invite.uid, sequence: 1, status: 'TENTATIVE' });
    expect(update.start.getTime()).toBe(manilaInstant(date, second).getTime());

    // Cancel: the time is free again and the calendar entry is withdrawn.
    const cancelled = await api<ManagedAppointment>(`/api/manage/${booked.manageToken}/cancel`, { method: 'POST' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('cancelled');
    expect(await slotFree(date, second)).toBe(true);
    const [cancellation] = await mailsTo(email, /cancel/i);
    const withdrawn = (await inviteOf(cancellation.ID)).invite;
    expect(withdrawn).toMatchObject({ method: 'CANCEL', uid: invite.uid, status: 'CANCELLED' });
    expect(withdrawn.sequence).toBeGreaterThan(1);

    // A cancelled booking cannot be moved, and the staff mail log lists all three mails as sent.
    const refused = await api(`/api/manage/${booked.manageToken}/reschedule`, { method: 'POST', body: { preferredDate: date, preferredTime: first } });
    expect(refused.status).toBe(409);
    // A mail reaches the SMTP server a moment before its sender records it sent (on the scaled
    // stack, the scaled run found, long enough to read 'queued').
    const customerMails = async () =>
      (await api<{ kind: string; status: string }[]>(`/api/appointments/${booked.id}/mails`, { token })).body
        .filter((m) => m.kind !== 'reminder' && m.kind !== 'staff-alert')
        .map((m) => [m.kind, m.status]);
    await waitFor('the cancellation recorded as sent', async () => (await customerMails()).every(([, status]) => status !== 'queued'), 10000);
    expect(await customerMails()).toEqual([
      ['confirmation', 'sent'],
      ['reschedule', 'sent'],
      ['cancellation', 'sent'],
    ]);
  });

  it('answers 404 to a link nobody was given', async () => {
    const res = await api(`/api/manage/${'A'.repeat(32)}`);
    expect(res.status).toBe(404);
    expect(res.body.message).toMatch(/link/i);
  });

  it("alerts staff at the offering's address", async () => {
    const staff = address('staff');
    const before = (await api<NotificationSettings>('/api/notification-settings/clinic', { token })).body;
    const { offeringType: _offering, ...editable } = before;
    expect((await api('/api/notification-settings/clinic', { method: 'PUT', token, body: { ...editable, staffAlertEmail: staff } })).status).toBe(200);
    try {
      const { date, first } = await twoFreeClinicSlots();
      const booked = await bookClinic(address('alerted'), date, first);
      const [alert] = await mailsTo(staff, /./);
      const message = await mailpit.message(alert.ID);
      expect(message.Text).toContain('Nina');
      expect(message.Text).toContain(address('alerted'));
      expect(message.Text).toContain(appointmentReference(booked.id));
    } finally {
      await api('/api/notification-settings/clinic', { method: 'PUT', token, body: editable });
    }
  });
});

describe('studio: reminders and the change cut-off', () => {
  /**
   * Two free studio slots (for the first package), picked by the rules under test so the test
   * holds at any hour: the first from 15 minutes on; the second on a later day, past the change
   * cut-off (it is cancelled through its link) and within a reminder lead's reach (168 hours).
   */
  async function nextFreeStudioSlots(cutoffHours: number): Promise<{ date: string; time: string; start: Date }[]> {
    const latest = Date.now() + 167 * 3600000;
    const firstFree = async (earliest: number, afterDate: string) => {
      for (let day = 0; day <= 7; day++) {
        const date = manilaDateInDays(day);
        if (date <= afterDate) continue;
        const slots = (await api<SlotsResponse>(`/api/available-slots?offeringType=studio&date=${date}&treatmentId=${packageId}`)).body.slots;
        const free = slots
          .map((s) => ({ date, time: s.time, start: manilaInstant(date, s.time), available: s.available }))
          .find((s) => s.available && s.start.getTime() > earliest && s.start.getTime() < latest);
        if (free) return { date: free.date, time: free.time, start: free.start };
      }
      return undefined;
    };
    const first = await firstFree(Date.now() + 15 * 60000, '');
    const second = first && (await firstFree(Date.now() + (cutoffHours + 1) * 3600000, first.date));
    return [first, second].filter((slot) => slot !== undefined);
  }

  it('sends a reminder due now exactly once, and none for a cancelled appointment; refuses changes inside the cut-off', async () => {
    const { changeCutoffHours } = (await api<Settings>('/api/settings/studio', { token })).body;
    const [a, b] = await nextFreeStudioSlots(changeCutoffHours);
    expect(b).toBeDefined();
    const before = (await api<NotificationSettings>('/api/notification-settings/studio', { token })).body;
    const { offeringType: _offering, ...editable } = before;
    const leadFor = (start: Date, dueInMs: number) => (start.getTime() - Date.now() - dueInMs) / 3600000;
    const setLead = async (hours: number) =>
      expect((await api('/api/notification-settings/studio', { method: 'PUT', token, body: { ...editable, reminderLeadHours: hours } })).status).toBe(200);
    const book = async (slot: { date: string; time: string }, email: string) => {
      const res = await api<BookedAppointment>('/api/appointments', {
        method: 'POST',
        body: {
          firstName: 'Rita',
          lastName: 'Remind',
          email,
          contact: '0917 555 0111',
          preferredDate: slot.date,
          preferredTime: slot.time,
          treatments: [packageId],
          offeringType: 'studio',
        },
      });
      expect(res.status).toBe(201);
      return res.body;
    };
    const kept = address('reminded');
    const dropped = address('not-reminded');
    try {
      await setLead(leadFor(a.start, 20000));
      await book(a, kept);
      const cancelledOne = await book(b, dropped);
      expect((await api(`/api/manage/${cancelledOne.manageToken}/cancel`, { method: 'POST' })).status).toBe(200);
      await mailsTo(kept, /remind/i);

      // The cancelled appointment's reminder would be due in 5 s with this lead: it never comes.
      await setLead(leadFor(b.start, 5000));
      await new Promise((r) => setTimeout(r, 20000));
      expect((await mailpit.messagesTo(dropped)).filter((m) => /remind/i.test(m.Subject))).toEqual([]);
      // Moving the lead does not send a reminder that went out already.
      expect((await mailpit.messagesTo(kept)).filter((m) => /remind/i.test(m.Subject))).toHaveLength(1);

      // A is within 30 days: a 720-hour cut-off closes it to online changes.
      const settings = (await api<Settings>('/api/settings/studio', { token })).body;
      expect((await api('/api/settings/studio', { method: 'PUT', token, body: { changeCutoffHours: 720 } })).status).toBe(200);
      try {
        const keptToken = (await mailsTo(kept, /request received/i))[0];
        const text = (await mailpit.message(keptToken.ID)).Text;
        const manageToken = /\/manage\/([A-Za-z0-9_-]{32})/.exec(text)![1];
        const refused = await api(`/api/manage/${manageToken}/cancel`, { method: 'POST' });
        expect(refused.status).toBe(409);
        expect(refused.body.message).toBe('Online changes close 720 hours before the appointment. Please contact us to change it.');
        const view = await api<ManagedAppointment>(`/api/manage/${manageToken}`);
        expect(view.body).toMatchObject({ changeable: false, status: 'pending' });
        expect((await api(`/api/manage/${manageToken}/cancel`, { method: 'POST' })).status).toBe(409);
      } finally {
        await api('/api/settings/studio', { method: 'PUT', token, body: { changeCutoffHours: settings.changeCutoffHours } });
      }
    } finally {
      await api('/api/notification-settings/studio', { method: 'PUT', token, body: editable });
    }
  });
});
