// A visitor's booking after the form: the success panel's calendar file and e-mail line, then
// the manage link of the confirmation mail (read back from Mailpit), moving the appointment
// through the schedule dialog and its confirmation (a time taken meanwhile refused with the server's words), and
// cancelling it.
import fs from 'node:fs';
import ICAL from 'ical.js';
import type { Locator } from 'playwright-core';
import type { BookedAppointment, ManagedAppointment, Package, Settings, Treatment } from '@bb/contracts';
import { appointmentReference, SLOT_FULL_MESSAGE } from '@bb/contracts';
import { mailpit } from '@bb/service-kit/testing';
import { mailBody, manageLinkPath } from './mail-helpers';
import { adminApiToken, api, book, clinicTreatments, manilaDateInDays, seeText, TEST_TIMEOUT } from './maintenance-helpers';
import { choose, dayName, field, fillDetails, openBookingForm, openSchedule, pickFreeSlot, weekLoaded } from './public-helpers';
import { bookingVisitor } from './support/booking';
import { seriousViolations, siteUrl } from './support/browser';
import { browserSuite } from './support/suite';

jest.setTimeout(TEST_TIMEOUT);

const suite = browserSuite({ each: { acceptDownloads: true } });
let treatments: Treatment[];
beforeAll(async () => {
  treatments = await clinicTreatments();
});

const dayLabel = dayName;

/** The date of the coming months that the schedule names `label`. */
function dateNamed(label: string): string {
  for (let d = 0; d < 180; d++) if (dayLabel(manilaDateInDays(d)) === label) return manilaDateInDays(d);
  throw new Error(`no date in the next 180 days reads "${label}"`);
}

/** "2:30 PM" → "14:30". */
function to24Hour(time: string): string {
  const [, h, m, half] = /^(\d{1,2}):(\d{2}) (AM|PM)$/.exec(time) as RegExpExecArray;
  return `${String((Number(h) % 12) + (half === 'PM' ? 12 : 0)).padStart(2, '0')}:${m}`;
}

/**
 * A free slot of the open schedule, at random (other tests book these days too), on another day
 * than the booking's own (beside it, a time is free only to the booking itself): its button and
 * its day and time as worded.
 */
async function someFreeSlot(dialog: Locator, notOn: string): Promise<{ button: Locator; day: string; time: string }> {
  const free = dialog.locator(`section:not([aria-label="${notOn}"])`).getByRole('button', { name: / at \d{1,2}:\d{2} (AM|PM)$/ });
  const count = await free.count();
  if (count === 0) throw new Error('no free slot in the week shown');
  const button = free.nth(Math.floor(Math.random() * count));
  const [, day, time] = /^(.*) at (.*)$/.exec((await button.getAttribute('aria-label')) as string) as RegExpExecArray;
  return { button, day, time };
}

/** The schedule of the manage page, opened by Reschedule, once its week has loaded. */
async function openReschedule(managed: Locator): Promise<Locator> {
  await managed.getByRole('button', { name: 'Reschedule' }).click();
  const dialog = suite.page.getByRole('dialog', { name: 'Choose a New Time' });
  await dialog.waitFor();
  await weekLoaded(dialog);
  return dialog;
}

const when = (managed: Locator) => managed.getByTestId('manage-when').innerText();

