#!/usr/bin/env node
// Screenshots of the screens issue 18 changed, for a reviewer to look at rather than read:
// Debian's chromium through playwright-core, against a running stack (npm start). It books,
// chats and signs in like a visitor and an admin would, so run it on a demo stack only.
//
//   node web/scripts/screenshots.mjs [origin]      (default http://localhost:8080)
//
// Writes bench/results/screens/<name>.png.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const origin = process.argv[2] ?? 'http://localhost:8080';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const out = path.join(root, 'bench', 'results', 'screens');
fs.mkdirSync(out, { recursive: true });

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 740 };

async function api(pathname, { method = 'GET', body, token } = {}) {
  const res = await fetch(`${origin}${pathname}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return text ? JSON.parse(text) : undefined;
}

const manilaDate = (daysAhead) => new Date(Date.now() + 8 * 3600_000 + daysAhead * 86_400_000).toISOString().slice(0, 10);
const dateOnWeekday = (daysAhead, weekday) => {
  for (let d = daysAhead; ; d++) if (new Date(`${manilaDate(d)}T00:00:00Z`).getUTCDay() === weekday) return manilaDate(d);
};
const suffix = () => Math.random().toString(16).slice(2, 6);

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
const { token } = await api('/api/auth/login', { method: 'POST', body: { username: 'admin', password: 'admin123' } });

async function page(viewport, { admin = false } = {}) {
  const context = await browser.newContext({
    viewport,
    timezoneId: 'Asia/Manila',
    locale: 'en-PH',
    isMobile: viewport.width < 500,
    hasTouch: viewport.width < 500,
  });
  if (admin) await context.addInitScript(`localStorage.setItem('auth_token', ${JSON.stringify(token)});`);
  return context.newPage();
}

/** The page (or one element of it, or a clip of it) once its transitions have finished. */
async function shot(p, name, target, clip) {
  await p.evaluate(
    `Promise.all(document.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Infinity).map((a) => a.finished.catch(() => undefined)))`,
  );
  await (target ?? p).screenshot({ path: path.join(out, `${name}.png`), clip });
  console.log(`bench/results/screens/${name}.png`);
}

const treatments = await api('/api/treatments?offering=clinic');
const form = (p) => p.getByRole('form', { name: 'Book a treatment' });

// Booking: the problems by their fields.
{
  const p = await page(DESKTOP);
  await p.goto(`${origin}/clinic#booking`);
  await form(p).locator('label').first().waitFor();
  await form(p).getByRole('button', { name: 'Book Appointment' }).click();
  await form(p).getByText('Please enter your first name.').waitFor();
  await shot(p, 'booking-inline-errors', form(p));
  await p.context().close();
}

// Booking: arriving from a treatment page with it ticked, the day's free times, a typed time that is not one.
{
  const p = await page(DESKTOP);
  await p.goto(`${origin}/treatment/${treatments[1].id}`);
  await p.getByRole('link', { name: 'Book This Treatment' }).click();
  await form(p).getByRole('checkbox', { checked: true }).waitFor();
  await form(p)
    .getByLabel(/^Preferred date/)
    .fill(dateOnWeekday(30, 2));
  await form(p)
    .getByRole('group', { name: /^Free times on / })
    .waitFor();
  await form(p)
    .getByLabel(/^Preferred time/)
    .fill('10:15');
  await form(p)
    .getByText(/is not one of the times we book/)
    .waitFor();
  await shot(p, 'booking-preselected-free-times-typed-time-checked', form(p));

  // Then a free time, the details, and the success panel that stays.
  const free = form(p)
    .getByRole('group', { name: /^Free times on / })
    .getByRole('button');
  await free.nth(Math.floor(Math.random() * (await free.count()))).click();
  await form(p)
    .getByLabel(/^First name/)
    .fill('Bianca');
  await form(p)
    .getByLabel(/^Last name/)
    .fill('Reyes');
  await form(p)
    .getByLabel(/^Email/)
    .fill(`bianca.${suffix()}@example.ph`);
  await form(p)
    .getByLabel(/^Contact number/)
    .fill('+63 917 555 0199');
  await form(p).getByRole('button', { name: 'Book Appointment' }).click();
  await p.getByTestId('booking-success').waitFor();
  await shot(p, 'booking-success-summary', p.locator('#booking'));
  await p.context().close();
}

