// The console's CSV exports (subscribers, an appointments report) and the report's charts.
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import type { AppointmentReport, Subscriber, Treatment } from '@bb/contracts';
import { SUBSCRIBER_CSV_COLUMNS } from '@bb/contracts';
import { waitFor } from '@bb/service-kit/testing';
import { api, book, findOpenSlot, newTreatment, parseCsv, seeText, TEST_TIMEOUT, unique } from './maintenance-helpers';
import { aMomentAgo, auditEntrySince } from './support/audit';
import { siteUrl } from './support/browser';
import { browserSuite } from './support/suite';

jest.setTimeout(TEST_TIMEOUT);

const suite = browserSuite({ each: { admin: true, acceptDownloads: true }, signIn: true });
let treatment: Treatment;
beforeAll(async () => {
  treatment = await newTreatment(suite.token);
});

async function download(page: Page, button: string) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  const path = await file.path();
  return { name: file.suggestedFilename(), rows: parseCsv(fs.readFileSync(path, 'utf8')) };
}

describe('exports', () => {
  it('exports subscribers as an 11-column CSV with every subscriber', async () => {
    const email = `${unique('news').replace(' ', '-')}@example.com`;
    expect((await api('/api/email-subscribers', { method: 'POST', body: { email, source: 'newsletter', offeringType: 'clinic' } })).status).toBe(201);
    await waitFor('the subscriber', async () =>
      (await api<Subscriber[]>('/api/email-subscribers', { token: suite.token })).body.some((s) => s.email === email),
    );

    const { page } = suite;
    await page.goto(siteUrl('/maintenance/email-subscribers'));
    await page.getByText(email).waitFor();
    const total = Number((await page.getByText(/^Total: \d+$/).textContent())?.replace('Total: ', ''));
    const since = aMomentAgo();
    const { name, rows } = await download(page, 'Export to CSV');
    await seeText(page, `Exported ${total} subscribers to CSV`);
    // Recorded in the audit trail before the file was made.
    await auditEntrySince(suite.token, 'export', since, (e) => e.subject.startsWith(`subscribers CSV, ${total} row`) && e.actor?.username === 'admin');

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

    const { page } = suite;
    await page.goto(siteUrl('/maintenance/reports'));
    await page.getByLabel('From', { exact: true }).fill(slot.date);
    await page.getByLabel('To', { exact: true }).fill(slot.date);
    await page.getByRole('heading', { name: 'Age Groups' }).waitFor();
    for (const group of ['Under 20', '20-29', '30-39', '40-49', '50+']) await page.getByText(group, { exact: true }).waitFor();
    const since = aMomentAgo();
    const { name, rows } = await download(page, 'Export CSV');
    await auditEntrySince(
      suite.token,
      'export',
      since,
      (e) => e.subject.startsWith(`appointments CSV, ${rows.length - 1} row`) && e.subject.includes(slot.date),
    );

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
    const { page } = suite;
    await page.goto(siteUrl('/maintenance/reports'));
    await page.getByLabel('From', { exact: true }).fill(slot.date);
    await page.getByLabel('To', { exact: true }).fill(slot.date);
    const { body: report } = await api<AppointmentReport>(`/api/reports/appointments?from=${slot.date}&to=${slot.date}&offering=clinic`, {
      token: suite.token,
    });
    for (const chart of ['Age Groups', 'Gender']) {
      // Each chart is its heading's card: one row per bar, its label first and its count last.
      const rows = page.getByRole('heading', { name: chart }).locator('xpath=..').locator('li');
      await rows.filter({ hasText: 'Not given' }).waitFor();
      const counts = (await rows.allInnerTexts()).map((row) => Number(row.trim().split(/\s+/).at(-1)));
      expect(counts.reduce((n, c) => n + c, 0)).toBe(report.total);
    }
  });

  it('disables the appointments export when no appointment matches', async () => {
    const { page } = suite;
    await page.goto(siteUrl('/maintenance/reports'));
    await page.getByLabel('From', { exact: true }).fill('2001-01-01');
    await page.getByLabel('To', { exact: true }).fill('2001-01-02');
    await seeText(page, 'No treatment data available for the selected date range.');
    expect(await page.getByRole('button', { name: 'Export CSV' }).isDisabled()).toBe(true);
  });
});
