import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { BOOKING_MESSAGES, type Package, type Settings, type SlotsRangeResponse, type SlotsResponse, type Treatment } from '@bb/contracts';
import { adminApiToken, api, manilaDateInDays, seeText, TEST_TIMEOUT, unique } from './maintenance-helpers';
import { choose, field, fillDetails, openBookingForm, openSchedule, pickFreeSlot, weekLoaded } from './public-helpers';
import { to12Hour } from '../../web/src/shared/format';
import { launchBrowser, newContext, siteUrl } from './support/browser';

let browser: Browser;
let context: BrowserContext;
let page: Page;
let treatments: Treatment[];

beforeAll(async () => {
  browser = await launchBrowser();
  treatments = (await api<Treatment[]>('/api/treatments?offering=clinic')).body;
});
beforeEach(async () => {
  context = await newContext(browser);
  page = await context.newPage();
});
afterEach(() => context.close());
afterAll(() => browser.close());

/**
 * The first date `daysAhead` days or more from now that falls on the weekday (0 Sunday, the
 * clinic's closed day), with the days of its week from Monday up to it open: the demo closes
 * the public holidays, and the tests below read those days.
 */
async function dateOnWeekday(daysAhead: number, weekday: number): Promise<string> {
  for (let d = daysAhead; ; d++) {
    const date = manilaDateInDays(d);
    if (new Date(`${date}T00:00:00Z`).getUTCDay() !== weekday) continue;
    const week = (await api<SlotsRangeResponse>(`/api/available-slots?offeringType=clinic&from=${manilaDateInDays(d - weekday)}&to=${date}`)).body;
    if (!week.days.slice(1).some((day) => day.closed)) return date;
  }
}

/**
 * Notes, in the page, when the success panel stands in for the form and when the form comes
 * back under it (performance.now(), in ms), so the success state is timed where it happens and
 * not across the test's round trips to the browser.
 */
async function watchSuccessState(p: Page, formName: string): Promise<void> {
  await p.evaluate(`(() => {
    window.__successWatch?.disconnect();
    const marks = (window.__successMarks = {});
    const look = () => {
      const panel = document.querySelector('[data-testid="booking-success"]');
      const form = document.querySelector('form[aria-label=${JSON.stringify(formName)}]');
      if (panel && !form && marks.shown === undefined) marks.shown = performance.now();
      if (panel && form && marks.shown !== undefined && marks.back === undefined) marks.back = performance.now();
    };
    window.__successWatch = new MutationObserver(look);
    window.__successWatch.observe(document.body, { childList: true, subtree: true });
  })()`);
}

/** The spec's success state: the panel alone for 5 s, then the form back, reset, the panel still there. */
async function expectFreshFormAfterSuccessState(p: Page, form: Locator, success: Locator): Promise<void> {
  // Polled with evaluate: waitForFunction evaluates its predicate with eval, which the site's CSP forbids.
  for (let i = 0; i < 80 && (await p.evaluate('window.__successMarks?.back === undefined')); i++) await p.waitForTimeout(250);
  const marks = (await p.evaluate('window.__successMarks')) as { shown?: number; back?: number };
  expect(marks).toEqual({ shown: expect.any(Number), back: expect.any(Number) });
  const lasted = (marks.back as number) - (marks.shown as number);
  // The timer starts just before the panel is drawn; a busy machine may fire it a little late.
  expect(lasted).toBeGreaterThan(4500);
  expect(lasted).toBeLessThan(8000);
  expect(await success.isVisible()).toBe(true);
  expect(await success.getAttribute('data-phase')).toBe('summary');
  for (const label of ['First name', 'Last name', 'Email', 'Contact number', 'Preferred date', 'Preferred time']) {
    expect(await field(form, label).inputValue()).toBe('');
  }
  expect(await form.getByRole('checkbox', { checked: true }).count()).toBe(0);
  expect(await form.getByRole('button', { name: 'View Available Schedule' }).isDisabled()).toBe(true);
  await success.getByText('The form below is ready for another booking.').waitFor();
}

async function expectSummaryAbove(success: Locator, form: Locator): Promise<void> {
  const panel = await success.boundingBox();
  const below = await form.boundingBox();
  expect(panel).not.toBeNull();
  expect(below).not.toBeNull();
  expect((panel?.y ?? 0) + (panel?.height ?? 0)).toBeLessThanOrEqual(below?.y ?? 0);
}

