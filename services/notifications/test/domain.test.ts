import ICAL from 'ical.js';
import { appointmentReference, PENDING_PROMISE, type AppointmentFacts, type NotificationSettings } from '@bb/contracts';
import { renderAppointmentMail, type AppointmentMailInput } from '../src/domain/appointment-mails';
import { appointmentMailId, messageIdOf, newsletterMailId, slotOpenedMailId } from '../src/domain/mail-ids';
import { escapeHtml } from '../src/domain/mail-layout';
import { MAIL_OUTCOMES, mailOutcome } from '../src/domain/mail-outcome';
import { MANAGE_TOKEN_PLACEHOLDER, withManageToken, withoutManageTokens } from '../src/domain/manage-link';
import { manilaClock, manilaDateTime, manilaWallInstant } from '../src/domain/manila-format';
import { newsletterConfirmUrl, renderNewsletterMail } from '../src/domain/newsletter-mail';
import { NOT_SENT, outgoingMail, type StoredMail } from '../src/domain/outgoing-mail';
import { isPermanent, nextAfterFailure, retryDelayMs } from '../src/domain/retry-schedule';
import { defaultSettings, reminderDueAt, slotOpenedOn } from '../src/domain/settings';
import { renderSlotOpenedMail, type SlotOpenedMailInput } from '../src/domain/slot-opened-mail';

const PUBLIC_URL = 'https://booking.example.com/';

const appointment = (over: Partial<AppointmentFacts> = {}): AppointmentFacts => ({
  appointmentId: '665f1c2e9b1d4a0012abcd34',
  revision: 0,
  firstName: 'Ana',
  lastName: 'Cruz',
  email: 'ana@example.com',
  contact: '+63 917 123 4567',
  offeringType: 'clinic',
  items: [{ id: 't1', name: 'Hydrating Facial' }],
  preferredDate: '2026-12-01',
  preferredTime: '10:00',
  // 10:00 to 11:00 in Manila.
  startTime: '2026-12-01T02:00:00.000Z',
  endTime: '2026-12-01T03:00:00.000Z',
  status: 'pending',
  ...over,
});

const clinic: NotificationSettings = { ...defaultSettings('clinic'), staffAlertEmail: 'front-desk@example.com' };
const input = (kind: 'confirmation' | 'reminder' | 'staff-alert', over: Partial<AppointmentFacts> = {}): AppointmentMailInput => ({
  kind,
  appointment: appointment(over),
  manageToken: 'tok_123-abc',
  settings: clinic,
  publicUrl: PUBLIC_URL,
});

/** Every href of an HTML part. */
const hrefs = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1].replace(/&amp;/g, '&'));

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

describe('newsletter confirmation mail', () => {
  it('links to the confirm route with the token, absolute and encoded', async () => {
    const mail = await renderNewsletterMail({ email: 'ana@example.com', confirmToken: 'a+b/c=', settings: defaultSettings('studio'), publicUrl: PUBLIC_URL });
    const link = 'https://booking.example.com/api/email-subscribers/confirm?token=a%2Bb%2Fc%3D';
    expect(newsletterConfirmUrl(PUBLIC_URL, 'a+b/c=')).toBe(link);
    expect(mail.subject).toBe('One last step: confirm your newsletter subscription');
    expect(mail.text).toContain(link);
    expect(hrefs(mail.html)).toEqual([link]);
    expect(mail.html).toContain('#6d3165');
  });

  it('takes up what the sign-up form said ("You\'ve been subscribed to our newsletter.") and asks for the one step left', async () => {
    const mail = await renderNewsletterMail({ email: 'ana@example.com', confirmToken: 't', settings: defaultSettings('clinic'), publicUrl: PUBLIC_URL });
    expect(mail.text).toContain('Thank you for subscribing to the Lumière Clinic newsletter with ana@example.com. One last step');
    expect(mail.text).not.toMatch(/hopefully you/i);
  });
});

