import { DEPOSIT_MESSAGES, type Appointment, type DepositPolicyEntry, type DepositSettings, type Treatment } from '@bb/contracts';
import { api, book, findOpenSlot, noneSays, seeText, TEST_TIMEOUT } from './maintenance-helpers';
import { depositTreatment, intoThePast, removeTreatment, treatmentBookingKnows } from './support/deposits';
import { seriousViolations, siteUrl } from './support/browser';
import { browserSuite } from './support/suite';

jest.setTimeout(TEST_TIMEOUT);

const suite = browserSuite({ each: { admin: true }, signIn: true });
const made: Treatment[] = [];
afterAll(async () => {
  for (const treatment of made) await removeTreatment(suite.token, treatment.id);
});

const policyOf = async (itemId: string) =>
  (await api<DepositPolicyEntry[]>('/api/deposit-policies', { token: suite.token })).body.find((e) => e.itemId === itemId);

/** The Deposits screen at the item's row. */
async function depositRow(name: string) {
  const { page } = suite;
  await page.goto(siteUrl('/maintenance/deposits'));
  const row = page.locator(`li[data-item="${name}"]`);
  await row.waitFor();
  return row;
}

describe('deposit policies', () => {
  it("sets a treatment's deposit: an amount out of range is said on the field, a fixed amount and a share of the price are saved; the screen passes axe", async () => {
    const treatment = await treatmentBookingKnows(suite.token, '₱900');
    made.push(treatment);
    const row = await depositRow(treatment.name);
    expect(await row.getByTestId('policy-now').innerText()).toBe('No deposit');
    expect(await seriousViolations(suite.page)).toEqual([]);

    await row.getByLabel('Deposit', { exact: true }).selectOption('fixed');
    await row.getByLabel('Amount (₱)').fill('10');
    await row.getByRole('button', { name: 'Save Deposit' }).click();
    await row.getByText('Enter an amount from ₱20 to ₱10,000,000, such as 500.').waitFor();
    expect(await row.getByLabel('Amount (₱)').getAttribute('aria-invalid')).toBe('true');
    expect((await policyOf(treatment.id))?.policy).toEqual({ kind: 'none' });

    await row.getByLabel('Amount (₱)').fill('250');
    await row.getByRole('button', { name: 'Save Deposit' }).click();
    await seeText(suite.page, `Deposit policy of ${treatment.name} saved`);
    await row.getByTestId('policy-now').getByText('₱250', { exact: true }).waitFor();
    expect((await policyOf(treatment.id))?.policy).toEqual({ kind: 'fixed', amount: 25_000 });

    await row.getByLabel('Deposit', { exact: true }).selectOption('percent');
    await row.getByLabel('Percentage of the price').fill('30');
    await row.getByRole('button', { name: 'Save Deposit' }).click();
    await row.getByTestId('policy-now').getByText('30% of ₱900', { exact: true }).waitFor();
    expect((await policyOf(treatment.id))?.policy).toEqual({ kind: 'percent', percent: 30 });
    expect(await seriousViolations(suite.page)).toEqual([]);
  });

  it('offers only a fixed amount for a treatment whose price is in words', async () => {
    const treatment = await treatmentBookingKnows(suite.token, 'Ask us');
    made.push(treatment);
    const row = await depositRow(treatment.name);
    await row.getByText('Its price is a range or words: only a fixed amount can be asked.').waitFor();
    const kind = row.getByLabel('Deposit', { exact: true });
    expect(await kind.locator('option[value="percent"]').isDisabled()).toBe(true);
    expect(await kind.locator('option[value="full"]').isDisabled()).toBe(true);
    expect(await kind.locator('option[value="fixed"]').isDisabled()).toBe(false);
    // Booking refuses a share of no price, as the screen says.
    const refused = await api<{ message: string }>(`/api/deposit-policies/${treatment.id}`, { method: 'PUT', token: suite.token, body: { kind: 'full' } });
    expect([refused.status, refused.body.message]).toEqual([400, DEPOSIT_MESSAGES.noPrice(treatment.name)]);
  });

  it("saves the clinic's hold as it is typed, and says a hold out of range on its field", async () => {
    const before = (await api<DepositSettings>('/api/deposit-settings/clinic', { token: suite.token })).body;
    const wanted = before.holdMinutes === 20 ? 25 : 20;
    try {
      const { page } = suite;
      await page.goto(siteUrl('/maintenance/deposits'));
      const hold = page.getByLabel('Hold while paying (minutes)');
      await noneSays(page, 'Loading settings...');
      await hold.fill('500');
      await page.getByText('holdMinutes must be a whole number from 5 to 120').waitFor();
      await hold.fill(String(wanted));
      await seeText(page, 'Deposit settings saved');
      expect((await api<DepositSettings>('/api/deposit-settings/clinic', { token: suite.token })).body).toEqual({ ...before, holdMinutes: wanted });
    } finally {
      await api('/api/deposit-settings/clinic', { method: 'PUT', token: suite.token, body: { holdMinutes: before.holdMinutes } });
    }
  });
});

