// Issue 26: the mails of a booking and the pages of the same moment tell one story. A visitor
// books in the browser (1280 px); every mail the system sends about that booking is read back
// from Mailpit (to the visitor, and to anyone else it names the booking's reference to: the
// staff alert, when the offering has an address for it), with its calendar file, beside the
// page of that moment: the success panel after booking, the manage page after a move and after
// a cancellation. They must agree about the state of the booking: a pending booking is a request
// the business will confirm (the page's promise), never "confirmed", and its calendar entry is
// TENTATIVE; a cancelled one is cancelled everywhere.
import type { Locator } from 'playwright-core';
import { appointmentReference, PENDING_PROMISE, type BookedAppointment, type ManagedAppointment, type SlotsResponse } from '@bb/contracts';
import { mailpit, readCalendar, waitFor, type MailpitSummary } from '@bb/service-kit/testing';
import { manageLinkPath } from './mail-helpers';
import { api, clinicTreatments, TEST_TIMEOUT, unique } from './maintenance-helpers';
import { choose, fillDetails, openBookingForm, openSchedule, pickFreeSlot } from './public-helpers';
import { siteUrl } from './support/browser';
import { browserSuite } from './support/suite';

jest.setTimeout(TEST_TIMEOUT * 2);

const suite = browserSuite({ once: {} });

type State = 'pending' | 'cancelled';

/** What a text says of the booking's state. */
interface Claims {
  confirmed: boolean;
  cancelled: boolean;
  /** A request received, or the promise to confirm it: what a pending booking is. */
  toBeConfirmed: boolean;
}

