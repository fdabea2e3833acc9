// Issue 28, two visitors after one slot at a clinic taking one booking per slot: the time the
// first picks is held for them while they fill in the form (the second sees it taken, or is
// told at once that it was just booked), they book within the hold, and a hold left behind
// frees the slot when it expires. The test stack holds for a minute (SLOT_HOLD_MINUTES=1 in
// scripts/test.mjs). The day is a random far one, so no other test's bookings or holds meet it.
import type { Locator, Page, Response } from 'playwright-core';
import { SLOT_FULL_MESSAGE, type Settings, type SlotHold, type Treatment } from '@bb/contracts';
import { to12Hour } from '../../web/src/shared/format';
import { api, clinicTreatments, seeText, slots, TEST_TIMEOUT } from './maintenance-helpers';
import { choose, dayName, farDateOn, field, fillDetails, openBookingForm, openSchedule, weekLoaded } from './public-helpers';
import { bookingVisitor } from './support/booking';
import { browserSuite } from './support/suite';

const suite = browserSuite({ signIn: true });
let treatment: Treatment;
let capacityBefore: number;

beforeAll(async () => {
  [treatment] = await clinicTreatments();
  capacityBefore = (await api<Settings>('/api/settings/clinic', { token: suite.token })).body.maxSessionsPerSlot;
  expect((await api('/api/settings/clinic', { method: 'PUT', token: suite.token, body: { maxSessionsPerSlot: 1 } })).status).toBe(200);
});
afterAll(async () => {
  await api('/api/settings/clinic', { method: 'PUT', token: suite.token, body: { maxSessionsPerSlot: capacityBefore } });
});

/** A random free slot of the treatment on a random far weekday (Tuesday to Friday) that is open. */
async function farFreeSlot(): Promise<{ date: string; time: string }> {
  for (let tries = 0; tries < 20; tries++) {
    const date = farDateOn(2 + Math.floor(Math.random() * 4));
    const free = (await slots('clinic', date, treatment.id)).slots.filter((s) => s.available);
    if (free.length > 0) return { date, time: free[Math.floor(Math.random() * free.length)].time };
  }
  throw new Error('no open far day with a free slot');
}

/** Whether the slot is free for somebody without a hold, as the site's API says. */
const freeForOthers = async (date: string, time: string) => (await slots('clinic', date, treatment.id)).slots.find((s) => s.time === time)?.available;

/** A visitor's booking form with the treatment ticked. */
async function visitorForm(): Promise<{ page: Page; form: Locator }> {
  const page = await suite.open();
  const form = await openBookingForm(page, 'clinic');
  await choose(form, treatment.name);
  return { page, form };
}

/** The schedule opened at the date's week. */
async function scheduleAt(page: Page, form: Locator, date: string): Promise<Locator> {
  const dialog = await openSchedule(page, form);
  await dialog.getByLabel('Jump to a date').fill(date);
  await dialog.getByRole('region', { name: dayName(date) }).waitFor();
  await weekLoaded(dialog);
  return dialog;
}

/** The slot's chip in the open schedule. */
const chip = (dialog: Locator, date: string, time: string) => dialog.getByRole('region', { name: dayName(date) }).locator(`[data-time="${time}"]`);

const holdAnswer = (page: Page): Promise<Response> =>
  page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/slot-holds');

/** Picks the free slot in the open schedule; the hold's answer. */
async function pick(page: Page, dialog: Locator, date: string, time: string): Promise<Response> {
  const answer = holdAnswer(page);
  await dialog.getByRole('button', { name: `${dayName(date)} at ${to12Hour(time)}`, exact: true }).click();
  return answer;
}

/** Books what the form holds, as the visitor; the booking's request body and status. */
async function book(page: Page, form: Locator): Promise<{ body: { holdId?: string }; status: number }> {
  await fillDetails(form, bookingVisitor('held'));
  const answer = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/appointments');
  await form.getByRole('button', { name: 'Book Appointment' }).click();
  const response = await answer;
  return { body: response.request().postDataJSON() as { holdId?: string }, status: response.status() };
}

