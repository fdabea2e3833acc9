import fs from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Appointment, AppointmentReport, DateOverride, OfficeHours, Package, Settings, SlotsResponse, Subscriber, Treatment } from '@bb/contracts';
import { SUBSCRIBER_CSV_COLUMNS } from '@bb/contracts';
import { waitFor } from '@bb/service-kit/testing';
import { adminApiToken, api, book, findOpenSlot, manilaDateInDays, openContext, parseCsv, seeText, slots, TEST_TIMEOUT, unique } from './maintenance-helpers';
import { launchBrowser, seriousViolations, siteUrl } from './support/browser';

jest.setTimeout(TEST_TIMEOUT);

let browser: Browser;
let context: BrowserContext;
let token: string;
let treatment: Treatment;

beforeAll(async () => {
  browser = await launchBrowser();
  token = await adminApiToken();
  const created = await api<Treatment>('/api/treatments', {
    method: 'POST',
    token,
    body: { name: unique('Brow Lamination'), description: 'Shaped brows.', duration: '30 minutes', price: '900', defaultDuration: 30 },
  });
  expect(created.status).toBe(201);
  treatment = created.body;
});
beforeEach(async () => {
  context = await openContext(browser, { admin: true, acceptDownloads: true });
});
afterEach(() => context.close());
afterAll(() => browser.close());

async function download(page: Page, button: string) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  const path = await file.path();
  return { name: file.suggestedFilename(), rows: parseCsv(fs.readFileSync(path, 'utf8')) };
}