const visitor = () => ({ firstName: 'Bianca', lastName: unique('Reyes').replace(' ', '-'), email: `${unique('bianca').replace(' ', '.')}@example.ph` });

describe('booking at the clinic', () => {
  it(
    'books a treatment in a free slot; after the 5 s success state the form is fresh under the summary, the slot shows Booked and a second booking goes through',
    async () => {
      const token = await adminApiToken();
      expect((await api<Settings>('/api/settings/clinic', { token })).body.maxSessionsPerSlot).toBe(1);
      const treatment = treatments[0];

      const form = await openBookingForm(page, 'clinic');
      expect(await form.getByRole('button', { name: 'View Available Schedule' }).isDisabled()).toBe(true);
      await choose(form, treatment.name);
      const dialog = await openSchedule(page, form);
      const slot = await pickFreeSlot(dialog, 2);
      await dialog.waitFor({ state: 'hidden' });
      const [, day, time] = /^(.*) at (.*)$/.exec(slot) as RegExpExecArray;
      const date = await field(form, 'Preferred date').inputValue();
      expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(await field(form, 'Preferred time').inputValue()).toMatch(/^\d{2}:\d{2}$/);

      await fillDetails(form, visitor());
      await watchSuccessState(page, 'Book a treatment');
      await form.getByRole('button', { name: 'Book Appointment' }).click();
      await seeText(page, 'Appointment Booked!');
      await seeText(page, "We'll contact you shortly to confirm your appointment.");

      // The success panel says what was booked and when.
      const success = page.getByTestId('booking-success');
      expect(await success.innerText()).toContain(treatment.name);
      expect(await success.getByTestId('booked-when').innerText()).toMatch(new RegExp(`^${day}, \\d{4} at ${time}$`));
      const firstReference = await success.getByTestId('booked-reference').innerText();

      // The success state lasts 5 s; then the form is back, reset, and the summary stays above it.
      await expectFreshFormAfterSuccessState(page, form, success);
      expect(await success.getByTestId('booked-reference').innerText()).toBe(firstReference);
      await expectSummaryAbove(success, form);

      // Right away, without a reload: the same slot is now taken, and another one can be booked.
      await choose(form, treatment.name);
      await form.getByRole('button', { name: 'View Available Schedule' }).click();
      const again = page.getByRole('dialog', { name: 'View Available Schedule' });
      await again.getByLabel('Jump to a date').fill(date);
      await weekLoaded(again);
      const column = again.getByRole('region', { name: day });
      const booked = column.locator('[data-booked]', { hasText: time });
      await booked.waitFor({ state: 'visible' });
      expect(await booked.innerText()).toMatch(/Booked/i);
      // Booked: it can no longer be chosen for booking (only for the waitlist, under another name).
      expect(await column.getByRole('button', { name: slot, exact: true }).count()).toBe(0);

      const secondSlot = await pickFreeSlot(again, 1);
      await again.waitFor({ state: 'hidden' });
      const [, secondDay, secondTime] = /^(.*) at (.*)$/.exec(secondSlot) as RegExpExecArray;
      await fillDetails(form, visitor());
      // The first summary is still there until this booking replaces it.
      expect(await success.getByTestId('booked-reference').innerText()).toBe(firstReference);
      await watchSuccessState(page, 'Book a treatment');
      await form.getByRole('button', { name: 'Book Appointment' }).click();
      await success.getByTestId('booked-reference').filter({ hasNotText: firstReference }).waitFor();
      expect(await success.getByTestId('booked-when').innerText()).toMatch(new RegExp(`^${secondDay}, \\d{4} at ${secondTime}$`));
      expect(await success.getByTestId('booked-reference').innerText()).not.toBe(firstReference);
      await expectFreshFormAfterSuccessState(page, form, success);

      // Dismissed, the summary goes; the fresh form stays, the keyboard at its start.
      await success.getByRole('button', { name: 'Dismiss summary' }).click();
      await success.waitFor({ state: 'detached' });
      expect(await field(form, 'First name').inputValue()).toBe('');
      const focusOnACheckbox = `document.activeElement?.getAttribute('type') === 'checkbox' && document.activeElement.closest('form') !== null`;
      for (let i = 0; i < 40 && !(await page.evaluate(focusOnACheckbox)); i++) await page.waitForTimeout(250);
      expect(await page.evaluate(focusOnACheckbox)).toBe(true);
    },
    TEST_TIMEOUT,
  );

  it('shows each validation message, in the order of the spec', async () => {
    const form = await openBookingForm(page, 'clinic');
    const submit = () => form.getByRole('button', { name: 'Book Appointment' }).click();
    const expectToast = async (text: string) => {
      await submit();
      await seeText(page, text);
    };

    await expectToast(BOOKING_MESSAGES.firstName);
    await field(form, 'First name').fill('Bianca');
    await expectToast(BOOKING_MESSAGES.lastName);
    // One toast at a time: the new message replaces the old one.
    expect(await page.getByText(BOOKING_MESSAGES.firstName).count()).toBe(0);
    await field(form, 'Last name').fill('Reyes');
    await field(form, 'Age').fill('0');
    await expectToast(BOOKING_MESSAGES.age);
    await seeText(page, 'Invalid Age');
    await field(form, 'Age').fill('29');
    await field(form, 'Email').fill('bianca.example.ph');
    await expectToast(BOOKING_MESSAGES.email);
    await seeText(page, 'Email Required');
    await field(form, 'Email').fill('bianca@example.ph');
    await expectToast(BOOKING_MESSAGES.contact);
    await field(form, 'Contact number').fill('+63 917 555 0199');
    await expectToast(BOOKING_MESSAGES.preferredDate);
    await field(form, 'Preferred date').fill(manilaDateInDays(20));
    await expectToast(BOOKING_MESSAGES.preferredTime);
    await field(form, 'Preferred time').fill('10:00');
    await expectToast('Please select at least one treatment.');
  });

  it('clears the chosen date and time when the treatments change, and says so', async () => {
    const form = await openBookingForm(page, 'clinic');
    await choose(form, treatments[0].name);
    await pickFreeSlot(await openSchedule(page, form), 3);
    expect(await field(form, 'Preferred time').inputValue()).not.toBe('');
    await choose(form, treatments[1].name);
    await seeText(page, 'Time selection cleared');
    expect(await field(form, 'Preferred date').inputValue()).toBe('');
    expect(await field(form, 'Preferred time').inputValue()).toBe('');
  });

  it('shows the week from Sunday with 12-hour times, Closed on a closed day, and moves by week or by date', async () => {
    const form = await openBookingForm(page, 'clinic');
    await choose(form, treatments[0].name);
    const dialog = await openSchedule(page, form);
    const days = dialog.getByRole('region');
    expect(await days.count()).toBe(7);
    expect(await days.first().getAttribute('aria-label')).toMatch(/^Sunday, /);
    // The demo clinic is closed on Sundays.
    expect(await days.first().innerText()).toContain('Closed');
    expect(await dialog.getByRole('button', { name: 'Previous week' }).isDisabled()).toBe(true);

    await dialog.getByRole('button', { name: 'Next week' }).click();
    await weekLoaded(dialog);
    expect(await dialog.innerText()).toMatch(/\b(9|10):00 AM\b/);
    expect(await dialog.innerText()).not.toMatch(/\b1[3-9]:\d{2}\b/);
    await dialog.getByRole('button', { name: 'Previous week' }).click();
    await weekLoaded(dialog);

    const target = manilaDateInDays(40);
    await dialog.getByLabel('Jump to a date').fill(target);
    await weekLoaded(dialog);
    const labels = await days.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
    const [y, m, d] = target.split('-').map(Number);
    const targetLabel = new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' });
    expect(labels).toContain(targetLabel);
    expect(labels[0]).toMatch(/^Sunday, /);

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  it("marks Manila's today in the schedule even when the visitor's browser is in another time zone", async () => {
    const far = await newContext(browser, { timezoneId: 'Pacific/Honolulu' });
    const farPage = await far.newPage();
    try {
      const form = await openBookingForm(farPage, 'clinic');
      const today = manilaDateInDays(0);
      expect(await field(form, 'Preferred date').getAttribute('min')).toBe(today);
      await choose(form, treatments[0].name);
      const dialog = await openSchedule(farPage, form);
      const [y, m, d] = today.split('-').map(Number);
      const label = new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' });
      expect(await dialog.locator('[aria-current="date"]').getAttribute('aria-label')).toBe(label);
    } finally {
      await far.close();
    }
  });
});

describe('booking, as a visitor expects it', () => {
  it('arrives from a treatment page with that treatment already ticked', async () => {
    const treatment = treatments[treatments.length - 1];
    await page.goto(siteUrl(`/treatment/${treatment.id}`));
    await page.getByRole('link', { name: 'Book This Treatment' }).click();
    await page.waitForURL(/\/clinic\?item=[^#]+#booking$/);
    const form = page.getByRole('form', { name: 'Book a treatment' });
    await form.getByRole('checkbox', { name: new RegExp(`^${treatment.name}`) }).waitFor();
    expect(await form.getByRole('checkbox', { name: new RegExp(`^${treatment.name}`) }).isChecked()).toBe(true);
    expect(await form.getByRole('checkbox', { checked: true }).count()).toBe(1);
    expect(await form.getByRole('button', { name: 'View Available Schedule' }).isEnabled()).toBe(true);
  });

  it("offers the chosen day's free times and flags a typed time that is not one of them before anything is sent", async () => {
    const posts: string[] = [];
    page.on('request', (r) => r.method() === 'POST' && r.url().endsWith('/api/appointments') && posts.push(r.url()));
    const form = await openBookingForm(page, 'clinic');
    await choose(form, treatments[0].name);
    await fillDetails(form, visitor());
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
    await seeText(page, 'Time Not Available');
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
    const form = await openBookingForm(page, 'clinic');
    await form.getByRole('button', { name: 'Book Appointment' }).click();
    await seeText(page, 'First Name Required');
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
    expect(await page.evaluate('document.activeElement?.id')).toBe(await field(form, 'First name').getAttribute('id'));
    await field(form, 'First name').fill('Bianca');
    expect(await field(form, 'First name').getAttribute('aria-invalid')).toBeNull();
    expect(await form.getByText(BOOKING_MESSAGES.firstName).count()).toBe(0);
    expect(await field(form, 'Last name').getAttribute('aria-invalid')).toBe('true');
  });

  it(
    'fits a phone (375 px): the problems under their fields, the free times, the success panel and the fresh form under its summary',
    async () => {
      const phone = await newContext(browser, { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
      const p = await phone.newPage();
      try {
        const form = await openBookingForm(p, 'clinic');
        await form.getByRole('button', { name: 'Book Appointment' }).click();
        await form.getByText(BOOKING_MESSAGES.firstName).waitFor();
        expect(await p.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);

        await choose(form, treatments[0].name);
        await fillDetails(form, visitor());
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
      } finally {
        await phone.close();
      }
    },
    TEST_TIMEOUT,
  );

  it('offers each answer to gender once, the blank choice reading as a prompt', async () => {
    const form = await openBookingForm(page, 'clinic');
    expect(await field(form, 'Gender').locator('option').allInnerTexts()).toEqual(['Select…', 'Female', 'Male', 'Other', 'Prefer not to say']);
  });

  it('marks the slots of the current week that have already started as Past, not Booked', async () => {
    // The visitor's "now" is a Wednesday at 1:10 PM, Manila; the server is asked for the days
    // around it and answers as it would at that moment (a started slot is unavailable).
    const wednesday = await dateOnWeekday(35, 3);
    const now = new Date(`${wednesday}T13:10:00+08:00`);
    await page.clock.setFixedTime(now);
    await page.route('**/api/available-slots?*', async (route) => {
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
    const form = await openBookingForm(page, 'clinic');
    await choose(form, treatments[0].name);
    const dialog = await openSchedule(page, form);
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

describe('booking at the studio', () => {
  it('books a photography package', async () => {
    const packages = (await api<Package[]>('/api/packages?offering=studio')).body;
    const form = await openBookingForm(page, 'studio');
    await page.getByRole('heading', { name: 'Book Your Photography Session' }).waitFor();
    await form.getByRole('button', { name: 'Book Appointment' }).click();
    await seeText(page, BOOKING_MESSAGES.firstName);
    await fillDetails(form, visitor());
    await field(form, 'Preferred date').fill(manilaDateInDays(30));
    await field(form, 'Preferred time').fill('10:00');
    await form.getByRole('button', { name: 'Book Appointment' }).click();
    await seeText(page, 'Please select at least one package.');

    await choose(form, packages[0].name);
    await pickFreeSlot(await openSchedule(page, form), 3);
    await form.getByRole('button', { name: 'Book Appointment' }).click();
    await seeText(page, 'Appointment Booked!');
  });
});
