// Issue 26, the manage page at 1280 and 375 px: "Choose a New Time" counts the visitor's own
// seats as free (the times next to YOUR TIME can be chosen), names every chip, and shows old →
// new before anything is sent; a cancelled booking's page offers no buttons it cannot press; a
// move's answer is not undone by a slower read of the booking started before it.
import type { Page, Request, Route } from 'playwright-core';
import type { BookedAppointment, ManagedAppointment, Treatment } from '@bb/contracts';
import { to12Hour } from '../../web/src/shared/format';
import { SLOT_FULL_MESSAGE } from '@bb/contracts';
import { api, book, clinicTreatments, seeText, slots, TEST_TIMEOUT } from './maintenance-helpers';
import { dayName, farDateOn, SCREENS, weekLoaded } from './public-helpers';
import { seriousViolations, siteUrl } from './support/browser';
import { browserSuite } from './support/suite';

jest.setTimeout(TEST_TIMEOUT);

const suite = browserSuite();
let treatment: Treatment;
beforeAll(async () => {
  // A booking long enough to hold the next half hour too: that is the slot that was wrongly Booked.
  const treatments = await clinicTreatments();
  treatment = treatments.find((t) => (t.defaultDuration ?? 60) >= 60) ?? treatments[0];
});

/** "14:30" → "15:00". */
const halfHourLater = (time: string) => {
  const [h, m] = time.split(':').map(Number);
  const minutes = h * 60 + m + 30;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
};

/** "Tuesday, December 8, 2026 at 10:00 AM", as the manage page words a booking's time. */
const bookedWhen = (date: string, time: string) => `${dayName(date)}, ${date.slice(0, 4)} at ${to12Hour(time)}`;

/**
 * A booking on a random far weekday at a time whose next half hour is free too, so the only
 * thing in the way of moving there is the booking itself.
 */
async function bookWithRoomAfter(): Promise<{ booked: BookedAppointment; date: string; time: string; next: string }> {
  for (let tries = 0; tries < 10; tries++) {
    const date = farDateOn(3);
    const day = (await slots('clinic', date, treatment.id)).slots;
    const free = new Set(day.filter((s) => s.available).map((s) => s.time));
    const time = [...free].find((t) => free.has(halfHourLater(t)));
    if (!time) continue;
    const booked = (await book({ preferredDate: date, preferredTime: time, treatments: [treatment.id] })) as BookedAppointment;
    return { booked, date, time, next: halfHourLater(time) };
  }
  throw new Error('no far Wednesday with two free half hours in a row');
}

async function openManage(page: Page, token: string) {
  await page.goto(siteUrl(`/manage/${token}`));
  const managed = page.getByTestId('managed-booking');
  await managed.waitFor();
  return managed;
}

