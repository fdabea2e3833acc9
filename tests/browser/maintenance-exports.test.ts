// The console's CSV exports (subscribers, an appointments report, deposits) and the report's charts.
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import type { AppointmentReport, DepositReport, PaymentPage, Subscriber, Treatment } from '@bb/contracts';
import { SUBSCRIBER_CSV_COLUMNS } from '@bb/contracts';
import { waitFor } from '@bb/service-kit/testing';
import { api, book, findOpenSlot, newTreatment, parseCsv, seeText, TEST_TIMEOUT, tinyPng, unique } from './maintenance-helpers';
import { aMomentAgo, auditEntrySince } from './support/audit';
import { seriousViolations, siteUrl } from './support/browser';
import { bookTreatment, depositTreatment, payPageReady, removeTreatment, setPaymentSettings } from './support/deposits';
import { browserSuite } from './support/suite';

jest.setTimeout(TEST_TIMEOUT);

const suite = browserSuite({ each: { admin: true, acceptDownloads: true }, signIn: true });
let treatment: Treatment;
let deposit: Treatment;
beforeAll(async () => {
  treatment = await newTreatment(suite.token);
  deposit = await depositTreatment(suite.token, 25_050);
});
afterAll(() => removeTreatment(suite.token, deposit.id));

/** Pesos as the console writes centavos: "₱250.50", "₱1,500". */
const pesos = (centavos: number) =>
  `₱${(centavos / 100).toLocaleString('en-PH', { minimumFractionDigits: centavos % 100 === 0 ? 0 : 2, maximumFractionDigits: 2 })}`;

/** A visitor's deposit paid by a GCash transfer staff confirmed, then refunded by hand and sent back. */
async function paidAndRefunded(): Promise<{ date: string }> {
  await setPaymentSettings();
  const booked = await bookTreatment(deposit.id, 660);
  await payPageReady(booked.manageToken as string);
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(tinyPng())]), 'receipt.png');
  form.append('referenceNumber', 'GC 2031 555 0101');
  form.append('kind', 'gcash');
  expect((await fetch(siteUrl(`/api/payments/by-link/${booked.manageToken}/receipt`), { method: 'POST', body: form })).status).toBe(201);
  const { payments } = (await api<PaymentPage>(`/api/payments?search=${encodeURIComponent(booked.lastName)}`, { token: suite.token })).body;
  const id = payments[0].id;
  for (const step of ['transfer-confirmation', 'refunds', 'refund-sent']) {
    const res = await api(`/api/payments/${id}/${step}`, { method: 'POST', token: suite.token, ...(step === 'refunds' && { body: {} }) });
    expect([step, res.status]).toEqual([step, step === 'refunds' ? 201 : 200]);
  }
  return { date: booked.preferredDate };
}

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
    // Alone on a fresh stack this file's subscriber is the only one: "1 subscriber".
    await seeText(page, `Exported ${total} subscriber${total === 1 ? '' : 's'} to CSV`);
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

  it('shows the deposits of the chosen dates as figures, a chart and a CSV, and the no-show rate; on a phone too', async () => {
    const { date } = await paidAndRefunded();
    const figures = async () => (await api<DepositReport>(`/api/reports/deposits?from=${date}&to=${date}&offering=clinic`, { token: suite.token })).body;
    let report = await figures();
    expect(report.collected.centavos).toBeGreaterThanOrEqual(25_050);
    expect(report.refunded.centavos).toBeGreaterThanOrEqual(25_050);

    const { page } = suite;
    await page.goto(siteUrl('/maintenance/reports'));
    await page.getByLabel('From', { exact: true }).fill(date);
    await page.getByLabel('To', { exact: true }).fill(date);
    const section = page.getByRole('region', { name: 'Deposits' });
    await section.getByRole('heading', { name: 'Collected by Day' }).waitFor();
    report = await figures();
    const card = (label: string) => section.getByText(label, { exact: true }).locator('xpath=..');
    await card('Collected').getByText(pesos(report.collected.centavos), { exact: true }).waitFor();
    await card('Collected')
      .getByText(`${report.collected.count} deposit${report.collected.count === 1 ? '' : 's'}`)
      .waitFor();
    await card('Refunded').getByText(pesos(report.refunded.centavos), { exact: true }).waitFor();
    await card('Net').getByText(pesos(report.netCentavos), { exact: true }).waitFor();
    await section.getByRole('heading', { name: 'Collected by Method' }).locator('xpath=..').getByText('GCash').waitFor();
    await page.getByText('No-show rate', { exact: true }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    const { name, rows } = await download(page, 'Export deposits CSV');
    expect(name).toMatch(/^deposits-report-\d{4}-\d{2}-\d{2}\.csv$/);
    const two = (centavos: number) => (centavos / 100).toFixed(2);
    expect(rows).toEqual([
      ['Date', 'Deposits paid', 'Collected (PHP)', 'Refunded (PHP)', 'Kept (PHP)'],
      [date, String(report.collected.count), two(report.collected.centavos), two(report.refunded.centavos), two(report.kept.centavos)],
      ['Total', String(report.collected.count), two(report.collected.centavos), two(report.refunded.centavos), two(report.kept.centavos)],
    ]);

    const phone = await suite.open({ admin: true, viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
    await phone.goto(siteUrl('/maintenance/reports'));
    await phone.getByLabel('From', { exact: true }).fill(date);
    await phone.getByLabel('To', { exact: true }).fill(date);
    const small = phone.getByRole('region', { name: 'Deposits' });
    await small.getByText(pesos(report.collected.centavos), { exact: true }).first().waitFor();
    await small.getByRole('heading', { name: 'Collected by Day' }).scrollIntoViewIfNeeded();
    const rightEdge = (box: { x: number; width: number } | null) => (box ? box.x + box.width : Infinity);
    expect(rightEdge(await small.boundingBox())).toBeLessThanOrEqual(375);
    const fits = `(() => { const s = document.querySelector('section[aria-labelledby="deposits-heading"]'); return s.scrollWidth <= s.clientWidth; })()`;
    expect(await phone.evaluate(fits)).toBe(true);
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
