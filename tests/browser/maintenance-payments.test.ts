import type { Appointment, PaymentPage, PaymentSettings, Treatment } from '@bb/contracts';
import { waitFor } from '@bb/service-kit/testing';
import { api, seeText, TEST_TIMEOUT, tinyPng, unique } from './maintenance-helpers';
import { seriousViolations, siteUrl } from './support/browser';
import { bookTreatment, depositTreatment, removeTreatment, setPaymentSettings } from './support/deposits';
import { browserSuite } from './support/suite';

jest.setTimeout(TEST_TIMEOUT);

const suite = browserSuite({ signIn: true });
let treatment: Treatment;
beforeAll(async () => {
  treatment = await depositTreatment(suite.token, 25_000);
  await setPaymentSettings();
});
afterAll(() => removeTreatment(suite.token, treatment.id));

const depositOf = async (id: string) => (await api<Appointment[]>('/api/appointments', { token: suite.token })).body.find((a) => a.id === id)?.payment;

describe('payments in the console', () => {
  it("confirms a visitor's transfer from its receipt, which confirms the booking; then refunds it by hand and marks the refund sent", async () => {
    const booked = await bookTreatment(treatment.id, 620);

    // The visitor pays by GCash transfer and sends the screenshot from the pay page (the accounts set again just before: a system test file sets its own while it runs).
    const visitor = await suite.open();
    await setPaymentSettings();
    await visitor.goto(siteUrl(`/pay/${booked.manageToken}`));
    const transfer = visitor.getByTestId('pay-transfer');
    await transfer.getByLabel('Sent to').selectOption('gcash');
    await transfer.getByLabel('Reference number').fill('GC 1009 223 445');
    await transfer.getByLabel('Screenshot of the transfer').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: tinyPng() });
    await transfer.getByRole('button', { name: 'Send Receipt' }).click();
    await visitor.getByTestId('pay-title').getByText('Receipt received').waitFor();
    await visitor
      .getByTestId('pay-review')
      .getByText(/^Receipt reference GC 1009 223 445\./)
      .waitFor();

    // Staff find it among the receipts waiting for review.
    const page = await suite.open({ admin: true });
    await page.goto(siteUrl('/maintenance/payments'));
    const filters = page.getByRole('search', { name: 'Filter payments' });
    await filters.getByLabel('Status').selectOption('in_review');
    await filters.getByLabel('Search').fill(booked.lastName);
    await filters.getByRole('button', { name: 'Apply filters' }).click();
    const name = `${booked.firstName} ${booked.lastName}`;
    const row = page.getByRole('row').filter({ hasText: booked.lastName });
    await row.getByText('In review').waitFor();
    expect(await page.getByRole('row').count()).toBe(2);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Payment' });
    await dialog.getByText('GC 1009 223 445').waitFor();
    const image = dialog.getByTestId('receipt-image');
    await image.waitFor();
    expect(await image.getAttribute('src')).toMatch(/^blob:/);
    const width = `(() => { const img = document.querySelector('[data-testid="receipt-image"]'); return img && img.complete ? img.naturalWidth : 0; })()`;
    await waitFor('the receipt image to load', async () => (await page.evaluate(width)) === 8, 10_000, 100);
    expect(await seriousViolations(page)).toEqual([]);

    await dialog.getByRole('button', { name: 'Confirm Transfer' }).click();
    await seeText(page, 'Transfer confirmed');
    await dialog.getByTestId('payment-status').getByText('Paid', { exact: true }).waitFor();
    await waitFor('booking to confirm the appointment', async () => (await depositOf(booked.id))?.state === 'paid', 20_000, 200);
    await visitor.reload();
    await visitor.getByTestId('pay-title').getByText('Paid: your booking is confirmed').waitFor();

    // A transfer goes back by hand: it is due until staff say they sent it.
    await dialog.getByRole('button', { name: 'Refund' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Refund Payment' });
    await confirm.getByText(/A transfer is sent back by hand/).waitFor();
    await confirm.getByRole('button', { name: 'Refund' }).click();
    await seeText(page, 'Refund started');
    await dialog.getByTestId('payment-status').getByText('Refund due', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Mark Refund Sent' }).click();
    await dialog.getByTestId('payment-status').getByText('Refunded', { exact: true }).waitFor();
    const stored = (await api<PaymentPage>(`/api/payments?search=${encodeURIComponent(booked.lastName)}`, { token: suite.token })).body;
    expect(stored.payments[0]).toMatchObject({ status: 'refunded', refundedAmount: 25_000, method: 'transfer', methodType: 'gcash' });
  });

  it('sets how visitors pay on the Deposits screen: an account without a name is said on its field, a complete one is saved', async () => {
    const page = await suite.open({ admin: true });
    await page.goto(siteUrl('/maintenance/deposits'));
    const card = page.getByRole('region', { name: 'How Visitors Pay' });
    const accounts = card.getByRole('group', { name: /^Account \d+$/ });
    await card.getByRole('button', { name: 'Add account' }).click();
    const added = accounts.last();
    const number = await accounts.count();
    await added.getByLabel('Kind').selectOption('paymaya');
    await card.getByRole('button', { name: 'Save Payment Settings' }).click();
    await added.getByText('accountName is required').waitFor();
    await added.getByText('accountNumber is required').waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    const account = { kind: 'paymaya', bankName: '', accountName: unique('Lumière Studio'), accountNumber: '0918 555 0199' };
    await added.getByLabel('Account name').fill(account.accountName);
    await added.getByLabel('Account number').fill(account.accountNumber);
    await card.getByRole('button', { name: 'Save Payment Settings' }).click();
    await seeText(page, 'Payment settings saved');
    const saved = async () => (await api<PaymentSettings>('/api/payment-settings', { token: suite.token })).body.transferAccounts;
    expect(await saved()).toContainEqual(account);

    // Removed again: the pay page files expect their own accounts.
    await card.getByRole('button', { name: `Remove account ${number}` }).click();
    await card.getByRole('button', { name: 'Save Payment Settings' }).click();
    await waitFor('the account removed', async () => !(await saved()).some((a) => a.accountName === account.accountName), 10_000, 200);
  });
});
