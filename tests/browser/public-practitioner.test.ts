// Issue 29: a visitor books a person. With two practitioners working different hours of one
// day (support/practitioners.ts), the visitor picks B and sees only B's times, picks A and sees
// only A's, holds and books with A and is told "With A"; a phone shows the choice without
// scrolling sideways.
import type { Locator } from 'playwright-core';
import { to12Hour } from '../../web/src/shared/format';
import { seeText, TEST_TIMEOUT } from './maintenance-helpers';
import { choose, dayName, field, fillDetails, openBookingForm, openSchedule, weekLoaded } from './public-helpers';
import { bookingVisitor } from './support/booking';
import { seriousViolations } from './support/browser';
import { freeTimes, removePractitioners, toClock, twoPractitioners, until, within, type TwoPractitioners } from './support/practitioners';
import { browserSuite } from './support/suite';

const suite = browserSuite({ signIn: true });
let set: TwoPractitioners;

beforeAll(async () => {
  set = await twoPractitioners(suite.token);
});
afterAll(() => removePractitioners(suite.token, set));

/** The practitioner's radio card, by the name it is labelled with. */
const radio = (form: Locator, name: string) => form.getByRole('group', { name: 'Practitioner' }).getByRole('radio', { name, exact: true });

/** Chooses a practitioner with the keyboard alone: focus on their card's radio, Space. */
async function chooseWithKeyboard(form: Locator, name: string): Promise<void> {
  await radio(form, name).focus();
  await form.page().keyboard.press('Space');
  expect(await radio(form, name).isChecked()).toBe(true);
}

/** The free times under the date field (HH:mm), once the day's read has answered. */
async function shownFreeTimes(form: Locator): Promise<string[]> {
  const group = form.getByRole('group', { name: `Free times on ${dayName(set.date)}` });
  await group.getByRole('button').first().waitFor();
  return (await group.getByRole('button').allInnerTexts()).map((label) => toClock(label.trim()));
}

describe('a visitor chooses a practitioner', () => {
  it(
    "sees only the chosen person's times, holds and books with them, and is told whom with",
    async () => {
      const { treatment, date, people, photo } = set;
      const [a, b] = people;
      const page = await suite.open({ viewport: { width: 1280, height: 900 } });
      const form = await openBookingForm(page, 'clinic');
      await choose(form, treatment.name);

      // After the treatments: "Any available" chosen, then each person by name.
      const group = form.getByRole('group', { name: 'Practitioner' });
      await group.waitFor();
      expect(await radio(form, 'Any available').isChecked()).toBe(true);
      for (const p of people) expect(await radio(form, p.staff.name).isChecked()).toBe(false);
      // No photo: their initials stand in ("Ana 3f…" → "A3"); a photo shows as it is.
      const [first, last] = a.staff.name.split(' ');
      expect(await group.locator('label', { hasText: a.staff.name }).getByTestId('practitioner-avatar').innerText()).toBe(
        `${first[0]}${last[0].toUpperCase()}`,
      );
      const picture = group.locator('label', { hasText: b.staff.name }).getByTestId('practitioner-avatar').locator('img');
      expect(await picture.getAttribute('src')).toBe(photo);
      await until("B's photo has loaded", async () => (await picture.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)) > 0);
      expect(await seriousViolations(page)).toEqual([]);

      // B first: only B's times of the day.
      await chooseWithKeyboard(form, b.staff.name);
      expect(await radio(form, 'Any available').isChecked()).toBe(false);
      await field(form, 'Preferred date').fill(date);
      const bTimes = await shownFreeTimes(form);
      expect(bTimes.length).toBeGreaterThan(0);
      expect(bTimes.every((t) => within(t, b))).toBe(true);
      expect(bTimes.some((t) => within(t, a))).toBe(false);

      // Then A: the day is read again with A, none of B's times left.
      await chooseWithKeyboard(form, a.staff.name);
      await until("the free times are A's", async () => (await shownFreeTimes(form)).every((t) => within(t, a)));
      const aTimes = await shownFreeTimes(form);
      expect(aTimes.length).toBeGreaterThan(0);
      expect(aTimes.some((t) => within(t, b))).toBe(false);

      // The schedule shows A's day the same way, and the picked time is held for A.
      const dialog = await openSchedule(page, form);
      await dialog.getByLabel('Jump to a date').fill(date);
      const day = dialog.getByRole('region', { name: dayName(date) });
      await day.waitFor();
      await weekLoaded(dialog);
      const free = day.locator('[data-reason="free"]');
      await free.first().waitFor();
      const freeInDialog = await free.evaluateAll((chips) => chips.map((c) => c.getAttribute('data-time') as string));
      expect(freeInDialog.every((t) => within(t, a))).toBe(true);
      const time = freeInDialog[Math.floor(Math.random() * freeInDialog.length)];
      const held = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/slot-holds');
      await dialog.getByRole('button', { name: `${dayName(date)} at ${to12Hour(time)}`, exact: true }).click();
      const hold = await held;
      expect(hold.status()).toBe(201);
      expect(hold.request().postDataJSON()).toMatchObject({ practitionerId: a.staff.id, preferredDate: date, preferredTime: time });
      await seeText(page, 'Time Selected');

      await fillDetails(form, bookingVisitor('practitioner'));
      const booked = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/appointments');
      await form.getByRole('button', { name: 'Book Appointment' }).click();
      const answer = await booked;
      expect(answer.status()).toBe(201);
      expect(answer.request().postDataJSON()).toMatchObject({ practitionerId: a.staff.id, preferredDate: date, preferredTime: time });
      const success = page.getByTestId('booking-success');
      await success.waitFor();
      expect(await success.getByTestId('booked-practitioner').innerText()).toBe(`With ${a.staff.name}`);
      // A's time is taken now.
      expect(await freeTimes(set, a.staff.id)).not.toContain(time);
    },
    TEST_TIMEOUT,
  );

  it(
    'fits a phone (375 px): the choice without scrolling sideways',
    async () => {
      const page = await suite.open({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
      const form = await openBookingForm(page, 'clinic');
      await choose(form, set.treatment.name);
      const group = form.getByRole('group', { name: 'Practitioner' });
      await group.waitFor();
      const { people } = set;
      for (const p of people) await form.locator('label', { hasText: p.staff.name }).waitFor({ state: 'visible' });
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
      await form.locator('label', { hasText: people[1].staff.name }).click();
      expect(await radio(form, people[1].staff.name).isChecked()).toBe(true);
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
    },
    TEST_TIMEOUT,
  );
});
