import ICAL from 'ical.js';
import { appointmentReference, PENDING_PROMISE } from '@bb/contracts';
import { renderAppointmentMail } from '../src/domain/appointment-mails';
import { escapeHtml } from '../src/domain/mail-layout';
import { manilaClock, manilaDateTime, manilaWallInstant } from '../src/domain/manila-format';
import { defaultSettings, slotOpenedOn } from '../src/domain/settings';
import { renderSlotOpenedMail, type SlotOpenedMailInput } from '../src/domain/slot-opened-mail';
import { PUBLIC_URL, clinic, hrefs, input } from './support/mail-fixtures';

describe('Manila time in mails', () => {
  it('writes a date and time as a letter would, in Manila, 12-hour', () => {
    expect(manilaDateTime(new Date('2026-12-01T02:00:00Z'))).toBe('Tuesday, 1 December 2026, 10:00 AM');
    expect(manilaDateTime(new Date('2026-12-01T16:30:00Z'))).toBe('Wednesday, 2 December 2026, 12:30 AM');
    expect(manilaDateTime(new Date('2026-12-01T04:05:00Z'))).toBe('Tuesday, 1 December 2026, 12:05 PM');
    expect(manilaClock(new Date('2026-12-01T09:00:00Z'))).toBe('5:00 PM');
  });

  it('reads the date and time the events carry as Manila wall time', () => {
    expect(manilaWallInstant('2026-12-01', '10:00').toISOString()).toBe('2026-12-01T02:00:00.000Z');
  });
});

