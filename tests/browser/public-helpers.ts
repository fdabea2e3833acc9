// Shared by the public-site browser tests: how a visitor reaches the booking form and the
// schedule, and picks a free slot in it.
import type { Locator, Page, Route } from 'playwright-core';
import type { Slot, SlotsRangeResponse, SlotsResponse } from '@bb/contracts';
import { uniquePhone } from '@bb/service-kit/testing';
import { manilaDateInDays, seeText } from './maintenance-helpers';
import { siteUrl } from './support/browser';

/** Opens a landing page at its booking section and waits for the form. */
export async function openBookingForm(page: Page, side: 'clinic' | 'studio'): Promise<Locator> {
  await page.goto(siteUrl(`/${side}#booking`));
  const form = page.getByRole('form', { name: side === 'clinic' ? 'Book a treatment' : 'Book a package' });
  await form.waitFor({ state: 'visible' });
  // The list of treatments (or packages) has arrived.
  await form.locator('label').first().waitFor({ state: 'visible' });
  return form;
}

/** Ticks a treatment or package by its visible name. */
export const choose = (form: Locator, name: string) => form.locator('label', { hasText: name }).first().click();

/** Opens the schedule dialog from the form and waits until the week's days have loaded. */
export async function openSchedule(page: Page, form: Locator): Promise<Locator> {
  await form.getByRole('button', { name: 'View Available Schedule' }).click();
  const dialog = page.getByRole('dialog', { name: 'View Available Schedule' });
  await dialog.waitFor({ state: 'visible' });
  await weekLoaded(dialog);
  return dialog;
}

export async function weekLoaded(dialog: Locator): Promise<void> {
  const loading = dialog.getByText('Loading...', { exact: true });
  for (let i = 0; i < 60 && (await loading.count()) > 0; i++) await dialog.page().waitForTimeout(250);
}

/** A free slot's button; its accessible name reads like "Tuesday, December 8 at 9:00 AM". */
export async function pickFreeSlot(dialog: Locator, weeksAhead: number): Promise<string> {
  for (let i = 0; i < weeksAhead; i++) {
    await dialog.getByRole('button', { name: 'Next week' }).click();
    await weekLoaded(dialog);
  }
  const free = dialog.getByRole('button', { name: / at \d{1,2}:\d{2} (AM|PM)$/ });
  const count = await free.count();
  if (count === 0) throw new Error('no free slot in that week');
  // A random one: other tests book this offering too, and the first free slot is everyone's first choice.
  const slot = free.nth(Math.floor(Math.random() * count));
  const name = (await slot.getAttribute('aria-label')) as string;
  await slot.click();
  await seeText(dialog.page(), 'Time Selected');
  return name;
}

/** Fills the visitor's details (everything but the service, date and time). */
export async function fillDetails(form: Locator, who: { firstName: string; lastName: string; email: string }): Promise<void> {
  await field(form, 'First name').fill(who.firstName);
  await field(form, 'Last name').fill(who.lastName);
  await field(form, 'Email').fill(who.email);
  await field(form, 'Contact number').fill(uniquePhone());
}

/** A form control by the start of its label (a treatment named "Collagen…" must not answer to "Age"). */
export const field = (form: Locator, label: string) => form.getByLabel(new RegExp(`^${label}`));

/**
 * Waits until every deferred section has rendered and no list still says it is loading. A
 * section hands over in steps (placeholder, then its content, then the content's data), and
 * between two steps nothing may say "loading" for a moment: the quiet must hold on two looks
 * 250 ms apart. (Checking once and then again made a test fail at once when a list began
 * loading between the two checks.)
 */
export async function untilLoaded(page: Page): Promise<void> {
  const pending = page.locator('[data-island="pending"]').or(page.getByText(/^Loading\b.*\.\.\.$/));
  let quietLooks = 0;
  for (let i = 0; i < 80 && quietLooks < 2; i++) {
    quietLooks = (await pending.count()) === 0 ? quietLooks + 1 : 0;
    if (quietLooks < 2) await page.waitForTimeout(250);
  }
  if (quietLooks < 2) throw new Error(`still loading: ${(await pending.count()) > 0 ? await pending.first().innerText() : 'sections kept changing'}`);
}

/** A heading of the page by its text (the page's title at level 1). */
export const heading = (page: Page, name: string, level = 1) => page.getByRole('heading', { name, level });

/** Sections below the hero render when near the screen, or at the first Tab: show them all. */
export async function revealSections(page: Page): Promise<void> {
  await page.keyboard.press('Tab');
  await untilLoaded(page);
}

/** The two screens every issue-26 journey runs on: a laptop and a phone. */
export const SCREENS = [
  ['1280 px', { viewport: { width: 1280, height: 900 } }],
  ['375 px', { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true }],
] as const;

/** "Tuesday, December 8" (how the schedule names a day) for a yyyy-MM-dd date. */
export const dayName = (date: string): string =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** A random date of the weekday (0 Sunday) 800 to 1,500 days ahead: bookable on the test stack, and no other test's date. */
export function farDateOn(weekday: number): string {
  for (let d = 800 + Math.floor(Math.random() * 700); ; d++) {
    const date = manilaDateInDays(d);
    if (new Date(`${date}T00:00:00Z`).getUTCDay() === weekday) return date;
  }
}

/** What a test makes a slot of the answers say: its new fields, or null to leave it as the server said. */
export type SlotRewrite = (date: string, slot: Slot) => Partial<Slot & { reason: string }> | null;

/**
 * Rewrites every slots answer the page gets (an offering's day or range, a manage link's day)
 * slot by slot, so the schedule can be shown as the server would answer at the browser's
 * (Playwright-controlled) moment, whatever the hour the test runs at.
 */
export async function rewriteSlots(page: Page, rewrite: SlotRewrite): Promise<void> {
  const day = (date: string, answer: SlotsResponse) => ({ ...answer, slots: answer.slots.map((slot) => ({ ...slot, ...(rewrite(date, slot) ?? {}) })) });
  const handler = async (route: Route) => {
    const response = await route.fetch();
    const body = (await response.json()) as SlotsResponse | SlotsRangeResponse;
    const date = new URL(route.request().url()).searchParams.get('date') as string;
    const json = 'days' in body ? { days: body.days.map((d) => ({ ...d, ...day(d.date, d) })) } : day(date, body);
    await route.fulfill({ response, json });
  };
  await page.route('**/api/available-slots?*', handler);
  await page.route('**/api/manage/*/available-slots?*', handler);
}

/** The moment Playwright's clock gives the page: a Manila date and time. */
export const manilaMoment = (date: string, time: string) => new Date(`${date}T${time}:00+08:00`);