describe('appointments with deposits and attendance', () => {
  it('shows a booking waiting for its deposit with its badge, finds it by the payment filter, and offers only to cancel it', async () => {
    const treatment = await depositTreatment(suite.token, 25_000);
    made.push(treatment);
    const slot = await findOpenSlot('clinic', treatment.id, 400);
    const booked = await book({ preferredDate: slot.date, preferredTime: slot.time, treatments: [treatment.id] });
    expect(booked.payment).toMatchObject({ state: 'awaiting', amount: 25_000 });
    const name = `${booked.firstName} ${booked.lastName}`;

    const { page } = suite;
    await page.goto(siteUrl('/maintenance/appointments'));
    const row = page.locator(`tr[data-appointment-id="${booked.id}"]`);
    await row.getByText(/^Awaiting ₱250 until (?:[A-Z][a-z]{2} \d{1,2}, )?\d{1,2}:\d{2} [AP]M$/).waitFor();

    await page.getByLabel('Payment', { exact: true }).selectOption('paid');
    await row.waitFor({ state: 'detached' });
    await page.getByLabel('Payment', { exact: true }).selectOption('awaiting');
    await row.waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Appointment' });
    await dialog
      .getByTestId('appointment-payment')
      .getByText(/^Awaiting ₱250 until /)
      .waitFor();
    const status = dialog.getByLabel('Status');
    expect(await status.locator('option').allInnerTexts()).toEqual(['Pending', 'Cancelled']);
    await dialog.getByText(DEPOSIT_MESSAGES.awaiting).waitFor();
    // Not started: nobody says yet whether the customer came.
    expect(await dialog.getByRole('group', { name: 'Attendance' }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('marks a customer who did not come on an appointment that has taken place, beside its status', async () => {
    const treatment = await treatmentBookingKnows(suite.token, '900');
    made.push(treatment);
    const slot = await findOpenSlot('clinic', treatment.id, 400);
    const booked = await book({ preferredDate: slot.date, preferredTime: slot.time, treatments: [treatment.id] });
    expect(booked.payment).toBeNull();
    await intoThePast(booked.id);
    const name = `${booked.firstName} ${booked.lastName}`;

    const { page } = suite;
    await page.goto(siteUrl('/maintenance/appointments'));
    await page.getByRole('button', { name, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Appointment' });
    const attendance = dialog.getByRole('group', { name: 'Attendance' });
    expect(await attendance.getByRole('button', { name: 'Not set' }).getAttribute('aria-pressed')).toBe('true');
    await attendance.getByRole('button', { name: 'No-show' }).click();
    await seeText(page, 'Attendance saved');
    await attendance.getByRole('button', { name: 'No-show', pressed: true }).waitFor();
    const stored = (await api<Appointment[]>('/api/appointments', { token: suite.token })).body.find((a) => a.id === booked.id);
    expect(stored).toMatchObject({ attendance: 'no_show', status: 'pending' });
    expect(await seriousViolations(page)).toEqual([]);

    await attendance.getByRole('button', { name: 'Attended' }).click();
    await attendance.getByRole('button', { name: 'Attended', pressed: true }).waitFor();
    const again = (await api<Appointment[]>('/api/appointments', { token: suite.token })).body.find((a) => a.id === booked.id);
    expect(again?.attendance).toBe('attended');
  });
});