describe('what became of a mail, in words for the mail log', () => {
  it('says a mail the server took was accepted, whatever its line said', () => {
    expect(mailOutcome({ status: 'sent', attempts: 1, lastResponse: '250 2.0.0 Ok: queued as 4ZxK1C0bq3z9' })).toBe('Accepted by the mail server');
  });

  it('tells a mail still waiting from one the server has not taken yet', () => {
    expect(mailOutcome({ status: 'queued', attempts: 0, lastResponse: null })).toBe(MAIL_OUTCOMES.waiting);
    expect(mailOutcome({ status: 'queued', attempts: 2, lastResponse: 'connect ECONNREFUSED 127.0.0.1:1025' })).toBe(MAIL_OUTCOMES.retrying);
  });

  it('tells a refusal (a 5xx answer) from attempts that all failed, and keeps our own reasons for a mail never tried', () => {
    expect(
      mailOutcome({
        status: 'failed',
        attempts: 1,
        lastResponse: "Can't send mail - all recipients were rejected: 550 5.1.1 <x@y.test>: Recipient address rejected",
      }),
    ).toBe(MAIL_OUTCOMES.refused);
    expect(mailOutcome({ status: 'failed', attempts: 20, lastResponse: 'Connection timeout' })).toBe(MAIL_OUTCOMES.gaveUp);
    expect(mailOutcome({ status: 'failed', attempts: 0, lastResponse: NOT_SENT.recipient })).toBe(NOT_SENT.recipient);
  });

  it('says why a mail was not sent: our reason when it has one, else that it was no longer needed (a dropped reminder)', () => {
    expect(mailOutcome({ status: 'cancelled', attempts: 0, lastResponse: 'Not sent: its time had passed' })).toBe('Not sent: its time had passed');
    expect(mailOutcome({ status: 'cancelled', attempts: 0, lastResponse: null })).toBe(MAIL_OUTCOMES.notNeeded);
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

describe('mail ids', () => {
  it('are the same for the same appointment, kind and revision, and differ otherwise', () => {
    const id = appointmentMailId('a1', 'confirmation', 0);
    expect(appointmentMailId('a1', 'confirmation', 0)).toBe(id);
    expect(
      new Set([id, appointmentMailId('a1', 'confirmation', 1), appointmentMailId('a1', 'reminder', 0), appointmentMailId('a2', 'confirmation', 0)]).size,
    ).toBe(4);
    expect(newsletterMailId('s1', 't1')).not.toBe(newsletterMailId('s1', 't2'));
    expect(slotOpenedMailId('w1')).toBe(slotOpenedMailId('w1'));
    expect(slotOpenedMailId('w1')).not.toBe(slotOpenedMailId('w2'));
  });

  it('make a valid Message-ID', () => {
    expect(messageIdOf(appointmentMailId('weird id/with spaces', 'confirmation', 0))).toMatch(/^<[0-9a-f]{32}@beauty-booking>$/);
  });
});

describe('reminder time', () => {
  const now = new Date('2026-11-29T00:00:00Z');
  it('is the lead before the start, fractions of an hour included', () => {
    expect(reminderDueAt(new Date('2026-12-01T02:00:00Z'), 24, now)?.toISOString()).toBe('2026-11-30T02:00:00.000Z');
    expect(reminderDueAt(new Date('2026-12-01T02:00:00Z'), 1.5, now)?.toISOString()).toBe('2026-12-01T00:30:00.000Z');
  });
  it('is none when that moment has passed', () => {
    expect(reminderDueAt(new Date('2026-11-29T10:00:00Z'), 24, now)).toBeNull();
  });
});

describe('retry schedule', () => {
  const policy = { baseMs: 2000, maxMs: 60_000, maxAttempts: 20 };

  it('doubles from the base up to the maximum', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map((n) => retryDelayMs(n, policy, 0.5))).toEqual([2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000, 60_000]);
  });

  it('spreads each wait by a quarter either way, never past the maximum', () => {
    expect(retryDelayMs(3, policy, 0)).toBe(6000);
    expect(retryDelayMs(3, policy, 0.999999)).toBe(10_000);
    expect(retryDelayMs(10, policy, 0.999999)).toBe(60_000);
    expect(retryDelayMs(10, policy, 0)).toBe(45_000);
  });

  it('outlasts a two-minute SMTP outage with the default settings', () => {
    let waited = 0;
    for (let attempt = 1; attempt < policy.maxAttempts; attempt++) waited += retryDelayMs(attempt, policy, 0);
    expect(waited).toBeGreaterThan(10 * 60_000);
  });

  it('gives up after the last attempt, or at once on a permanent refusal', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    expect(nextAfterFailure(1, { code: 'ECONNECTION' }, policy, now, 0.5)).toEqual({ retryAt: new Date('2026-01-01T00:00:02Z') });
    expect(nextAfterFailure(20, { code: 'ECONNECTION' }, policy, now)).toBe('failed');
    expect(nextAfterFailure(1, { code: 'EENVELOPE', responseCode: 550 }, policy, now)).toBe('failed');
  });

  it('counts 5xx answers and unusable addresses as permanent; 4xx, connection errors and failed logins are retried', () => {
    expect(isPermanent({ responseCode: 550 })).toBe(true);
    expect(isPermanent({ code: 'EENVELOPE' })).toBe(true);
    expect(isPermanent({ responseCode: 451 })).toBe(false);
    expect(isPermanent({ responseCode: 421, code: 'EENVELOPE' })).toBe(false);
    expect(isPermanent({ code: 'ESOCKET' })).toBe(false);
    expect(isPermanent({ code: 'ETIMEDOUT' })).toBe(false);
    expect(isPermanent({ code: 'EAUTH', responseCode: 535 })).toBe(false);
  });
});

describe('the manage link in a stored mail', () => {
  const TOKEN = 'Zl8cLpsdSgASq80053XqXeNcV0dWF9O7';
  const linkIn = (publicUrl: string, token: string) => `${publicUrl.replace(/\/+$/, '')}/manage/${token}`;
  const eventOf = (ics: string) => new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent('vevent')!;

  it('is stored as the placeholder and gets the token at sending, in the HTML, the text and the calendar file, through its folded lines', async () => {
    expect(MANAGE_TOKEN_PLACEHOLDER).toHaveLength(TOKEN.length);
    let foldedThrough = 0;
    // Site addresses of every length from 20 to 60 characters put the link at every place of the calendar's 75-octet lines.
    for (let extra = 0; extra <= 40; extra++) {
      const publicUrl = `https://b${'x'.repeat(extra)}.example.com`;
      const stored = await renderAppointmentMail({ ...input('confirmation'), manageToken: MANAGE_TOKEN_PLACEHOLDER, publicUrl });
      for (const part of [stored.html, stored.text, stored.attachments[0].content]) expect(part).not.toMatch(/\/manage\/[A-Za-z0-9_-]{32}/);
      const sent = withManageToken(stored, TOKEN);
      const link = linkIn(publicUrl, TOKEN);
      expect(hrefs(sent.html)).toEqual([link]);
      expect(sent.text).toContain(`View your booking: ${link}`);
      const ics = sent.attachments[0].content;
      const event = eventOf(ics);
      expect(event.getFirstPropertyValue('url')).toBe(link);
      expect(String(event.getFirstPropertyValue('description'))).toContain(link);
      expect(ics.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
      if (!ics.includes(TOKEN)) foldedThrough += 1;
    }
    // The check above read links split by a fold, not only whole ones.
    expect(foldedThrough).toBeGreaterThan(0);
  });

  it('takes the tokens out of a mail stored with them, in every part and through folds, so the token of the day goes in at sending', async () => {
    for (let extra = 0; extra <= 40; extra += 7) {
      const publicUrl = `https://b${'x'.repeat(extra)}.example.com`;
      const legacy = await renderAppointmentMail({ ...input('reminder'), kind: 'confirmation', manageToken: TOKEN, publicUrl });
      const kept = withoutManageTokens(legacy);
      for (const part of [kept.html, kept.text, kept.attachments[0].content]) {
        expect(part.replace(/\r\n[ \t]/g, '')).not.toContain(TOKEN);
      }
      // As if stored with the placeholder, but for the stamp of the moment the calendar file was written.
      const unstamped = (mail: typeof kept) => ({
        ...mail,
        attachments: mail.attachments.map((a) => ({ ...a, content: a.content.replace(/DTSTAMP:\w+/, '') })),
      });
      expect(unstamped(kept)).toEqual(
        unstamped(await renderAppointmentMail({ ...input('reminder'), kind: 'confirmation', manageToken: MANAGE_TOKEN_PLACEHOLDER, publicUrl })),
      );
    }
  });
});

describe('a stored mail on its way out', () => {
  const stored = async (over: Partial<StoredMail> = {}): Promise<StoredMail> => ({
    ...(await renderAppointmentMail({ ...input('confirmation'), manageToken: MANAGE_TOKEN_PLACEHOLDER })),
    kind: 'confirmation',
    appointmentId: '665f1c2e9b1d4a0012abcd34',
    recipient: 'ana@example.com',
    from: { name: 'Lumière Clinic', address: 'clinic@beauty-booking.local' },
    messageId: '<m1@beauty-booking>',
    ...over,
  });
  const token = (id: string) => (id === '665f1c2e9b1d4a0012abcd34' ? 'Zl8cLpsdSgASq80053XqXeNcV0dWF9O7' : null);

  it('goes to exactly the one address stored, from the sender, with the token of its appointment', async () => {
    const out = outgoingMail(await stored({ recipient: ' ana@example.com ' }), token);
    if (!out.ok) throw new Error(out.reason);
    expect(out.mail).toMatchObject({
      to: 'ana@example.com',
      from: { name: 'Lumière Clinic', address: 'clinic@beauty-booking.local' },
      messageId: '<m1@beauty-booking>',
    });
    expect(out.mail.text).toContain('/manage/Zl8cLpsdSgASq80053XqXeNcV0dWF9O7');
    expect(out.mail).not.toHaveProperty('listUnsubscribeUrl');
  });

  it('does not go to a stored list of addresses, a display name or a group, nor from a sender that is no one address', async () => {
    for (const recipient of [
      'a@x.test, b@y.test',
      'a@x.test;b@y.test',
      'Ana <a@x.test>',
      'friends: a@x.test, b@y.test;',
      'a@x.test b@y.test',
      '',
      'no-at-sign',
    ]) {
      expect(outgoingMail(await stored({ recipient }), token)).toEqual({ ok: false, reason: NOT_SENT.recipient });
    }
    expect(outgoingMail(await stored({ from: { name: 'Clinic', address: 'clinic@x.test, b@y.test' } }), token)).toEqual({ ok: false, reason: NOT_SENT.sender });
  });

  it('never gets a token into a staff alert, and fails a customer mail whose appointment can have no link', async () => {
    const alert = outgoingMail(await stored({ kind: 'staff-alert', text: `Customer: ${MANAGE_TOKEN_PLACEHOLDER}` }), token);
    if (!alert.ok) throw new Error(alert.reason);
    expect(alert.mail.text).toBe(`Customer: ${MANAGE_TOKEN_PLACEHOLDER}`);
    expect(outgoingMail(await stored({ appointmentId: 'not-an-appointment' }), token)).toEqual({ ok: false, reason: NOT_SENT.manageLink });
  });

  it('carries the unsubscribe link of a newsletter mail', async () => {
    const out = outgoingMail(
      await stored({
        kind: 'newsletter-confirmation',
        appointmentId: null,
        listUnsubscribeUrl: 'https://b.example.com/api/email-subscribers/unsubscribe?token=t',
      }),
      token,
    );
    expect(out.ok && out.mail.listUnsubscribeUrl).toBe('https://b.example.com/api/email-subscribers/unsubscribe?token=t');
  });
});
