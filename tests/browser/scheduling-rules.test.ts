// Issue 17 in the browser: staff close a date and import public holidays on the Settings
// screen, and a visitor joins the waitlist of a full slot. Other browser files share this stack,
// so every date here is a random one far ahead, and everything made here is removed afterwards.
import type { Page } from 'playwright-core';
import { WAITLIST_MESSAGES, type Appointment, type DateOverride, type Holiday, type Treatment, type WaitlistEntry } from '@bb/contracts';
import { api, book, clinicTreatments, manilaDateInDays, noneSays, seeText, slots, TEST_TIMEOUT, unique } from './maintenance-helpers';
import { choose, fillDetails, openBookingForm, openSchedule, weekLoaded } from './public-helpers';
import { formatCalendarDate } from '../../web/src/maintenance/domain/dates';
import { addDays, to12Hour } from '../../web/src/shared/format';
import { newContext, siteUrl } from './support/browser';
import { browserSuite } from './support/suite';

jest.setTimeout(TEST_TIMEOUT);

const suite = browserSuite({ each: { admin: true }, signIn: true });
let treatment: Treatment;
/** Overrides this file made, removed at the end whatever happened. */
const madeOverrides = new Set<string>();
beforeAll(async () => {
  [treatment] = await clinicTreatments();
});
afterAll(removeOverrides);

/** The visitor's booking form with the treatment chosen, its schedule open at `date`, and that day's column there. */
async function scheduleAt(page: Page, date: string) {
  const form = await openBookingForm(page, 'clinic');
  await choose(form, treatment.name);
  const schedule = await openSchedule(page, form);
  await schedule.getByLabel('Jump to a date').fill(date);
  await weekLoaded(schedule);
  return { form, schedule, day: schedule.getByRole('region', { name: longDate(date) }) };
}

async function removeOverrides(): Promise<void> {
  for (const date of madeOverrides) await api(`/api/date-overrides/clinic/${date}`, { method: 'DELETE', token: suite.token });
  madeOverrides.clear();
}

/** A random Tuesday to Thursday 800 to 1,500 days ahead: open at the clinic, after next year's holidays, and no other test's date. */
function farWeekday(): string {
  for (let d = 800 + Math.floor(Math.random() * 700); ; d++) {
    const date = manilaDateInDays(d);
    if ([2, 3, 4].includes(new Date(`${date}T00:00:00Z`).getUTCDay())) return date;
  }
}

async function openSettings(page: Page): Promise<void> {
  await page.goto(siteUrl('/maintenance'));
  await page.getByRole('button', { name: 'Clinic' }).click();
  await page.goto(siteUrl('/maintenance/settings'));
  await page.getByRole('heading', { name: 'Dates with Other Hours' }).waitFor();
  await noneSays(page, 'Loading dates...');
}

/** A date as the schedule names its day ("Wednesday, March 3"); the web module that words it brings React's types along. */
const longDate = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' });

const overrides = async () => (await api<DateOverride[]>('/api/date-overrides/clinic', { token: suite.token })).body;

