// Shared by the public booking journeys: who books, which day, and what the spec's success
// state (the summary alone for 5 s, then a fresh form under it) looks like in the page.
import type { Locator, Page } from 'playwright-core';
import type { SlotsRangeResponse } from '@bb/contracts';
import { api, manilaDateInDays, unique } from '../maintenance-helpers';
import { field } from '../public-helpers';

/** A visitor with a unique name and address; `label` starts the address. */
export const bookingVisitor = (label = 'bianca') => ({
  firstName: 'Bianca',
  lastName: unique('Reyes').replace(' ', '-'),
  email: `${unique(label).replace(' ', '.')}@example.ph`,
});

/**
 * The first date `daysAhead` days or more from now that falls on the weekday (0 Sunday, the
 * clinic's closed day), with the days of its week from Monday up to it open: the demo closes
 * the public holidays, and the tests read those days.
 */
export async function dateOnWeekday(daysAhead: number, weekday: number): Promise<string> {
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
export async function watchSuccessState(p: Page, formName: string): Promise<void> {
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
export async function expectFreshFormAfterSuccessState(p: Page, form: Locator, success: Locator): Promise<void> {
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

export async function expectSummaryAbove(success: Locator, form: Locator): Promise<void> {
  const panel = await success.boundingBox();
  const below = await form.boundingBox();
  expect(panel).not.toBeNull();
  expect(below).not.toBeNull();
  expect((panel?.y ?? 0) + (panel?.height ?? 0)).toBeLessThanOrEqual(below?.y ?? 0);
}
