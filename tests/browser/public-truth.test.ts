// Issue 26 on the public pages at 1280 and 375 px: "Book This Package" ticks the package,
// /clinic and /studio store the offering, field errors go as soon as the field is valid (and
// not before) in the booking form, the newsletter and the chat start, the contact field wants a
// phone number, and an error toast stays clear of what the visitor is working on.
import type { Locator, Page } from 'playwright-core';
import { BOOKING_MESSAGES, POLICY_MESSAGES, type Package } from '@bb/contracts';
import { api, clinicTreatments, scrollUntilVisible, seeText, slots, TEST_TIMEOUT } from './maintenance-helpers';
import { choose, farDateOn, field, fillDetails, openBookingForm, SCREENS } from './public-helpers';
import { siteUrl } from './support/browser';
import { browserSuite } from './support/suite';

jest.setTimeout(TEST_TIMEOUT);

const suite = browserSuite();

const open = (screen: (typeof SCREENS)[number][1]): Promise<Page> => suite.open(screen);

type Box = { x: number; y: number; width: number; height: number };

/** Whether two boxes (both on screen) share any area. */
function overlap(a: Box | null, b: Box | null): boolean {
  if (!a || !b) throw new Error('a box is not on screen');
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** The box of a locator once it has stopped moving (smooth scrolling, a toast sliding in). */
async function settledBox(target: Locator) {
  let last = await target.boundingBox();
  for (let i = 0; i < 20; i++) {
    await target.page().waitForTimeout(150);
    const now = await target.boundingBox();
    if (now && last && now.x === last.x && now.y === last.y && now.height === last.height) return now;
    last = now;
  }
  return last;
}

/** The toast that carries a title. */
const toastWith = (p: Page, title: string) => p.locator('[data-scope="toast"][data-part="root"]', { hasText: title });

const invalid = async (control: Locator) => (await control.getAttribute('aria-invalid')) === 'true';

/** A field typed wrong shows its one message and is invalid; typed right, both go. */
async function expectFixedAsTyped(form: Locator, label: string, [wrong, right]: [string, string], message: string): Promise<void> {
  const control = field(form, label);
  await control.fill(wrong);
  expect(await invalid(control)).toBe(true);
  expect(await form.getByText(message).count()).toBe(1);
  await control.fill(right);
  expect(await invalid(control)).toBe(false);
  expect(await form.getByText(message).count()).toBe(0);
}

describe.each(SCREENS)('public pages at %s', (_, screen) => {
  it('"Book This Package" ticks that package in the booking form, and ticks it again when asked again', async () => {
    const packages = (await api<Package[]>('/api/packages?offering=studio')).body;
    const index = packages.length > 1 ? 1 : 0;
    const pkg = packages[index];
    const p = await open(screen);
    await p.goto(siteUrl('/studio'));
    const bookButtons = p.getByRole('link', { name: 'Book This Package' });
    await scrollUntilVisible(p, bookButtons.nth(index));
    await bookButtons.nth(index).click();

    await p.waitForURL((url) => url.pathname === '/studio' && url.searchParams.get('item') === pkg.id && url.hash === '#booking');
    const form = p.getByRole('form', { name: 'Book a package' });
    const box = form.getByRole('checkbox', { name: new RegExp(`^${pkg.name}`) });
    await box.waitFor();
    for (let i = 0; i < 40 && !(await box.isChecked()); i++) await p.waitForTimeout(250);
    expect(await box.isChecked()).toBe(true);
    expect(await form.getByRole('checkbox', { checked: true }).count()).toBe(1);
    expect(await form.getByRole('button', { name: 'View Available Schedule' }).isEnabled()).toBe(true);

    // Unticked, then asked for again from its card: ticked again.
    await form.locator('label', { hasText: pkg.name }).first().click();
    expect(await box.isChecked()).toBe(false);
    await scrollUntilVisible(p, bookButtons.nth(index));
    await bookButtons.nth(index).click();
    for (let i = 0; i < 40 && !(await box.isChecked()); i++) await p.waitForTimeout(250);
    expect(await box.isChecked()).toBe(true);
  });

  it('/clinic and /studio store the current offering as soon as they are visited', async () => {
    const p = await open(screen);
    const stored = async (side: string) => {
      let value: unknown = null;
      for (let i = 0; i < 20 && value !== side; i++) {
        if (i > 0) await p.waitForTimeout(100);
        value = await p.evaluate(`localStorage.getItem('maintenance-offering')`);
      }
      return value;
    };
    await p.goto(siteUrl('/clinic'));
    await p.getByRole('heading', { name: 'Reveal your most radiant skin', level: 1 }).waitFor();
    expect(await stored('clinic')).toBe('clinic');
    await p.goto(siteUrl('/studio'));
    await p.getByRole('heading', { name: 'Lumière Studio', level: 1 }).waitFor();
    expect(await stored('studio')).toBe('studio');
    await p.goto(siteUrl('/clinic'));
    await p.getByRole('heading', { name: 'Reveal your most radiant skin', level: 1 }).waitFor();
    expect(await stored('clinic')).toBe('clinic');
  });

  it('keeps a booking field’s error while it is still wrong and drops it the moment it is right; the contact wants a phone number', async () => {
    const p = await open(screen);
    const form = await openBookingForm(p, 'clinic');
    await form.getByRole('button', { name: 'Book Appointment' }).click();
    await seeText(p, 'First Name Required');

    await expectFixedAsTyped(form, 'Email', ['ana', 'ana@example.ph'], BOOKING_MESSAGES.email);
    await expectFixedAsTyped(form, 'Contact number', ['abc', '0917 555 0148'], BOOKING_MESSAGES.contactNotAPhone);
    // Fields not yet fixed keep theirs.
    expect(await invalid(field(form, 'Last name'))).toBe(true);

    // A whole form with "abc" for a number is not sent: the field says why.
    const posts: string[] = [];
    p.on('request', (r) => r.method() === 'POST' && r.url().endsWith('/api/appointments') && posts.push(r.url()));
    await field(form, 'First name').fill('Ana');
    await field(form, 'Last name').fill('Cruz');
    await field(form, 'Contact number').fill('abc');
    await form.getByRole('button', { name: 'Book Appointment' }).click();
    await seeText(p, 'Invalid Contact Number');
    expect(posts).toEqual([]);
  });

  it('shows the newsletter’s problem under its field, gone once the address is one', async () => {
    const p = await open(screen);
    await p.goto(siteUrl('/clinic'));
    const newsletter = p.getByRole('form', { name: 'Newsletter' });
    await scrollUntilVisible(p, newsletter);
    const input = newsletter.getByLabel('Subscribe to our newsletter');
    await input.fill('ana');
    await newsletter.getByRole('button', { name: 'Subscribe' }).click();
    await seeText(p, 'Invalid email');
    expect(await invalid(input)).toBe(true);
    const described = (await input.getAttribute('aria-describedby')) as string;
    expect(await newsletter.locator(`[id="${described}"]`).innerText()).toBe('Please enter a valid email address.');
    await input.fill('ana.example.ph');
    expect(await invalid(input)).toBe(true);
    await input.fill('ana@example.ph');
    expect(await invalid(input)).toBe(false);
    expect(await newsletter.getByText('Please enter a valid email address.').count()).toBe(0);
  });

  it('shows the chat start’s problems under their fields, each gone once it is filled in', async () => {
    const p = await open(screen);
    await p.goto(siteUrl('/clinic'));
    await p.getByRole('button', { name: /Chat with us/ }).click();
    const panel = p.getByRole('dialog', { name: 'Chat' });
    await panel.getByRole('button', { name: 'Start Chat' }).click();
    await seeText(p, 'Name and email required');
    const name = panel.getByLabel('Name');
    const email = panel.getByLabel('Email');
    await panel.getByText('Please enter your name.').waitFor();
    expect(await invalid(name)).toBe(true);
    expect(await invalid(email)).toBe(true);
    await name.fill('Carla');
    expect(await invalid(name)).toBe(false);
    expect(await panel.getByText('Please enter your name.').count()).toBe(0);
    expect(await invalid(email)).toBe(true);
    await email.fill('carla@example.ph');
    expect(await invalid(email)).toBe(false);
  });

  it('puts an error toast clear of the button just pressed and of the field the problem is in', async () => {
    const [treatment] = await clinicTreatments();
    const date = farDateOn(3);
    const free = (await slots('clinic', date, treatment.id)).slots.filter((s) => s.available);
    const p = await open(screen);
    // The server refuses the booking (as it would inside the notice): nothing is booked here.
    await p.route('**/api/appointments', (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 400, json: { message: POLICY_MESSAGES.notice(120) } }) : route.fallback(),
    );
    const form = await openBookingForm(p, 'clinic');

    // Nothing filled in: the first problem's field is brought to view, and the toast is not over it.
    const submit = form.getByRole('button', { name: 'Book Appointment' });
    await submit.click();
    const firstName = field(form, 'First name');
    const toast = toastWith(p, 'First Name Required');
    await toast.waitFor();
    const toastBox = await settledBox(toast);
    expect(overlap(toastBox, await settledBox(firstName))).toBe(false);
    expect(overlap(toastBox, await settledBox(form.getByText(BOOKING_MESSAGES.firstName)))).toBe(false);

    // A complete form the server refuses: the visitor pressed Book at the bottom of the screen, and the toast leaves it be.
    await choose(form, treatment.name);
    await fillDetails(form, { firstName: 'Ana', lastName: 'Cruz', email: 'ana@example.ph' });
    await field(form, 'Preferred date').fill(date);
    await field(form, 'Preferred time').fill(free[Math.floor(Math.random() * free.length)].time);
    await form.getByRole('group', { name: /^Free times on / }).waitFor();
    await submit.evaluate((button) => button.scrollIntoView({ block: 'end', behavior: 'instant' }));
    await settledBox(submit);
    await submit.click();
    const refused = toastWith(p, 'Booking Failed');
    await refused.waitFor();
    expect(overlap(await settledBox(refused), await settledBox(submit))).toBe(false);
  });
});