describe('appointment mails', () => {
  it('tells of the request received with greeting, time, treatment, reference, an absolute manage link and a REQUEST invitation', async () => {
    const mail = await renderAppointmentMail(input('confirmation'));
    expect(mail.subject).toBe('Appointment request received: Tuesday, 1 December 2026, 10:00 AM');
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('Hi Ana,');
      expect(part).toContain('Tuesday, 1 December 2026, 10:00 AM to 11:00 AM');
      expect(part).toContain('Hydrating Facial');
      expect(part).toContain(appointmentReference('665f1c2e9b1d4a0012abcd34'));
      expect(part).toContain('Lumière Clinic');
    }
    expect(mail.text).toContain('View your booking: https://booking.example.com/manage/tok_123-abc');
    expect(hrefs(mail.html)).toEqual(['https://booking.example.com/manage/tok_123-abc']);
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]).toMatchObject({ filename: 'invite.ics', contentType: 'text/calendar; method=REQUEST; charset=utf-8' });

    const calendar = new ICAL.Component(ICAL.parse(mail.attachments[0].content));
    const event = calendar.getFirstSubcomponent('vevent')!;
    expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
    expect(event.getFirstPropertyValue('uid')).toBe('appointment-665f1c2e9b1d4a0012abcd34@beauty-booking');
    expect(event.getFirstPropertyValue('sequence')).toBe(0);
    expect(event.getFirstProperty('dtstart')!.getParameter('tzid')).toBe('Asia/Manila');
    expect((event.getFirstPropertyValue('dtstart') as ICAL.Time).toString()).toBe('2026-12-01T10:00:00');
    expect(String(event.getFirstPropertyValue('organizer'))).toBe('mailto:clinic@beauty-booking.local');
  });

  it('names the practitioner, when the booking has one, in the details and the invitation; without one, nothing', async () => {
    const mail = await renderAppointmentMail(input('confirmation', { practitioner: { id: 'staff-1', name: 'Nurse Joy' } }));
    for (const part of [mail.text, mail.html]) expect(part).toContain('Nurse Joy');
    const event = new ICAL.Component(ICAL.parse(mail.attachments[0].content)).getFirstSubcomponent('vevent')!;
    expect(event.getFirstPropertyValue('summary')).toBe('Hydrating Facial with Nurse Joy – Lumière Clinic');
    expect(String(event.getFirstPropertyValue('description'))).toContain('With: Nurse Joy');
    const without = await renderAppointmentMail(input('confirmation'));
    expect(without.text).not.toContain('With');
  });

  it('uses the brand colour of the offering: deep rose for the clinic, plum for the studio', async () => {
    expect((await renderAppointmentMail(input('confirmation'))).html).toContain('#9d174d');
    const studio = await renderAppointmentMail({
      ...input('confirmation', { offeringType: 'studio', items: [{ id: 'p1', name: 'Family Portrait' }] }),
      settings: defaultSettings('studio'),
    });
    expect(studio.html).toContain('#6d3165');
    expect(studio.html).not.toContain('#9d174d');
    expect(studio.text).toContain('Package: Family Portrait');
    expect(studio.text).toContain('Lumière Studio');
  });

  it('escapes every customer-provided string in the HTML', async () => {
    const hostile = '<img src=x onerror=alert(1)>"&\'';
    const mail = await renderAppointmentMail(
      input('staff-alert', {
        firstName: hostile,
        lastName: '<b>Cruz</b>',
        email: 'a"<x>@example.com',
        contact: '<script>1</script>',
        items: [{ id: 't', name: '<i>Peel</i>' }],
      }),
    );
    expect(mail.html).not.toMatch(/<img src=x|<b>Cruz|<script>1|<i>Peel|"<x>/);
    expect(mail.html).toContain(escapeHtml(hostile));
    expect(mail.html).toContain('&lt;i&gt;Peel&lt;/i&gt;');
    // The plain-text part is text: it shows them as written.
    expect(mail.text).toContain('<i>Peel</i>');
  });

  it('alerts staff with the contact details and a link to the console', async () => {
    const mail = await renderAppointmentMail(input('staff-alert'));
    expect(mail.subject).toBe('New booking: Ana Cruz, Tuesday, 1 December 2026, 10:00 AM');
    for (const expected of ['Ana Cruz', 'ana@example.com', '+63 917 123 4567', 'Hydrating Facial', appointmentReference('665f1c2e9b1d4a0012abcd34')])
      expect(mail.text).toContain(expected);
    expect(hrefs(mail.html)).toEqual(['https://booking.example.com/maintenance/appointments']);
    expect(mail.attachments).toEqual([]);
  });

  it('reminds with the manage link and no calendar file', async () => {
    const mail = await renderAppointmentMail(input('reminder'));
    expect(mail.subject).toBe('Reminder: your appointment on Tuesday, 1 December 2026, 10:00 AM');
    expect(mail.subject).not.toMatch(/confirm/i);
    expect(mail.text).toContain('https://booking.example.com/manage/tok_123-abc');
    expect(mail.attachments).toEqual([]);
  });

  it('tells of a reschedule with both times and an updated invitation (same UID, SEQUENCE the revision)', async () => {
    const mail = await renderAppointmentMail({
      ...input('confirmation', { revision: 1, startTime: '2026-12-02T06:30:00.000Z', endTime: '2026-12-02T07:30:00.000Z' }),
      kind: 'reschedule',
      previousStart: new Date('2026-12-01T02:00:00Z'),
      by: 'staff',
    });
    expect(mail.subject).toBe('Appointment rescheduled: Wednesday, 2 December 2026, 2:30 PM');
    expect(mail.text).toContain('Our team has moved your appointment from Tuesday, 1 December 2026, 10:00 AM to a new time');
    const event = new ICAL.Component(ICAL.parse(mail.attachments[0].content)).getFirstSubcomponent('vevent')!;
    expect(event.getFirstPropertyValue('sequence')).toBe(1);
    expect(event.getFirstPropertyValue('uid')).toBe('appointment-665f1c2e9b1d4a0012abcd34@beauty-booking');
    expect((event.getFirstPropertyValue('dtstart') as ICAL.Time).toString()).toBe('2026-12-02T14:30:00');
  });

  it('tells of a reassignment (same time, another practitioner) as a change of practitioner, not a move', async () => {
    const mail = await renderAppointmentMail({
      ...input('confirmation', { revision: 1, practitioner: { id: 'staff-2', name: 'Nurse Bea' } }),
      kind: 'reschedule',
      previousStart: new Date('2026-12-01T02:00:00Z'),
      by: 'staff',
    });
    expect(mail.subject).toBe('Appointment update: Tuesday, 1 December 2026, 10:00 AM');
    expect(mail.text).toContain('Our team has arranged for Nurse Bea to take your appointment. The time stays the same');
    expect(mail.text).not.toContain('moved');
    const event = new ICAL.Component(ICAL.parse(mail.attachments[0].content)).getFirstSubcomponent('vevent')!;
    expect(event.getFirstPropertyValue('sequence')).toBe(1);
    expect(event.getFirstPropertyValue('summary')).toBe('Hydrating Facial with Nurse Bea – Lumière Clinic');
  });

  it('withdraws the invitation on a cancellation and links to booking again, not to the manage page', async () => {
    const mail = await renderAppointmentMail({ ...input('confirmation', { revision: 2, status: 'cancelled' }), kind: 'cancellation', by: 'customer' });
    expect(mail.subject).toBe('Appointment cancelled: Tuesday, 1 December 2026, 10:00 AM');
    expect(mail.text).toContain('As you asked, we have cancelled your appointment');
    expect(mail.attachments[0].contentType).toBe('text/calendar; method=CANCEL; charset=utf-8');
    const calendar = new ICAL.Component(ICAL.parse(mail.attachments[0].content));
    expect(calendar.getFirstPropertyValue('method')).toBe('CANCEL');
    expect(calendar.getFirstSubcomponent('vevent')!.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(hrefs(mail.html)).toEqual(['https://booking.example.com/clinic']);
  });

  it('gives each kind a subject of its own, so mails are told apart by subject', async () => {
    const subjects = await Promise.all(
      [
        renderAppointmentMail(input('confirmation')),
        renderAppointmentMail({ ...input('confirmation'), kind: 'reschedule', previousStart: new Date(), by: 'customer' }),
        renderAppointmentMail({ ...input('confirmation'), kind: 'cancellation', by: 'customer' }),
        renderAppointmentMail(input('reminder')),
        renderAppointmentMail(input('staff-alert')),
      ].map(async (m) => (await m).subject),
    );
    expect(subjects.map((s) => [/received/i.test(s), /resched/i.test(s), /cancel/i.test(s), /remind/i.test(s)])).toEqual([
      [true, false, false, false],
      [false, true, false, false],
      [false, false, true, false],
      [false, false, false, true],
      [false, false, false, false],
    ]);
  });
});