describe('a slot held while the visitor fills in the form', () => {
  it(
    'is taken for everybody else (a late pick of it is told at once), stays free for its holder, who books within it',
    async () => {
      const { date, time } = await farFreeSlot();
      const first = await visitorForm();
      const second = await visitorForm();
      // The second visitor's schedule is open, the slot free, before the first one picks it.
      const secondDialog = await scheduleAt(second.page, second.form, date);
      expect(await chip(secondDialog, date, time).getAttribute('data-reason')).toBe('free');

      const firstDialog = await scheduleAt(first.page, first.form, date);
      const held = await pick(first.page, firstDialog, date, time);
      expect(held.status()).toBe(201);
      const hold = (await held.json()) as SlotHold;
      await seeText(first.page, 'Time Selected');
      expect(await freeForOthers(date, time)).toBe(false);

      // The second visitor picks it from the schedule they had open: told at once, before any
      // details are typed, and the day read again shows it booked.
      const refused = await pick(second.page, secondDialog, date, time);
      expect(refused.status()).toBe(409);
      await seeText(second.page, SLOT_FULL_MESSAGE);
      const secondTime = field(second.form, 'Preferred time');
      for (let i = 0; i < 40 && (await secondTime.getAttribute('aria-invalid')) !== 'true'; i++) await second.page.waitForTimeout(250);
      expect(await secondTime.getAttribute('aria-invalid')).toBe('true');
      const secondAgain = await openSchedule(second.page, second.form);
      expect(await chip(secondAgain, date, time).getAttribute('data-reason')).toBe('booked');
      await second.page.keyboard.press('Escape');

      // The holder's own schedule still offers it to them (their hold counts as free for them).
      const firstAgain = await openSchedule(first.page, first.form);
      expect(await chip(firstAgain, date, time).getAttribute('data-reason')).toBe('free');
      await first.page.keyboard.press('Escape');
      await firstAgain.waitFor({ state: 'hidden' });

      const booking = await book(first.page, first.form);
      expect(booking).toEqual({ body: expect.objectContaining({ holdId: hold.holdId }), status: 201 });
      await seeText(first.page, 'Appointment Booked!');
      await first.page.getByTestId('booking-success').waitFor();
      expect(await freeForOthers(date, time)).toBe(false);
    },
    TEST_TIMEOUT,
  );

  it(
    'left behind (the page closed), frees the slot when it expires, and another visitor picks and books it',
    async () => {
      const { date, time } = await farFreeSlot();
      const first = await visitorForm();
      const held = await pick(first.page, await scheduleAt(first.page, first.form, date), date, time);
      expect(held.status()).toBe(201);
      const { expiresAt } = (await held.json()) as SlotHold;
      const lasts = Date.parse(expiresAt) - Date.now();
      // One minute on the test stack: a longer hold means the launcher did not shorten it.
      expect(lasts).toBeLessThanOrEqual(62_000);
      await first.page.close();

      const second = await visitorForm();
      const dialog = await scheduleAt(second.page, second.form, date);
      expect(await chip(dialog, date, time).getAttribute('data-reason')).toBe('booked');
      await second.page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });

      // Nobody gives it back: it frees when it expires (on booking's clock, which is this one).
      await second.page.waitForTimeout(Math.max(0, Date.parse(expiresAt) - Date.now()) + 1000);
      for (let i = 0; i < 40 && !(await freeForOthers(date, time)); i++) await second.page.waitForTimeout(500);
      expect(await freeForOthers(date, time)).toBe(true);

      const reopened = await scheduleAt(second.page, second.form, date);
      expect(await chip(reopened, date, time).getAttribute('data-reason')).toBe('free');
      const taken = await pick(second.page, reopened, date, time);
      expect(taken.status()).toBe(201);
      const hold = (await taken.json()) as SlotHold;
      await seeText(second.page, 'Time Selected');
      const booking = await book(second.page, second.form);
      expect(booking).toEqual({ body: expect.objectContaining({ holdId: hold.holdId }), status: 201 });
      await seeText(second.page, 'Appointment Booked!');
    },
    TEST_TIMEOUT + 90_000,
  );
});