describe('dates with other hours', () => {
  it('closes a date that has a booking (cancelling it on request), and the public schedule shows that day Closed', async () => {
    const date = farWeekday();
    const note = unique('Staff training');
    const free = (await slots('clinic', date, treatment.id)).slots.find((s) => s.available);
    if (!free) throw new Error(`no free slot on ${date}`);
    const booked = await book({ offeringType: 'clinic', preferredDate: date, preferredTime: free.time, treatments: [treatment.id], firstName: 'Closure' });

    const { page } = suite;
    await openSettings(page);
    await page.getByRole('button', { name: 'Add Date' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Date with Other Hours' });
    await dialog.getByLabel(/^Date/).fill(date);
    expect(await dialog.getByLabel('Hours on this date').inputValue()).toBe('closed');
    await dialog.getByLabel('Note').fill(note);
    // The booking on that date is listed before anything is saved, and stays unless staff say otherwise.
    const listed = dialog.getByTestId('override-appointments');
    await listed.waitFor();
    expect(await listed.innerText()).toContain(`Closure ${booked.lastName}`);
    await dialog.getByText('Cancel this appointment and e-mail the customers').click();
    madeOverrides.add(date);
    await dialog.getByRole('button', { name: 'Save Date' }).click();
    await seeText(page, 'Date saved');
    const row = page.locator(`tr[data-date="${date}"]`);
    await row.waitFor();
    expect(await row.innerText()).toContain(note);
    expect((await overrides()).find((o) => o.date === date)).toMatchObject({ closed: true, note });
    const after = (await api<Appointment[]>('/api/appointments', { token: suite.token })).body.find((a) => a.id === booked.id);
    expect(after?.status).toBe('cancelled');

    // The visitor's schedule: that day reads Closed, its neighbours do not.
    const visitor = await newContext(suite.browser);
    const publicPage = await visitor.newPage();
    const { schedule, day } = await scheduleAt(publicPage, date);
    await day.getByText('Closed', { exact: true }).waitFor();
    expect(await schedule.getByRole('region', { name: longDate(addDays(date, -1)) }).innerText()).not.toContain('Closed');
    expect((await slots('clinic', date, treatment.id)).message).toContain(note);
    await visitor.close();

    // Removing it gives the date its weekday hours back.
    await row.getByRole('button', { name: `Remove ${formatCalendarDate(date)}` }).click();
    await seeText(page, 'Date removed: it has its weekday hours again');
    await row.waitFor({ state: 'detached' });
    expect((await overrides()).some((o) => o.date === date)).toBe(false);
    expect((await slots('clinic', date, treatment.id)).slots.some((s) => s.available)).toBe(true);
  });

  it("imports next year's public holidays as closures, marking a date that already has its own hours", async () => {
    const year = Number(manilaDateInDays(0).slice(0, 4)) + 1;
    const holidays = (await api<Holiday[]>(`/api/holidays/${year}`, { token: suite.token })).body;
    expect(holidays.length).toBeGreaterThan(5);
    // Two are imported (other files book far-off dates on this stack too); the third already has hours of its own.
    const [first, second, third] = holidays;
    // Removed at the end of this test, so no later booking of any file meets them.
    madeOverrides.add(third.date).add(first.date).add(second.date);
    expect(
      (
        await api(`/api/date-overrides/clinic/${third.date}`, {
          method: 'PUT',
          token: suite.token,
          body: { closed: false, startTime: '10:00', endTime: '12:00', note: 'Short day' },
        })
      ).status,
    ).toBe(200);

    try {
      const { page } = suite;
      await openSettings(page);
      await page.getByLabel('Holiday year').selectOption(String(year));
      await page.getByRole('button', { name: 'Show holidays' }).click();
      const list = page.getByTestId('holiday-list');
      await list.waitFor();
      const boxes = list.getByRole('checkbox');
      expect(await boxes.count()).toBe(holidays.length);
      expect(await list.getByText(`${formatCalendarDate(third.date)} · ${third.name}`).innerText()).toContain('already set: 10:00 AM – 12:00 PM, Short day');
      await list.getByRole('button', { name: `Add ${new Set(holidays.map((h) => h.date)).size} closures` }).waitFor();
      for (const h of holidays.slice(2))
        await list
          .getByText(`${formatCalendarDate(h.date)} · ${h.name}`)
          .first()
          .click();
      await list.getByRole('button', { name: 'Add 2 closures' }).click();
      await seeText(page, 'Added 2 closures');

      for (const h of [first, second]) {
        const row = page.locator(`tr[data-date="${h.date}"]`);
        await row.waitFor();
        expect(await row.innerText()).toContain('Closed');
        expect(await row.innerText()).toContain(h.name);
      }
      const saved = await overrides();
      expect(saved.find((o) => o.date === first.date)).toMatchObject({ closed: true, note: first.name });
      expect(saved.find((o) => o.date === second.date)).toMatchObject({ closed: true, note: second.name });
      expect(saved.find((o) => o.date === third.date)).toMatchObject({ closed: false, note: 'Short day' });
    } finally {
      await removeOverrides();
    }
  });
});

describe('the waitlist', () => {
  it('lets a visitor who picks a full slot in the schedule ask to be told when it frees up', async () => {
    const date = farWeekday();
    const free = (await slots('clinic', date, treatment.id)).slots.find((s) => s.available);
    if (!free) throw new Error(`no free slot on ${date}`);
    const taken = await book({ offeringType: 'clinic', preferredDate: date, preferredTime: free.time, treatments: [treatment.id] });
    expect((await slots('clinic', date, treatment.id)).slots.find((s) => s.time === free.time)).toMatchObject({ available: false, full: true });
    const email = `${unique('waiting').replace(' ', '.')}@example.ph`;

    try {
      const { page } = suite;
      const { form, schedule, day } = await scheduleAt(page, date);
      await day.getByRole('button', { name: `${longDate(date)} at ${to12Hour(free.time)} is booked: get notified if it frees up` }).click();
      await schedule.waitFor({ state: 'hidden' });

      const offer = form.getByTestId('waitlist-offer');
      await offer.waitFor();
      // Asking before the details are in says what is missing, as booking would.
      await offer.getByRole('button', { name: 'Notify me if this time frees up' }).click();
      await seeText(page, 'First Name Required');
      await fillDetails(form, { firstName: 'Wendy', lastName: unique('Wait').replace(' ', '-'), email });
      await offer.getByRole('button', { name: 'Notify me if this time frees up' }).click();
      await offer.getByTestId('waitlist-joined').waitFor();
      expect(await offer.getByTestId('waitlist-joined').innerText()).toBe(WAITLIST_MESSAGES.joined);

      const entries = (await api<WaitlistEntry[]>('/api/waitlist?offeringType=clinic', { token: suite.token })).body.filter((e) => e.email === email);
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ preferredDate: date, preferredTime: free.time, status: 'waiting', firstName: 'Wendy' });
      expect(entries[0].items.map((i) => i.id)).toEqual([treatment.id]);
    } finally {
      for (const e of (await api<WaitlistEntry[]>('/api/waitlist?offeringType=clinic', { token: suite.token })).body.filter((w) => w.email === email)) {
        await api(`/api/waitlist/${e.id}`, { method: 'DELETE', token: suite.token });
      }
      await api(`/api/appointments/${taken.id}`, { method: 'DELETE', token: suite.token });
    }
  });
});