describe('appointment mails say no more than the pages say of the booking at that moment', () => {
  /** Every word a recipient can read: subject, both parts, and the calendar file's. */
  const wordsOf = (mail: { subject: string; text: string; html: string; attachments: { content: string }[] }) =>
    [mail.subject, mail.text, mail.html, ...mail.attachments.map((a) => a.content)].join('\n');
  const statusOfInvite = (content: string) => new ICAL.Component(ICAL.parse(content)).getFirstSubcomponent('vevent')!.getFirstPropertyValue('status');
  const rescheduled = (by: 'customer' | 'staff') =>
    renderAppointmentMail({
      ...input('confirmation', { revision: 1, startTime: '2026-12-01T02:30:00.000Z', endTime: '2026-12-01T03:30:00.000Z' }),
      kind: 'reschedule',
      previousStart: new Date('2026-12-01T02:00:00Z'),
      by,
    });

  it("calls a pending booking a request received, with the booking page's promise, and never confirmed; its invitation is tentative", async () => {
    const mail = await renderAppointmentMail(input('confirmation'));
    expect(wordsOf(mail)).not.toMatch(/confirmed/i);
    expect(mail.subject).toMatch(/request received/i);
    for (const part of [mail.text, mail.html]) expect(part.replace(/&#39;/g, "'")).toContain(PENDING_PROMISE);
    expect(statusOfInvite(mail.attachments[0].content)).toBe('TENTATIVE');
    expect(String(new ICAL.Component(ICAL.parse(mail.attachments[0].content)).getFirstSubcomponent('vevent')!.getFirstPropertyValue('description'))).toContain(
      PENDING_PROMISE,
    );
  });

  it('promises no online change the manage page may not offer (cut-off, move limit): it points to the page', async () => {
    for (const mail of [await renderAppointmentMail(input('confirmation')), await renderAppointmentMail(input('reminder')), await rescheduled('customer')]) {
      expect(mail.text).not.toMatch(/pick another time/i);
      expect(mail.text).toMatch(/the link above shows your booking and how to change or cancel it/i);
    }
  });

  it("moves a pending booking without confirming it: a customer's new time is to be confirmed, one staff chose is not said to be; the invitation stays tentative", async () => {
    const byCustomer = await rescheduled('customer');
    expect(wordsOf(byCustomer)).not.toMatch(/confirmed/i);
    expect(byCustomer.text).toContain("We'll contact you shortly to confirm your new time.");
    expect(statusOfInvite(byCustomer.attachments[0].content)).toBe('TENTATIVE');
    const byStaff = await rescheduled('staff');
    expect(wordsOf(byStaff)).not.toMatch(/confirmed/i);
    expect(byStaff.text).not.toContain('confirm your new time');
    expect(statusOfInvite(byStaff.attachments[0].content)).toBe('TENTATIVE');
  });

  it('reminds of a pending booking without calling it confirmed', async () => {
    const mail = await renderAppointmentMail(input('reminder'));
    expect(wordsOf(mail)).not.toMatch(/confirmed/i);
  });

  it('calls a cancelled booking cancelled, and its calendar file says CANCELLED', async () => {
    const mail = await renderAppointmentMail({ ...input('confirmation', { revision: 2, status: 'cancelled' }), kind: 'cancellation', by: 'staff' });
    expect(mail.subject).toMatch(/cancelled/i);
    expect(mail.text).toContain('has been cancelled');
    expect(wordsOf(mail)).not.toMatch(/confirm/i);
    expect(statusOfInvite(mail.attachments[0].content)).toBe('CANCELLED');
  });

  it('tells staff the booking is pending and what the customer was promised', async () => {
    const mail = await renderAppointmentMail(input('staff-alert'));
    expect(wordsOf(mail)).not.toMatch(/confirmed/i);
    expect(mail.text).toContain('pending');
    expect(mail.text).toContain(PENDING_PROMISE);
  });
});

describe('waitlist mail: a time you wanted is free', () => {
  // Tuesday 5 January 2027, 10:00 in Manila.
  const entry = (over: Partial<SlotOpenedMailInput['entry']> = {}): SlotOpenedMailInput['entry'] => ({
    entryId: 'w1',
    firstName: 'Ana',
    lastName: 'Cruz',
    email: 'ana@example.com',
    offeringType: 'clinic',
    items: [
      { id: 't1', name: 'Hydrating Facial' },
      { id: 't 2&x', name: 'Brow Shaping' },
    ],
    preferredDate: '2027-01-05',
    preferredTime: '10:00',
    startTime: '2027-01-05T02:00:00.000Z',
    position: 2,
    ...over,
  });

  it('names the Manila time and the items, and links to the booking form filled in with the slot', async () => {
    const mail = await renderSlotOpenedMail({ entry: entry(), settings: clinic, publicUrl: PUBLIC_URL });
    expect(mail.subject).toBe('A time you wanted is free: Tuesday, 5 January 2027, 10:00 AM');
    expect(mail.attachments).toEqual([]);
    const [link, ...others] = hrefs(mail.html);
    expect(others).toEqual([]);
    const url = new URL(link);
    expect(`${url.origin}${url.pathname}${url.hash}`).toBe('https://booking.example.com/clinic#booking');
    expect(url.searchParams.get('date')).toBe('2027-01-05');
    expect(url.searchParams.get('time')).toBe('10:00');
    expect(url.searchParams.getAll('item')).toEqual(['t1', 't 2&x']);
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('Hi Ana,');
      expect(part).toContain('Tuesday, 5 January 2027, 10:00 AM');
      expect(part).toContain('Hydrating Facial');
      expect(part).toContain('Brow Shaping');
      expect(part).toContain('first to book it gets it');
    }
    expect(mail.text).toContain(`Book this time: ${link}`);
    expect(mail.text).toContain('Treatments: Hydrating Facial, Brow Shaping');
  });

  it("writes as the studio in the studio's colour, one package named as such", async () => {
    const mail = await renderSlotOpenedMail({
      entry: entry({ offeringType: 'studio', items: [{ id: 'p1', name: 'Family Portrait' }], firstName: ' ' }),
      settings: defaultSettings('studio'),
      publicUrl: PUBLIC_URL,
    });
    expect(mail.text).toContain('Hello,');
    expect(mail.text).toContain('Package: Family Portrait');
    expect(mail.text).toContain('Lumière Studio');
    expect(mail.html).toContain('#6d3165');
    expect(new URL(hrefs(mail.html)[0]).pathname).toBe('/studio');
  });

  it('escapes what the visitor typed', async () => {
    const mail = await renderSlotOpenedMail({ entry: entry({ firstName: '<img src=x onerror=alert(1)>' }), settings: clinic, publicUrl: PUBLIC_URL });
    expect(mail.html).not.toContain('<img src=x');
    expect(mail.html).toContain(escapeHtml('<img src=x onerror=alert(1)>'));
  });

  it('is on unless staff turned it off, settings saved before the switch included', () => {
    expect(slotOpenedOn(defaultSettings('clinic'))).toBe(true);
    const { 'slot-opened': _dropped, ...older } = defaultSettings('clinic').enabled;
    expect(slotOpenedOn({ ...clinic, enabled: older })).toBe(true);
    expect(slotOpenedOn({ ...clinic, enabled: { ...clinic.enabled, 'slot-opened': false } })).toBe(false);
  });
});