describe('settings drive the public schedule', () => {
  let original: { settings: Settings; hours: OfficeHours[] };
  let pkg: Package;

  beforeAll(async () => {
    original = {
      settings: (await api<Settings>('/api/settings/studio', { token })).body,
      hours: (await api<OfficeHours[]>('/api/office-hours/studio')).body,
    };
    pkg = (
      await api<Package>('/api/packages', {
        method: 'POST',
        token,
        body: { name: unique('Mini Shoot'), description: 'Quick portraits.', duration: '30 minutes', price: 1500, defaultDuration: 30, offeringType: 'studio' },
      })
    ).body;
    // A known starting point: one session per slot, Saturday closed.
    await api('/api/settings/studio', { method: 'PUT', token, body: { maxSessionsPerSlot: 1 } });
    await api('/api/office-hours/bulk', {
      method: 'POST',
      token,
      body: { offeringType: 'studio', hours: [{ dayOfWeek: 6, startTime: '09:00', endTime: '17:00', isActive: false }] },
    });
  });

  afterAll(async () => {
    await api('/api/settings/studio', { method: 'PUT', token, body: { maxSessionsPerSlot: original.settings.maxSessionsPerSlot } });
    if (original.hours.length > 0) {
      await api('/api/office-hours/bulk', {
        method: 'POST',
        token,
        body: {
          offeringType: 'studio',
          hours: original.hours.map(({ dayOfWeek, startTime, endTime, isActive }) => ({ dayOfWeek, startTime, endTime, isActive })),
        },
      });
    }
  });

  it('sets 2 sessions per slot and opens Saturday, and the public slots of a Saturday follow', async () => {
    // A Saturday some weeks ahead, so no other test's bookings share its slots; inside the 90-day booking horizon,
    // and not a date with hours of its own (the demo closes public holidays: 1 May 2027 is a Saturday).
    const ownHours = new Set((await api<DateOverride[]>('/api/date-overrides/studio', { token })).body.map((o) => o.date));
    const saturdays = Array.from({ length: 70 }, (_, i) => manilaDateInDays(14 + i)).filter(
      (d) => new Date(`${d}T00:00:00Z`).getUTCDay() === 6 && !ownHours.has(d),
    );
    const saturday = saturdays[Math.floor(Math.random() * saturdays.length)];
    expect((await slots('studio', saturday, pkg.id)).message).toMatch(/closed/i);

    const page = await context.newPage();
    await page.goto(siteUrl('/maintenance'));
    await page.getByRole('button', { name: 'Studio' }).click();
    await page.goto(siteUrl('/maintenance/settings'));
    await page.getByRole('heading', { name: 'Office Hours' }).waitFor();
    await page.getByTestId('sessions-per-slot').filter({ hasText: '1' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    expect(await page.getByRole('button', { name: 'Decrease sessions per slot' }).isDisabled()).toBe(true);
    // The stepper saves each change itself (the spec's buttons are the office hours' only).
    await page.getByRole('button', { name: 'Increase sessions per slot' }).click();
    await seeText(page, 'Settings saved successfully');
    expect(await page.getByRole('button', { name: 'Save Sessions' }).count()).toBe(0);

    expect(await page.getByLabel('Saturday opening time').isDisabled()).toBe(true);
    await page.getByLabel('Saturday status').selectOption('open');
    await page.getByLabel('Saturday opening time').fill('10:00');
    await page.getByLabel('Saturday closing time').fill('15:00');
    await page.getByRole('button', { name: 'Save Office Hours' }).click();
    await seeText(page, 'Office hours saved successfully');

    expect((await api<Settings>('/api/settings/studio', { token })).body.maxSessionsPerSlot).toBe(2);
    const open = await slots('studio', saturday, pkg.id);
    expect(open.slots[0]).toEqual({ time: '10:00', available: true });
    expect(open.slots.at(-1)?.time).toBe('14:30');

    // Two visitors fit in one slot now; a third would not.
    await book({ offeringType: 'studio', preferredDate: saturday, preferredTime: '10:00', treatments: [pkg.id] });
    expect((await slots('studio', saturday, pkg.id)).slots.find((s) => s.time === '10:00')?.available).toBe(true);
    await book({ offeringType: 'studio', preferredDate: saturday, preferredTime: '10:00', treatments: [pkg.id] });
    expect((await slots('studio', saturday, pkg.id)).slots.find((s) => s.time === '10:00')?.available).toBe(false);
  });

  it('keeps a change of sessions per slot when the admin leaves the page at once', async () => {
    const before = (await api<Settings>('/api/settings/studio', { token })).body.maxSessionsPerSlot;
    const page = await context.newPage();
    await page.goto(siteUrl('/maintenance'));
    await page.getByRole('button', { name: 'Studio' }).click();
    await page.goto(siteUrl('/maintenance/settings'));
    await page
      .getByTestId('sessions-per-slot')
      .filter({ hasText: String(before) })
      .waitFor();
    await page.getByRole('button', { name: 'Increase sessions per slot' }).click();
    await page.getByRole('navigation', { name: 'Maintenance' }).getByRole('link', { name: 'Appointments' }).click();
    await page.getByRole('heading', { level: 1, name: 'Appointments' }).waitFor();
    await waitFor('the new capacity', async () => (await api<Settings>('/api/settings/studio', { token })).body.maxSessionsPerSlot === before + 1);
  });

  it('Apply to Weekends copies Sunday to Saturday', async () => {
    const page = await context.newPage();
    await page.goto(siteUrl('/maintenance/settings'));
    await page.getByRole('heading', { name: 'Office Hours' }).waitFor();
    await page.getByLabel('Sunday status').selectOption('open');
    await page.getByLabel('Sunday opening time').fill('11:00');
    await page.getByRole('button', { name: 'Apply to Weekends' }).click();
    expect(await page.getByLabel('Saturday status').inputValue()).toBe('open');
    expect(await page.getByLabel('Saturday opening time').inputValue()).toBe('11:00');
  });
});

describe('appointments', () => {
  it('opens an appointment a visitor booked and marks it done; the list passes axe', async () => {
    const slot = await findOpenSlot('clinic', treatment.id);
    const booked = await book({ preferredDate: slot.date, preferredTime: slot.time, treatments: [treatment.id] });
    const name = `${booked.firstName} ${booked.lastName}`;

    const page = await context.newPage();
    await page.goto(siteUrl('/maintenance/appointments'));
    await page.getByRole('button', { name, exact: true }).waitFor();
    await seeText(page, /^Total appointments: \d+$/);
    expect(await seriousViolations(page)).toEqual([]);

    const row = page.locator(`tr[data-appointment-id="${booked.id}"]`);
    expect(await row.textContent()).toContain(treatment.name);
    await page.getByRole('button', { name, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Appointment' });
    await dialog.getByLabel('Status').selectOption('done');
    await dialog.getByLabel('Admin Comment').fill('Arrived on time.');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await seeText(page, 'Appointment updated successfully');
    await row.getByText('Done').waitFor();

    const { body: all } = await api<Appointment[]>('/api/appointments', { token });
    expect(all.find((a) => a.id === booked.id)).toMatchObject({ status: 'done', adminComment: 'Arrived on time.' });

    await page.getByRole('button', { name: 'Calendar' }).click();
    await page.getByLabel('Jump to Date').fill(slot.date);
    await page.getByRole('button', { name: new RegExp(`^${name}, `) }).waitFor();
  });

  it('deletes an appointment only after a confirmation that says it cannot be undone', async () => {
    const slot = await findOpenSlot('clinic', treatment.id);
    const booked = await book({ preferredDate: slot.date, preferredTime: slot.time, treatments: [treatment.id] });
    const name = `${booked.firstName} ${booked.lastName}`;

    const page = await context.newPage();
    await page.goto(siteUrl('/maintenance/appointments'));
    await page.getByRole('button', { name, exact: true }).click();
    await page.getByRole('dialog', { name: 'Edit Appointment' }).getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Appointment' });
    await confirm.getByText('This action cannot be undone.').waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await seeText(page, 'Appointment deleted successfully');
    await page.getByRole('button', { name, exact: true }).waitFor({ state: 'detached' });
    const { body: all } = await api<Appointment[]>('/api/appointments', { token });
    expect(all.some((a) => a.id === booked.id)).toBe(false);
  });

  it('says Session Expired and goes to the login screen when the token is no longer accepted', async () => {
    const slot = await findOpenSlot('clinic', treatment.id);
    const booked = await book({ preferredDate: slot.date, preferredTime: slot.time, treatments: [treatment.id] });
    const page = await context.newPage();
    await page.goto(siteUrl('/maintenance/appointments'));
    const name = `${booked.firstName} ${booked.lastName}`;
    await page.getByRole('button', { name, exact: true }).click();
    await page.route('**/api/appointments/*', (route) => route.fulfill({ status: 401, contentType: 'application/json', body: '{"message":"Unauthorized"}' }));
    await page.getByRole('dialog', { name: 'Edit Appointment' }).getByLabel('Status').selectOption('cancelled');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await seeText(page, 'Session Expired');
    await seeText(page, 'Please log in again to continue');
    // Rolled back: the row still reads Pending.
    await page.locator(`tr[data-appointment-id="${booked.id}"]`).getByText('Pending').waitFor();
    await page.waitForURL('**/admin/login', { timeout: 5000 });
  });
});

describe('appointments on any screen', () => {
  let long: Appointment;
  let services: string[];

  beforeAll(async () => {
    // A booking whose every column is long: a long name and e-mail, four treatments.
    const clinic = (await api<Treatment[]>('/api/treatments?offering=clinic')).body.slice(0, 4);
    services = clinic.map((t) => t.name);
    const ids = clinic.map((t) => t.id);
    for (let d = 20 + Math.floor(Math.random() * 40); ; d++) {
      const date = manilaDateInDays(d);
      const query = `offeringType=clinic&date=${date}${ids.map((id) => `&treatmentId=${encodeURIComponent(id)}`).join('')}`;
      const free = (await api<SlotsResponse>(`/api/available-slots?${query}`)).body.slots.find((x) => x.available);
      if (!free) continue;
      long = await book({
        firstName: 'Maria Concepcion',
        lastName: unique('Dela Cruz-Villanueva').replace(' ', '-'),
        email: `${unique('maria.concepcion.delacruz.villanueva').replace(' ', '.')}@examplecompany.com.ph`,
        preferredDate: date,
        preferredTime: free.time,
        treatments: ids,
      });
      break;
    }
  });

  it('keeps every column of the list on screen at 1280 px, long text wrapping inside its cell', async () => {
    const page = await context.newPage();
    await page.goto(siteUrl('/maintenance/appointments'));
    const row = page.locator(`tr[data-appointment-id="${long.id}"]`);
    await row.waitFor();
    // The table's scroll area has nothing to scroll sideways.
    const fits = await page.evaluate(`(() => { const area = document.querySelector('table').parentElement; return area.scrollWidth <= area.clientWidth; })()`);
    expect(fits).toBe(true);
    const status = page.getByRole('columnheader', { name: 'Status' });
    const box = await status.boundingBox();
    expect((box?.x ?? Infinity) + (box?.width ?? 0)).toBeLessThanOrEqual(1280);
    const text = await row.innerText();
    for (const piece of [long.email, long.contact, ...services, 'Pending', 'Clinic']) expect(text).toContain(piece);
    expect(await row.getByText('Pending').isVisible()).toBe(true);
  });

  it('shows the list as cards at 375 px with the content of every column and no sideways scrolling', async () => {
    const phone = await openContext(browser, { admin: true, viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
    try {
      const page = await phone.newPage();
      await page.goto(siteUrl('/maintenance/appointments'));
      const card = page.locator(`li[data-appointment-id="${long.id}"]`);
      await card.waitFor();
      expect(await page.getByRole('table').count()).toBe(0);
      const text = await card.innerText();
      for (const piece of ['Offering', 'Contact', 'Date & Time', 'Services', long.email, long.contact, ...services, 'Pending', 'Clinic'])
        expect(text).toContain(piece);
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
      await card.getByRole('button', { name: `${long.firstName} ${long.lastName}` }).click();
      await page.getByRole('dialog', { name: 'Edit Appointment' }).waitFor();
    } finally {
      await phone.close();
    }
  });

  it('shows the calendar one day at a time on a phone, moving a day at a time', async () => {
    const phone = await openContext(browser, { admin: true, viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
    try {
      const page = await phone.newPage();
      await page.goto(siteUrl('/maintenance/appointments'));
      await page.getByRole('button', { name: 'Calendar' }).click();
      await page.getByLabel('Jump to Date').fill(long.preferredDate);
      const period = page.getByTestId('calendar-period');
      const [y, m, d] = long.preferredDate.split('-').map(Number);
      const label = (date: Date) => date.toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
      await period.filter({ hasText: label(new Date(Date.UTC(y, m - 1, d))) }).waitFor();
      const booking = page.getByRole('button', { name: new RegExp(`^${long.firstName} ${long.lastName}, `) });
      await booking.waitFor();
      const box = await booking.boundingBox();
      expect((box?.x ?? Infinity) + (box?.width ?? 0)).toBeLessThanOrEqual(375);
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);

      await page.getByRole('button', { name: 'Next day' }).click();
      await period.filter({ hasText: label(new Date(Date.UTC(y, m - 1, d + 1))) }).waitFor();
      expect(await booking.count()).toBe(0);
      await page.getByRole('button', { name: 'Previous day' }).click();
      await booking.waitFor();
    } finally {
      await phone.close();
    }
  });
});

describe('exports', () => {
  it('exports subscribers as an 11-column CSV with every subscriber', async () => {
    const email = `${unique('news').replace(' ', '-')}@example.com`;
    expect((await api('/api/email-subscribers', { method: 'POST', body: { email, source: 'newsletter', offeringType: 'clinic' } })).status).toBe(201);
    await waitFor('the subscriber', async () => (await api<Subscriber[]>('/api/email-subscribers', { token })).body.some((s) => s.email === email));

    const page = await context.newPage();
    await page.goto(siteUrl('/maintenance/email-subscribers'));
    await page.getByText(email).waitFor();
    const total = Number((await page.getByText(/^Total: \d+$/).textContent())?.replace('Total: ', ''));
    const { name, rows } = await download(page, 'Export to CSV');
    await seeText(page, `Exported ${total} subscribers to CSV`);

    expect(name).toMatch(/^email-subscribers-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(rows[0]).toEqual([...SUBSCRIBER_CSV_COLUMNS]);
    expect(rows).toHaveLength(total + 1);
    expect(rows.every((r) => r.length === 11)).toBe(true);
    const row = rows.find((r) => r[0] === email);
    expect(row?.slice(3, 7)).toEqual(['newsletter', 'clinic', 'Yes', 'Yes']);
    expect(row?.[7]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  });

  it('exports the appointments of the chosen dates as appointments-report-{date}.csv', async () => {
    const slot = await findOpenSlot('clinic', treatment.id);
    const booked = await book({ preferredDate: slot.date, preferredTime: slot.time, treatments: [treatment.id], notes: 'Sensitive skin, please' });

    const page = await context.newPage();
    await page.goto(siteUrl('/maintenance/reports'));
    await page.getByLabel('From', { exact: true }).fill(slot.date);
    await page.getByLabel('To', { exact: true }).fill(slot.date);
    await page.getByRole('heading', { name: 'Age Groups' }).waitFor();
    for (const group of ['Under 20', '20-29', '30-39', '40-49', '50+']) await page.getByText(group, { exact: true }).waitFor();
    const { name, rows } = await download(page, 'Export CSV');

    expect(name).toMatch(/^appointments-report-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(rows[0]).toEqual(['Date', 'Time', 'Name', 'Gender', 'Age', 'Email', 'Contact', 'Treatments', 'Notes']);
    expect(rows.slice(1).every((r) => r[0] === slot.date)).toBe(true);
    expect(rows.find((r) => r[5] === booked.email)).toEqual([
      slot.date,
      slot.time,
      `${booked.firstName} ${booked.lastName}`,
      'female',
      '34',
      booked.email,
      booked.contact,
      treatment.name,
      'Sensitive skin, please',
    ]);
  });

  it('counts appointments without an age or gender as Not given, so each chart adds up to the total', async () => {
    const slot = await findOpenSlot('clinic', treatment.id, 20 + Math.floor(Math.random() * 30));
    await book({ preferredDate: slot.date, preferredTime: slot.time, treatments: [treatment.id], age: undefined, gender: undefined });
    const page = await context.newPage();
    await page.goto(siteUrl('/maintenance/reports'));
    await page.getByLabel('From', { exact: true }).fill(slot.date);
    await page.getByLabel('To', { exact: true }).fill(slot.date);
    const { body: report } = await api<AppointmentReport>(`/api/reports/appointments?from=${slot.date}&to=${slot.date}&offering=clinic`, { token });
    for (const chart of ['Age Groups', 'Gender']) {
      // Each chart is its heading's card: one row per bar, its label first and its count last.
      const rows = page.getByRole('heading', { name: chart }).locator('xpath=..').locator('li');
      await rows.filter({ hasText: 'Not given' }).waitFor();
      const counts = (await rows.allInnerTexts()).map((row) => Number(row.trim().split(/\s+/).at(-1)));
      expect(counts.reduce((n, c) => n + c, 0)).toBe(report.total);
    }
  });

  it('disables the appointments export when no appointment matches', async () => {
    const page = await context.newPage();
    await page.goto(siteUrl('/maintenance/reports'));
    await page.getByLabel('From', { exact: true }).fill('2001-01-01');
    await page.getByLabel('To', { exact: true }).fill('2001-01-02');
    await seeText(page, 'No treatment data available for the selected date range.');
    expect(await page.getByRole('button', { name: 'Export CSV' }).isDisabled()).toBe(true);
  });
});
