// The booking form as a visitor expects it: arriving with a treatment ticked, free times of
// the chosen day, problems beside their fields, a phone's screen, and the past slots of this week.
import type { SlotsRangeResponse, SlotsResponse, Treatment } from '@bb/contracts';
import { BOOKING_MESSAGES } from '@bb/contracts';
import { clinicTreatments, seeText, TEST_TIMEOUT } from './maintenance-helpers';
import { choose, field, fillDetails, openBookingForm, openSchedule } from './public-helpers';
import { to12Hour } from '../../web/src/shared/format';
import { bookingVisitor, dateOnWeekday, expectFreshFormAfterSuccessState, expectSummaryAbove, watchSuccessState } from './support/booking';
import { siteUrl } from './support/browser';
import { browserSuite } from './support/suite';

const suite = browserSuite({ each: {} });
let treatments: Treatment[];
beforeAll(async () => {
  treatments = await clinicTreatments();
});

describe('booking, as a visitor expects it', () => {
  it('arrives from a treatment page with that treatment already ticked', async () => {
    const treatment = treatments[0];
    await suite.page.goto(siteUrl(`/treatment/${treatment.id}`));
    await suite.page.getByRole('link', { name: 'Book This Treatment' }).click();
    await suite.page.waitForURL(/\/clinic\?item=[^#]+#booking$/);
    const form = suite.page.getByRole('form', { name: 'Book a treatment' });
    await form.getByRole('checkbox', { name: new RegExp(`^${treatment.name}`) }).waitFor();
    expect(await form.getByRole('checkbox', { name: new RegExp(`^${treatment.name}`) }).isChecked()).toBe(true);
    expect(await form.getByRole('checkbox', { checked: true }).count()).toBe(1);
    expect(await form.getByRole('button', { name: 'View Available Schedule' }).isEnabled()).toBe(true);
  });

  it("offers the chosen day's free times and flags a typed time that is not one of them before anything is sent", async () => {
    const posts: string[] = [];
    suite.page.on('request', (r) => r.method() === 'POST' && r.url().endsWith('/api/appointments') && posts.push(r.url()));
    const form = await openBookingForm(suite.page, 'clinic');
    await choose(form, treatments[0].name);
    await fillDetails(form, bookingVisitor());
    const date = await dateOnWeekday(40, 2);
    await field(form, 'Preferred date').fill(date);
    const times = form.getByRole('group', { name: /^Free times on / });
    await times.getByRole('button').first().waitFor();

    const time = field(form, 'Preferred time');
    await time.fill('10:15');
    const problem = form.getByText(/^10:15 AM is not one of the times we book on /);
    await problem.waitFor();
    expect(await time.getAttribute('aria-invalid')).toBe('true');
    expect(await time.getAttribute('aria-describedby')).toBe(await problem.getAttribute('id'));
    await form.getByRole('button', { name: 'Book Appointment' }).click();
    await seeText(suite.page, 'Time Not Available');
    expect(posts).toEqual([]);

    const free = times.getByRole('button').first();
    const label = await free.innerText();
    await free.click();
    expect(await free.getAttribute('aria-pressed')).toBe('true');
    expect(await time.getAttribute('aria-invalid')).toBeNull();
    expect(await problem.count()).toBe(0);
    expect(to12Hour(await time.inputValue())).toBe(label);
  });

  it('shows each problem beside its field, tied to it for screen readers, as well as the toast', async () => {
    const form = await openBookingForm(suite.page, 'clinic');
    await form.getByRole('button', { name: 'Book Appointment' }).click();
    await seeText(suite.page, 'First Name Required');
    const checks: [string, string][] = [
      ['First name', BOOKING_MESSAGES.firstName],
      ['Last name', BOOKING_MESSAGES.lastName],
      ['Email', BOOKING_MESSAGES.email],
      ['Contact number', BOOKING_MESSAGES.contact],
      ['Preferred date', BOOKING_MESSAGES.preferredDate],
      ['Preferred time', BOOKING_MESSAGES.preferredTime],
    ];
    for (const [label, message] of checks) {
      const control = field(form, label);
      expect(await control.getAttribute('aria-invalid')).toBe('true');
      const describedBy = (await control.getAttribute('aria-describedby')) as string;
      expect(await form.locator(`[id="${describedBy}"]`).innerText()).toBe(message);
    }
    expect(await form.getByText('Please select at least one treatment.').count()).toBe(1);
    // The focus is on the first problem; fixing a field clears its message.
    expect(await suite.page.evaluate('document.activeElement?.id')).toBe(await field(form, 'First name').getAttribute('id'));
    await field(form, 'First name').fill('Bianca');
    expect(await field(form, 'First name').getAttribute('aria-invalid')).toBeNull();
    expect(await form.getByText(BOOKING_MESSAGES.firstName).count()).toBe(0);
    expect(await field(form, 'Last name').getAttribute('aria-invalid')).toBe('true');
  });

  it(
    'fits a phone (375 px): the problems under their fields, the free times, the success panel and the fresh form under its summary',
    async () => {
      const p = await suite.open({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
      const form = await openBookingForm(p, 'clinic');
      await form.getByRole('button', { name: 'Book Appointment' }).click();
      await form.getByText(BOOKING_MESSAGES.firstName).waitFor();
      expect(await p.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);

      await choose(form, treatments[0].name);
      await fillDetails(form, bookingVisitor());
      await field(form, 'Preferred date').fill(await dateOnWeekday(45, 3));
      const times = form.getByRole('group', { name: /^Free times on / }).getByRole('button');
      await times.first().waitFor();
      // A random one: other tests book this day too.
      await times.nth(Math.floor(Math.random() * (await times.count()))).click();
      expect(await p.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
      await watchSuccessState(p, 'Book a treatment');
      await form.getByRole('button', { name: 'Book Appointment' }).click();
      const success = p.getByTestId('booking-success');
      await success.waitFor();
      expect(await p.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
      await expectFreshFormAfterSuccessState(p, form, success);
      await expectSummaryAbove(success, form);
      expect(await p.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
      await success.getByRole('button', { name: 'Dismiss summary' }).click();
      await success.waitFor({ state: 'detached' });
      await field(form, 'First name').waitFor({ state: 'visible' });
    },
    TEST_TIMEOUT,
  );

  it('offers each answer to gender once, the blank choice reading as a prompt', async () => {
    const form = await openBookingForm(suite.page, 'clinic');
    expect(await field(form, 'Gender').locator('option').allInnerTexts()).toEqual(['Select…', 'Female', 'Male', 'Other', 'Prefer not to say']);
  });

  it('marks the slots of the current week that have already started as Past, not Booked', async () => {
    // The visitor's "now" is a Wednesday at 1:10 PM, Manila; the server is asked for the days
    // around it and answers as it would at that moment (a started slot is unavailable).
    const wednesday = await dateOnWeekday(35, 3);
    const now = new Date(`${wednesday}T13:10:00+08:00`);
    await suite.page.clock.setFixedTime(now);
    await suite.page.route('**/api/available-slots?*', async (route) => {
      const response = await route.fetch();
      const started = (date: string, time: string) => date < wednesday || (date === wednesday && time <= '13:10');
      const atThatMoment = (date: string, day: SlotsResponse) => ({
        ...day,
        slots: day.slots.map((s) => (started(date, s.time) ? { ...s, available: false } : s)),
      });
      // The schedule asks for its week in one call (from, to); the form asks for one date.
      const date = new URL(route.request().url()).searchParams.get('date');
      const body = (await response.json()) as SlotsResponse | SlotsRangeResponse;
      const json = 'days' in body ? { days: body.days.map((day) => atThatMoment(day.date, day)) } : atThatMoment(date as string, body);
      await route.fulfill({ response, json });
    });
    const form = await openBookingForm(suite.page, 'clinic');
    await choose(form, treatments[0].name);
    const dialog = await openSchedule(suite.page, form);
    const monday = dialog.getByRole('region', { name: /^Monday, / });
    expect(await monday.locator('[data-past]').count()).toBeGreaterThan(0);
    expect(await monday.locator('[data-booked]').count()).toBe(0);
    expect(await monday.innerText()).not.toMatch(/Booked/i);
    expect(await monday.innerText()).toMatch(/Past/i);
    const today = dialog.getByRole('region', { name: /^Wednesday, / });
    expect(await today.locator('[data-past]', { hasText: '1:00 PM' }).count()).toBe(1);
    expect(await today.locator('[data-past]', { hasText: '1:30 PM' }).count()).toBe(0);
  });
});