describe.each(SCREENS)('moving a booking at %s', (_, screen) => {
  it('offers the times next to YOUR TIME, names every chip, and asks old → new before anything is sent', async () => {
    const { booked, date, time, next } = await bookWithRoomAfter();
    const page = await suite.open(screen);
    const moves: string[] = [];
    page.on('request', (r) => r.method() === 'POST' && r.url().includes('/reschedule') && moves.push(r.url()));
    const managed = await openManage(page, booked.manageToken as string);

    await managed.getByRole('button', { name: 'Reschedule' }).click();
    const dialog = page.getByRole('dialog', { name: 'Choose a New Time' });
    await dialog.waitFor();
    await weekLoaded(dialog);
    const day = dialog.getByRole('region', { name: dayName(date) });
    const yours = day.locator('[data-current]');
    expect(await yours.getAttribute('aria-label')).toBe(`${dayName(date)} at ${to12Hour(time)}: your current time`);
    // The half hour after it overlaps only the visitor's own seats: free to move to.
    const target = day.getByRole('button', { name: `${dayName(date)} at ${to12Hour(next)}`, exact: true });
    expect(await target.isEnabled()).toBe(true);
    const names = await dialog.locator('section[aria-label] button').evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label') ?? ''));
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name).toMatch(/^[A-Z][a-z]+day, [A-Z][a-z]+ \d{1,2} at \d{1,2}:\d{2} (AM|PM)(: [a-z ]+)?$/);
    expect(await seriousViolations(page)).toEqual([]);

    await target.click();
    const confirm = page.getByRole('alertdialog', { name: 'Confirm New Time' });
    await confirm.waitFor();
    expect(await confirm.getByTestId('move-from').innerText()).toBe(bookedWhen(date, time));
    expect(await confirm.getByTestId('move-to').innerText()).toBe(bookedWhen(date, next));
    // Nothing has been sent, and the booking is where it was.
    expect(moves).toEqual([]);
    expect((await api<ManagedAppointment>(`/api/manage/${booked.manageToken}`)).body.preferredTime).toBe(time);
    expect(await seriousViolations(page)).toEqual([]);

    // "Choose Another Time" goes back to the schedule, still without sending anything.
    await confirm.getByRole('button', { name: 'Choose Another Time' }).click();
    await dialog.waitFor();
    await weekLoaded(dialog);
    expect(moves).toEqual([]);
    await dialog.getByRole('button', { name: `${dayName(date)} at ${to12Hour(next)}`, exact: true }).click();
    await confirm.getByRole('button', { name: 'Move Appointment' }).click();
    await seeText(page, 'Appointment Rescheduled');
    await managed
      .getByTestId('manage-when')
      .filter({ hasText: bookedWhen(date, next) })
      .waitFor();
    expect(moves).toHaveLength(1);
    expect((await api<ManagedAppointment>(`/api/manage/${booked.manageToken}`)).body).toMatchObject({
      preferredDate: date,
      preferredTime: next,
      status: 'pending',
    });
  });

  it('shows a cancelled booking with why it cannot be changed, and no faded Reschedule or Cancel', async () => {
    const date = farDateOn(2);
    const free = (await slots('clinic', date, treatment.id)).slots.find((s) => s.available);
    if (!free) throw new Error(`no free slot on ${date}`);
    const booked = (await book({ preferredDate: date, preferredTime: free.time, treatments: [treatment.id] })) as BookedAppointment;
    const cancelled = await api<ManagedAppointment>(`/api/manage/${booked.manageToken}/cancel`, { method: 'POST' });
    expect(cancelled.status).toBe(200);

    const page = await suite.open(screen);
    const managed = await openManage(page, booked.manageToken as string);
    await managed.getByTestId('manage-status').filter({ hasText: 'Cancelled' }).waitFor();
    expect(await managed.getByTestId('manage-closed-reason').innerText()).toBe(cancelled.body.changeClosedReason);
    expect(await managed.getByRole('button', { name: 'Reschedule' }).count()).toBe(0);
    expect(await managed.getByRole('button', { name: 'Cancel Appointment' }).count()).toBe(0);
    expect(await managed.getByRole('link', { name: 'Add to calendar' }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
  });
});

describe('a move answered while an older read of the booking is still on its way', () => {
  // Seen on the scaled stack: a refused move rereads the booking; that read answered after the
  // next, successful move, and the page went back to the old time for good.
  it('keeps showing the moved time when the read started before the move lands after it', async () => {
    const { booked, date, time, next } = await bookWithRoomAfter();
    // A time clear of the booking where it is and where it moves to, to be taken by someone else once the visitor has chosen it.
    const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3));
    const length = treatment.defaultDuration ?? 60;
    const clear = (t: string) => minutes(t) + length <= minutes(time) || minutes(t) >= minutes(next) + length;
    const taken = (await slots('clinic', date, treatment.id)).slots.find((s) => s.available && clear(s.time))?.time;
    if (!taken) throw new Error(`no second free hour on ${date}`);
    const token = booked.manageToken as string;

    const page = await suite.open(SCREENS[0][1]);
    let holdReads = false;
    let heldRead: (value: { request: Request; release: () => Promise<void> }) => void = () => undefined;
    const held = new Promise<{ request: Request; release: () => Promise<void> }>((resolve) => (heldRead = resolve));
    await page.route(`**/api/manage/${token}`, async (route: Route) => {
      if (!holdReads || route.request().method() !== 'GET') return route.continue();
      // Read now, so the answer is the booking before the move; delivered only when released.
      const response = await route.fetch();
      heldRead({ request: route.request(), release: () => route.fulfill({ response }) });
    });
    const managed = await openManage(page, token);
    const dialog = page.getByRole('dialog', { name: 'Choose a New Time' });
    const confirm = page.getByRole('alertdialog', { name: 'Confirm New Time' });
    const moveTo = async (slotTime: string) => {
      await managed.getByRole('button', { name: 'Reschedule' }).click();
      await dialog.waitFor();
      await weekLoaded(dialog);
      await dialog.getByRole('button', { name: `${dayName(date)} at ${to12Hour(slotTime)}`, exact: true }).click();
      await confirm.waitFor();
    };

    // Refused: the time went to someone else meanwhile. The page reads the booking again; that read is held.
    await moveTo(taken);
    await book({ preferredDate: date, preferredTime: taken, treatments: [treatment.id] });
    holdReads = true;
    await confirm.getByRole('button', { name: 'Move Appointment' }).click();
    await seeText(page, 'Reschedule Failed');
    await seeText(page, SLOT_FULL_MESSAGE);
    const reread = await held;
    holdReads = false;

    // Moved, and shown.
    await moveTo(next);
    await confirm.getByRole('button', { name: 'Move Appointment' }).click();
    await seeText(page, 'Appointment Rescheduled');
    const movedWhen = bookedWhen(date, next);
    await managed.getByTestId('manage-when').filter({ hasText: movedWhen }).waitFor();

    // The old read lands now; the page has had time to take it in (two frames and a timer) and still shows the move.
    const finished = page.waitForEvent('requestfinished', (r) => r === reread.request);
    await reread.release();
    await finished;
    await page.evaluate('new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 200))))');
    expect(await managed.getByTestId('manage-when').innerText()).toBe(movedWhen);
  });
});