function claimsOf(text: string): Claims {
  // Mail HTML writes the apostrophe as an entity; lines fold anywhere.
  const plain = text.replace(/&#39;|&rsquo;|’/g, "'").replace(/\s+/g, ' ');
  return {
    confirmed: /\bconfirmed\b/i.test(plain),
    cancelled: /\bcancell?ed\b/i.test(plain),
    toBeConfirmed: /\brequest received\b|\breceived your (appointment )?request\b|\bto confirm your (appointment|new time)\b/i.test(plain),
  };
}

/** One mail as its recipient reads it: the words, and what its calendar file claims. */
interface ReadMail {
  id: string;
  to: string;
  subject: string;
  claims: Claims;
  /** STATUS of each calendar entry it carries. */
  calendar: string[];
}

const calendarStatuses = (ics: string) => readCalendar(ics).events.map((event) => event.status);

async function readMail(summary: MailpitSummary): Promise<ReadMail> {
  const message = await mailpit.message(summary.ID);
  const files = message.Attachments.filter((a) => a.ContentType === 'text/calendar' || a.FileName.endsWith('.ics'));
  const calendar = (await Promise.all(files.map(async (file) => calendarStatuses(await mailpit.attachment(summary.ID, file.PartID))))).flat();
  return {
    id: summary.ID,
    to: summary.To.map((t) => t.Address).join(', '),
    subject: message.Subject,
    claims: claimsOf(`${message.Subject}\n${message.Text}\n${message.HTML}`),
    calendar,
  };
}

/** Every mail naming the booking: those to the visitor, and any other carrying its reference (the staff alert). */
async function mailsAbout(email: string, reference: string): Promise<MailpitSummary[]> {
  const [toVisitor, naming] = await Promise.all([mailpit.messagesTo(email), mailpit.search(reference)]);
  const byId = new Map([...toVisitor, ...naming].map((m) => [m.ID, m]));
  return [...byId.values()];
}

/**
 * The mails of one moment: from the visitor's `count`-th mail on, every mail about the booking
 * not read at an earlier moment, once they have stopped coming for a couple of seconds (a staff
 * alert goes out beside the visitor's mail, not necessarily before it).
 */
async function mailsOfMoment(email: string, reference: string, count: number, seen: Set<string>): Promise<ReadMail[]> {
  await mailpit.waitForMails(email, /./, count, 90_000);
  let last = -1;
  const fresh = await waitFor(
    'the mails of this moment, settled',
    async () => {
      const found = (await mailsAbout(email, reference)).filter((m) => !seen.has(m.ID));
      const settled = found.length === last;
      last = found.length;
      return settled && found;
    },
    30_000,
    2000,
  );
  for (const m of fresh) seen.add(m.ID);
  return Promise.all(fresh.map(readMail));
}

/** The "Add to calendar" file of the manage link, as a visitor downloads it at that moment. */
async function downloadStatus(token: string): Promise<string[]> {
  const res = await fetch(siteUrl(`/api/manage/${token}/calendar.ics`));
  expect(res.status).toBe(200);
  return calendarStatuses(await res.text());
}

/**
 * Where the page and the mails of a moment disagree about the state the booking is in (read
 * from the API at that moment): each disagreement in words, so a failure says which mail said what.
 */
function disagreements(moment: string, state: State, page: Claims, mails: ReadMail[], download: string[]): string[] {
  const found: string[] = [];
  const say = (what: string, claims: Claims) => {
    if (state === 'pending') {
      if (claims.confirmed) found.push(`${moment}: ${what} says "confirmed", but the booking is pending (a request the business will confirm)`);
      if (claims.cancelled) found.push(`${moment}: ${what} says "cancelled", but the booking is pending`);
    } else {
      if (!claims.cancelled) found.push(`${moment}: ${what} does not say the booking is cancelled`);
      if (claims.confirmed) found.push(`${moment}: ${what} says "confirmed" of a cancelled booking`);
    }
  };
  say('the page', page);
  for (const mail of mails) say(`the mail "${mail.subject}" to ${mail.to}`, mail.claims);
  const expectedStatus = state === 'pending' ? 'TENTATIVE' : 'CANCELLED';
  for (const mail of mails)
    for (const status of mail.calendar)
      if (status !== expectedStatus) found.push(`${moment}: the calendar file of "${mail.subject}" says STATUS:${status}, not ${expectedStatus}`);
  for (const status of download)
    if (status !== expectedStatus) found.push(`${moment}: the "Add to calendar" file says STATUS:${status}, not ${expectedStatus}`);
  return found;
}

/** "14:30" → "2:30 PM", as both the page and the mails write a time. */
const twelveHour = (time: string) => {
  const [h, m] = time.split(':').map(Number);
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
};

/** A time the appointment can move to on its own day (half an hour later when free), else on a later day. */
async function moveTarget(token: string, current: ManagedAppointment): Promise<{ date: string; time: string }> {
  const [h, m] = current.preferredTime.split(':').map(Number);
  const halfHourLater = `${String(h + (m === 30 ? 1 : 0)).padStart(2, '0')}:${m === 30 ? '00' : '30'}`;
  for (let day = 0; day < 21; day++) {
    const date = new Date(Date.parse(`${current.preferredDate}T00:00:00Z`) + day * 86_400_000).toISOString().slice(0, 10);
    const { status, body } = await api<SlotsResponse>(`/api/manage/${token}/available-slots?date=${date}`);
    expect(status).toBe(200);
    const free = body.slots.filter((s) => s.available && !(date === current.preferredDate && s.time === current.preferredTime));
    const target = free.find((s) => date === current.preferredDate && s.time === halfHourLater) ?? free[Math.floor(Math.random() * free.length)];
    if (target) return { date, time: target.time };
  }
  throw new Error('no time to move to in three weeks');
}

describe('the mails of a booking and the pages of the same moment', () => {
  it('agree about its state when it is booked, moved and cancelled', async () => {
    const [treatment] = await clinicTreatments();
    const who = { firstName: 'Tala', lastName: unique('Truth').replace(' ', '-'), email: `${unique('truth').replace(' ', '.')}@example.ph` };
    const seen = new Set<string>();
    const found: string[] = [];

    // Booked in the browser: the success panel, and the mails it causes.
    const form = await openBookingForm(suite.page, 'clinic');
    await choose(form, treatment.name);
    await pickFreeSlot(await openSchedule(suite.page, form), 6);
    await fillDetails(form, who);
    const answer = suite.page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/appointments');
    await form.getByRole('button', { name: 'Book Appointment' }).click();
    const booked = (await (await answer).json()) as BookedAppointment;
    const token = booked.manageToken as string;
    const reference = appointmentReference(booked.id);
    const success = suite.page.getByTestId('booking-success');
    await success.waitFor();
    const successText = await success.innerText();
    expect(successText).toContain(PENDING_PROMISE);
    expect((await api<ManagedAppointment>(`/api/manage/${token}`)).body.status).toBe('pending');
    const bookedMails = await mailsOfMoment(who.email, reference, 1, seen);
    const [received] = bookedMails.filter((m) => m.to === who.email);
    expect(received).toBeDefined();
    // The visitor's mail tells the same story as the panel: a request, which the business will confirm.
    expect(received.claims.toBeConfirmed).toBe(true);
    expect(received.calendar).toHaveLength(1);
    found.push(...disagreements('after booking', 'pending', claimsOf(successText), bookedMails, await downloadStatus(token)));

    // Moved (half an hour later when free): the manage page, opened from the mail's own link, and the notice.
    const before = (await api<ManagedAppointment>(`/api/manage/${token}`)).body;
    const target = await moveTarget(token, before);
    const moved = await api<ManagedAppointment>(`/api/manage/${token}/reschedule`, {
      method: 'POST',
      body: { preferredDate: target.date, preferredTime: target.time },
    });
    expect(moved.status).toBe(200);
    const movedMails = await mailsOfMoment(who.email, reference, 2, seen);
    const notice = movedMails.find((m) => m.to === who.email);
    expect(notice?.subject).toContain(twelveHour(target.time));
    const receivedBody = await mailpit.message(received.id);
    await suite.page.goto(siteUrl(manageLinkPath(`${receivedBody.Text}\n${receivedBody.HTML}`)));
    const managed: Locator = suite.page.getByTestId('managed-booking');
    await managed.waitFor();
    await managed.getByText(twelveHour(target.time), { exact: false }).first().waitFor();
    expect(moved.body.status).toBe('pending');
    found.push(...disagreements('after the move', 'pending', claimsOf(await managed.innerText()), movedMails, await downloadStatus(token)));

    // Cancelled on the manage page: the page, and the cancellation.
    await managed.getByRole('button', { name: 'Cancel Appointment' }).click();
    await suite.page.getByRole('alertdialog', { name: 'Cancel Appointment' }).getByRole('button', { name: 'Cancel Appointment' }).click();
    await waitFor('the appointment cancelled', async () => (await api<ManagedAppointment>(`/api/manage/${token}`)).body.status === 'cancelled', 30_000, 250);
    await managed
      .getByText(/cancelled/i)
      .first()
      .waitFor();
    const cancelledMails = await mailsOfMoment(who.email, reference, 3, seen);
    expect(cancelledMails.some((m) => m.to === who.email)).toBe(true);
    found.push(...disagreements('after cancelling', 'cancelled', claimsOf(await managed.innerText()), cancelledMails, await downloadStatus(token)));

    expect(found).toEqual([]);
  });
});