// Schedule: the visitor's "now" is a Wednesday at 1:10 PM; started slots read Past.
{
  const p = await page(DESKTOP);
  const wednesday = dateOnWeekday(35, 3);
  await p.clock.setFixedTime(new Date(`${wednesday}T13:10:00+08:00`));
  await p.route('**/api/available-slots?*', async (route) => {
    const response = await route.fetch();
    const date = new URL(route.request().url()).searchParams.get('date');
    const body = await response.json();
    const started = (time) => date < wednesday || (date === wednesday && time <= '13:10');
    await route.fulfill({ response, json: { ...body, slots: body.slots.map((s) => (started(s.time) ? { ...s, available: false } : s)) } });
  });
  await p.goto(`${origin}/clinic#booking`);
  await form(p).locator('label', { hasText: treatments[0].name }).first().click();
  await form(p).getByRole('button', { name: 'View Available Schedule' }).click();
  const dialog = p.getByRole('dialog', { name: 'View Available Schedule' });
  await dialog.locator('[data-past]').first().waitFor();
  await shot(p, 'schedule-past-slots', dialog);
  await p.context().close();
}

// Booking on a phone.
{
  const p = await page(PHONE);
  await p.goto(`${origin}/clinic#booking`);
  await form(p).locator('label').first().waitFor();
  await form(p).getByRole('button', { name: 'Book Appointment' }).click();
  await form(p).getByText('Please enter your first name.').waitFor();
  await form(p)
    .getByLabel(/^First name/)
    .scrollIntoViewIfNeeded();
  await shot(p, 'booking-inline-errors-375');
  await p.context().close();
}

// Real Results naming each result's treatment.
{
  const p = await page(DESKTOP);
  await p.goto(`${origin}/clinic#results`);
  await p.locator('#results').getByTestId('result-treatment').first().waitFor();
  await shot(p, 'results-gallery-treatment-names', p.locator('#results'));
  await p.context().close();
}

// Chat: a returning visitor with a reply written while away; the panel with times.
{
  const p = await page(DESKTOP);
  await p.goto(`${origin}/clinic`);
  await p.getByRole('button', { name: /Chat with us/ }).click();
  const panel = p.getByRole('dialog', { name: 'Chat' });
  await panel.getByLabel('Name').fill('Fe Ramos');
  await panel.getByLabel('Email').fill(`fe.${suffix()}@example.ph`);
  await panel.getByRole('button', { name: 'Start Chat' }).click();
  await panel.getByRole('textbox', { name: 'Message' }).fill('Can I book for two people on Saturday?');
  await panel.getByRole('button', { name: 'Send' }).click();
  await panel.getByText('Can I book for two people on Saturday?').waitFor();
  await p.getByRole('button', { name: /Close chat/ }).click();
  const id = decodeURIComponent((await p.context().cookies()).find((c) => c.name === 'chat_conversation_id_clinic').value);
  const again = await p.context().newPage();
  await p.close();
  await api('/api/messages', {
    method: 'POST',
    token,
    body: { conversationId: id, senderType: 'csr', senderName: 'Support Team', content: 'Yes! Two rooms are free from 10 AM.', offeringType: 'clinic' },
  });
  await again.goto(`${origin}/clinic`);
  await again.getByTestId('chat-unread').waitFor({ timeout: 15_000 });
  await shot(again, 'chat-unread-badge-returning-visitor', undefined, { x: DESKTOP.width - 420, y: DESKTOP.height - 260, width: 420, height: 260 });
  await again.getByRole('button', { name: /Chat with us/ }).click();
  await again.getByRole('dialog', { name: 'Chat' }).getByText('Yes! Two rooms are free from 10 AM.').waitFor();
  await shot(again, 'chat-panel-message-times', again.getByRole('dialog', { name: 'Chat' }));
  await again.context().close();
}

// A page whose chunk did not arrive.
{
  const p = await page(DESKTOP);
  await p.route(/\/assets\/TreatmentPage-[^/]+\.js$/, (route) => route.abort('internetdisconnected'));
  await p.goto(`${origin}/treatment/${treatments[0].id}`);
  await p.getByRole('alert').filter({ hasText: 'could not be loaded' }).waitFor();
  await shot(p, 'error-boundary-chunk-failed');
  await p.context().close();
}