describe('managing a booking', () => {
  it('books, adds it to a calendar, opens the mailed manage link, moves it after confirming (a time taken meanwhile is refused) and cancels it', async () => {
    // The refused move below fills a slot with one booking: the clinic takes one per slot.
    expect((await api<Settings>('/api/settings/clinic', { token: await adminApiToken() })).body.maxSessionsPerSlot).toBe(1);
    const treatment = treatments[0];
    const who = bookingVisitor('manage');

    // Book five weeks ahead, clear of the change cut-off and of the other booking tests' weeks.
    const form = await openBookingForm(suite.page, 'clinic');
    await choose(form, treatment.name);
    await pickFreeSlot(await openSchedule(suite.page, form), 5);
    const bookedDate = await field(form, 'Preferred date').inputValue();
    await fillDetails(form, who);
    const answer = suite.page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/appointments');
    await form.getByRole('button', { name: 'Book Appointment' }).click();
    const booked = (await (await answer).json()) as BookedAppointment;
    expect(booked.manageToken).toMatch(/^[A-Za-z0-9_-]{32}$/);

    // The success panel: what, when, where, the reference, where the mail went, and the links.
    const success = suite.page.getByTestId('booking-success');
    await success.waitFor();
    expect(await success.innerText()).toContain(treatment.name);
    expect(await success.getByTestId('booked-offering').innerText()).toBe('Lumière Clinic');
    expect(await success.getByTestId('booked-reference').innerText()).toBe(appointmentReference(booked.id));
    expect(await success.getByTestId('booked-email').innerText()).toBe(`We've e-mailed a confirmation to ${who.email}.`);
    const managePath = `/manage/${booked.manageToken}`;
    expect(await success.getByRole('link', { name: 'Manage booking' }).getAttribute('href')).toBe(managePath);
    const calendar = success.getByRole('link', { name: 'Add to calendar' });
    expect(await calendar.getAttribute('href')).toBe(`/api/manage/${booked.manageToken}/calendar.ics`);
    const [file] = await Promise.all([suite.page.waitForEvent('download'), calendar.click()]);
    const event = new ICAL.Component(ICAL.parse(fs.readFileSync(await file.path(), 'utf8'))).getFirstSubcomponent('vevent');
    const start = event?.getFirstPropertyValue('dtstart') as ICAL.Time;
    expect(event?.getFirstProperty('dtstart')?.getParameter('tzid')).toBe('Asia/Manila');
    expect([start.year, start.month, start.day].map((n) => String(n).padStart(2, '0')).join('-')).toBe(bookedDate);

    // The confirmation mail carries the same manage link.
    const [confirmation] = await mailpit.waitForMails(who.email, /request received/i);
    const mailed = manageLinkPath(await mailBody(confirmation.ID));
    expect(mailed).toBe(managePath);

    await suite.page.goto(siteUrl(mailed));
    const managed = suite.page.getByTestId('managed-booking');
    await managed.waitFor();
    expect(await managed.getByTestId('manage-reference').innerText()).toBe(appointmentReference(booked.id));
    expect(await managed.getByTestId('manage-status').innerText()).toBe('Booked');
    expect(await managed.getByTestId('manage-items').innerText()).toContain(treatment.name);
    expect(await when(managed)).toMatch(new RegExp(`^${dayLabel(bookedDate)}, \\d{4} at \\d{1,2}:\\d{2} (AM|PM)$`));
    const bookedWhen = await when(managed);
    expect(await managed.getByRole('link', { name: 'Add to calendar' }).count()).toBe(1);
    expect(await seriousViolations(suite.page)).toEqual([]);

    // The schedule opens on the booked week, the booked time marked as the visitor's own.
    let dialog = await openReschedule(managed);
    expect(await dialog.locator('[data-current]').innerText()).toContain(bookedWhen.split(' at ')[1]);
    expect(await seriousViolations(suite.page)).toEqual([]);

    // Someone else takes the chosen time between the schedule's reading and the confirmation: refused, and the booking stays.
    const taken = await someFreeSlot(dialog, dayLabel(bookedDate));
    await taken.button.click();
    const confirmMove = suite.page.getByRole('alertdialog', { name: 'Confirm New Time' });
    await confirmMove.waitFor();
    await book({ preferredDate: dateNamed(taken.day), preferredTime: to24Hour(taken.time), treatments: [treatment.id] });
    await confirmMove.getByRole('button', { name: 'Move Appointment' }).click();
    await seeText(suite.page, 'Reschedule Failed');
    await seeText(suite.page, SLOT_FULL_MESSAGE);
    expect(await when(managed)).toBe(bookedWhen);

    // A free time, confirmed: moved, said so, and shown.
    dialog = await openReschedule(managed);
    const target = await someFreeSlot(dialog, dayLabel(bookedDate));
    await target.button.click();
    await confirmMove.getByRole('button', { name: 'Move Appointment' }).click();
    await seeText(suite.page, 'Appointment Rescheduled');
    await managed
      .getByTestId('manage-when')
      .filter({ hasText: new RegExp(`^${target.day}, \\d{4} at ${target.time}$`) })
      .waitFor();
    const moved = (await api<ManagedAppointment>(`/api/manage/${booked.manageToken}`)).body;
    expect(moved).toMatchObject({ preferredDate: dateNamed(target.day), preferredTime: to24Hour(target.time), status: 'pending' });

    // Cancel asks first, then shows the cancelled booking with nothing left to change.
    await managed.getByRole('button', { name: 'Cancel Appointment' }).click();
    const confirm = suite.page.getByRole('alertdialog', { name: 'Cancel Appointment' });
    await confirm.getByRole('button', { name: 'Keep Appointment' }).waitFor();
    expect(await seriousViolations(suite.page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Cancel Appointment' }).click();
    await seeText(suite.page, 'Appointment Cancelled');
    await managed.getByTestId('manage-status').filter({ hasText: 'Cancelled' }).waitFor();
    const cancelled = (await api<ManagedAppointment>(`/api/manage/${booked.manageToken}`)).body;
    expect(cancelled).toMatchObject({ status: 'cancelled', changeable: false });
    expect(await managed.getByTestId('manage-closed-reason').innerText()).toBe(cancelled.changeClosedReason);
    expect(await managed.getByRole('button', { name: 'Reschedule' }).count()).toBe(0);
    expect(await managed.getByRole('button', { name: 'Cancel Appointment' }).count()).toBe(0);
    expect(await managed.getByRole('link', { name: 'Add to calendar' }).count()).toBe(0);
    expect(await seriousViolations(suite.page)).toEqual([]);
  });

  it('says plainly, in the server’s words, when a link names no booking', async () => {
    const unknown = `/manage/${'A'.repeat(32)}`;
    const { status, body } = await api<{ message: string }>(`/api${unknown}`);
    expect(status).toBe(404);
    await suite.page.goto(siteUrl(unknown));
    const problem = suite.page.getByTestId('manage-problem');
    await problem.getByRole('heading', { name: 'Booking Not Found' }).waitFor();
    expect(await problem.innerText()).toContain(body.message);
    expect(await problem.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
    expect(await seriousViolations(suite.page)).toEqual([]);
  });

  it('books a studio package with the same success panel, and its manage page is the studio’s', async () => {
    // The oldest: other files add packages (with deposits, requirements) and remove them while this runs.
    const pkg = (await api<Package[]>('/api/packages?offering=studio')).body.at(-1) as Package;
    const form = await openBookingForm(suite.page, 'studio');
    await choose(form, pkg.name);
    const dialog = await openSchedule(suite.page, form);
    // The studio opens fewer days: the first week from six weeks ahead that has a free slot.
    for (let week = 0; week < 6; week++) {
      await dialog.getByRole('button', { name: 'Next week' }).click();
      await weekLoaded(dialog);
    }
    const free = dialog.getByRole('button', { name: / at \d{1,2}:\d{2} (AM|PM)$/ });
    for (let more = 0; more < 8 && (await free.count()) === 0; more++) {
      await dialog.getByRole('button', { name: 'Next week' }).click();
      await weekLoaded(dialog);
    }
    await pickFreeSlot(dialog, 0);
    const who = bookingVisitor('manage');
    await fillDetails(form, who);
    await form.getByRole('button', { name: 'Book Appointment' }).click();

    const success = suite.page.getByTestId('booking-success');
    await success.waitFor();
    expect(await success.innerText()).toContain(pkg.name);
    expect(await success.getByTestId('booked-offering').innerText()).toBe('Lumière Studio');
    expect(await success.getByTestId('booked-email').innerText()).toBe(`We've e-mailed a confirmation to ${who.email}.`);
    expect(await success.getByRole('link', { name: 'Add to calendar' }).count()).toBe(1);
    await success.getByRole('link', { name: 'Manage booking' }).click();
    await suite.page.waitForURL(/\/manage\/[A-Za-z0-9_-]{32}$/);
    const managed = suite.page.getByTestId('managed-booking');
    await managed.waitFor();
    expect(await managed.getByTestId('manage-offering').innerText()).toBe('Lumière Studio');
    expect(await managed.getByTestId('manage-items').innerText()).toContain(pkg.name);
    // The page takes the booking's side: the studio's colours.
    await suite.page.locator('.lx-page[data-side="studio"]').waitFor();
  });
});
