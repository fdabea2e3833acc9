// Issue 29, the manage page of a booking with a practitioner: "Keep <name>" (the default) shows
// only that person's times for a move; "Any available" shows whoever qualified is free, and a
// move to a time only the other person works gives the booking to them, which the page then
// names. Two practitioners working different hours of one far day: support/practitioners.ts.
import type { Locator, Page } from 'playwright-core';
import type { BookedAppointment, ManagedAppointment } from '@bb/contracts';
import { to12Hour } from '../../web/src/shared/format';
import { api, book, seeText, TEST_TIMEOUT } from './maintenance-helpers';
import { dayName, weekLoaded } from './public-helpers';
import { siteUrl } from './support/browser';
import { freeTimes, removePractitioners, twoPractitioners, within, type TwoPractitioners } from './support/practitioners';
import { browserSuite } from './support/suite';

const suite = browserSuite({ signIn: true });
let set: TwoPractitioners;

beforeAll(async () => {
  set = await twoPractitioners(suite.token);
});
afterAll(() => removePractitioners(suite.token, set));

/** Opens "Choose a New Time" and gives the free times (HH:mm) of the test's day in it. */
async function freeInSchedule(page: Page, managed: Locator): Promise<{ dialog: Locator; times: string[] }> {
  await managed.getByRole('button', { name: 'Reschedule' }).click();
  const dialog = page.getByRole('dialog', { name: 'Choose a New Time' });
  await dialog.waitFor();
  await weekLoaded(dialog);
  const free = dialog.getByRole('region', { name: dayName(set.date) }).locator('[data-reason="free"]');
  await free.first().waitFor();
  return { dialog, times: await free.evaluateAll((chips) => chips.map((c) => c.getAttribute('data-time') as string)) };
}

describe('moving a booking with a practitioner', () => {
  it(
    'keeps them by default (only their times), or takes any available, and the page names whom with',
    async () => {
      const { treatment, date, people } = set;
      const [a, b] = people;
      const aTimes = await freeTimes(set, a.staff.id);
      const time = aTimes[Math.floor(Math.random() * aTimes.length)];
      const booked = (await book({ preferredDate: date, preferredTime: time, treatments: [treatment.id], practitionerId: a.staff.id })) as BookedAppointment;
      expect(booked.practitioner).toEqual({ id: a.staff.id, name: a.staff.name });

      const page = await suite.open({ viewport: { width: 1280, height: 900 } });
      const asked: string[] = [];
      page.on('request', (r) => r.url().includes('/available-slots?') && asked.push(new URL(r.url()).searchParams.get('practitioner') ?? 'none'));
      await page.goto(siteUrl(`/manage/${booked.manageToken}`));
      const managed = page.getByTestId('managed-booking');
      await managed.waitFor();
      expect(await managed.getByTestId('manage-practitioner').innerText()).toBe(a.staff.name);
      const choice = managed.getByRole('group', { name: 'Practitioner for a new time' });
      expect(await choice.getByRole('radio', { name: `Keep ${a.staff.name}` }).isChecked()).toBe(true);
      expect(await choice.getByRole('radio', { name: 'Any available' }).isChecked()).toBe(false);

      // Keep: A's times only.
      const kept = await freeInSchedule(page, managed);
      expect(kept.times.every((t) => within(t, a))).toBe(true);
      expect(asked.length).toBeGreaterThan(0);
      expect(new Set(asked)).toEqual(new Set(['keep']));
      await page.keyboard.press('Escape');
      await kept.dialog.waitFor({ state: 'hidden' });

      // Any available, chosen with the keyboard: B's times too.
      await choice.getByRole('radio', { name: 'Any available' }).focus();
      await page.keyboard.press('Space');
      expect(await choice.getByRole('radio', { name: 'Any available' }).isChecked()).toBe(true);
      asked.length = 0;
      const any = await freeInSchedule(page, managed);
      expect(new Set(asked)).toEqual(new Set(['any']));
      const bTimes = any.times.filter((t) => within(t, b));
      expect(bTimes.length).toBeGreaterThan(0);

      // A time only B works: the move goes to B, and the page says so.
      const target = bTimes[Math.floor(Math.random() * bTimes.length)];
      const moved = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/reschedule'));
      await any.dialog.getByRole('button', { name: `${dayName(date)} at ${to12Hour(target)}`, exact: true }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Confirm New Time' });
      await confirm.waitFor();
      expect(await confirm.getByTestId('move-with').innerText()).toBe('Any available practitioner');
      await confirm.getByRole('button', { name: 'Move Appointment' }).click();
      const answer = await moved;
      expect(answer.request().postDataJSON()).toEqual({ preferredDate: date, preferredTime: target, practitioner: 'any' });
      expect(answer.status()).toBe(200);
      await seeText(page, 'Appointment Rescheduled');
      await managed.getByTestId('manage-practitioner').filter({ hasText: b.staff.name }).waitFor();
      expect((await api<ManagedAppointment>(`/api/manage/${booked.manageToken}`)).body).toMatchObject({
        preferredTime: target,
        practitioner: { id: b.staff.id, name: b.staff.name },
      });
    },
    TEST_TIMEOUT,
  );
});