// Console: the appointments list at 1280 px and as cards at 375 px, the calendar's day view.
{
  const p = await page(DESKTOP, { admin: true });
  await p.goto(`${origin}/maintenance/appointments`);
  await p.getByText(/^Total appointments/).waitFor();
  await shot(p, 'console-appointments-1280');
  await p.context().close();

  const phone = await page(PHONE, { admin: true });
  await phone.goto(`${origin}/maintenance/appointments`);
  await phone.getByText(/^Total appointments/).waitFor();
  await shot(phone, 'console-appointments-cards-375');
  await phone.getByRole('button', { name: 'Calendar' }).click();
  const first = (await api('/api/appointments', { token }))
    .filter((a) => a.status !== 'cancelled' && a.preferredDate >= manilaDate(0))
    .sort((a, b) => a.preferredDate.localeCompare(b.preferredDate))[0];
  if (first) await phone.getByLabel('Jump to Date').fill(first.preferredDate);
  await phone.getByTestId('calendar-period').waitFor();
  await shot(phone, 'console-calendar-day-375');
  await phone.context().close();
}

// Console: reports with Not given, settings without Save Sessions, a detail screen that failed, packages that failed.
{
  const p = await page(DESKTOP, { admin: true });
  await p.goto(`${origin}/maintenance/reports`);
  // The coming three months: bookings made above without an age or a gender are among them.
  await p.getByLabel('To', { exact: true }).fill(manilaDate(90));
  await p.getByLabel('From', { exact: true }).fill(manilaDate(0));
  await p.getByRole('heading', { name: 'Age Groups' }).waitFor();
  await p.getByText('Not given', { exact: true }).first().waitFor();
  await p.setViewportSize({ width: 1280, height: 1250 });
  await shot(p, 'console-reports-not-given');
  await p.setViewportSize(DESKTOP);

  await p.goto(`${origin}/maintenance/settings`);
  await p.getByTestId('sessions-per-slot').waitFor();
  await shot(p, 'console-settings-sessions-autosave', p.getByText('Concurrent Sessions').locator('xpath=ancestor::div[contains(@class, "chakra-card__root")]'));

  await p.route(`**/api/treatments/${treatments[0].id}`, (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Internal error"}' }),
  );
  await p.goto(`${origin}/maintenance/treatments/${treatments[0].id}`);
  await p.getByText('The treatment could not be loaded.').waitFor();
  await shot(p, 'console-detail-failed-not-not-found');

  await p.route('**/api/packages?offering=*', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Internal error"}' }));
  await p.goto(`${origin}/maintenance/packages`);
  await p.getByText('Packages could not be loaded.').waitFor();
  await shot(p, 'console-packages-failed-add-package');
  await p.context().close();
}

// Console: a session that lapses while reading, then back on the same page after signing in.
{
  const context = await browser.newContext({ viewport: DESKTOP, timezoneId: 'Asia/Manila', locale: 'en-PH' });
  const p = await context.newPage();
  await p.goto(`${origin}/maintenance/staff`);
  await p.getByLabel(/^Username/).fill('admin');
  await p.getByLabel(/^Password/).fill('admin123');
  await p.getByRole('button', { name: 'Sign In' }).click();
  await p.getByRole('heading', { level: 1, name: 'Staff' }).waitFor();
  const own = await p.evaluate(`localStorage.getItem('auth_token')`);
  await api('/api/auth/logout', { method: 'POST', token: own });
  await p.getByRole('navigation', { name: 'Maintenance' }).getByRole('link', { name: 'Appointments' }).click();
  await p.getByText('Session Expired').first().waitFor();
  await shot(p, 'console-session-expired');
  await p.waitForURL('**/admin/login');
  await p.getByRole('button', { name: 'Sign In' }).waitFor();
  await shot(p, 'console-login-after-session-expired');
  await context.close();
}

// Console: Chat opened, the first conversation shown but not marked seen.
{
  const p = await page(DESKTOP, { admin: true });
  await p.goto(`${origin}/maintenance/chat`);
  await p.getByRole('log').waitFor();
  await shot(p, 'console-chat-first-conversation-still-unseen');
  await p.context().close();
}

await browser.close();
