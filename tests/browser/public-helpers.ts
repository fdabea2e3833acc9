// Shared by the public-site browser tests: how a visitor reaches the booking form and the
// schedule, and picks a free slot in it.
import type { Locator, Page } from 'playwright-core';
import { uniquePhone } from '@bb/service-kit/testing';
import { seeText } from './maintenance-helpers';
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
