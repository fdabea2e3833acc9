import type { Appointment, Treatment } from '@bb/contracts';
import { requireEnv, waitFor } from '@bb/service-kit/testing';
import { adminApiToken, api, findOpenSlot, seeText, TEST_TIMEOUT } from './maintenance-helpers';
import { choose, field, fillDetails, openBookingForm } from './public-helpers';
import { bookingVisitor } from './support/booking';
import { seriousViolations, siteUrl } from './support/browser';
import { bookTreatment, depositTreatment, removeTreatment, setPaymentSettings } from './support/deposits';
import { browserSuite } from './support/suite';

jest.setTimeout(TEST_TIMEOUT);

const suite = browserSuite();
let token: string;
let treatment: Treatment;
beforeAll(async () => {
  token = await adminApiToken();
  treatment = await depositTreatment(token, 25_000);
  await setPaymentSettings();
});
afterAll(() => removeTreatment(token, treatment.id));

const appointmentOf = async (email: string) => (await api<Appointment[]>('/api/appointments', { token })).body.find((a) => a.email === email) as Appointment;

describe('a treatment that asks a deposit', () => {
  it("takes the visitor from the booking form to the pay page; leaving PayMongo's page pays nothing, paying there confirms the booking", async () => {
    const page = await suite.open();
    const slot = await findOpenSlot('clinic', treatment.id, 500);
    const form = await openBookingForm(page, 'clinic');
    await choose(form, treatment.name);
    const visitor = bookingVisitor('deposit');
    await fillDetails(form, visitor);
    await field(form, 'Preferred date').fill(slot.date);
    await field(form, 'Preferred time').fill(slot.time);
    await form.getByRole('button', { name: 'Book Appointment' }).click();

    await page.waitForURL(/\/pay\/[A-Za-z0-9_-]{32}$/);
    const pay = page.getByTestId('pay-page');
    await pay.getByTestId('pay-title').getByText('Pay ₱250 to confirm your booking').waitFor();
    expect(await pay.getByTestId('pay-description').innerText()).toContain(treatment.name);
    expect(await pay.getByRole('timer').innerText()).toMatch(/^\d{1,3}:\d{2}(:\d{2})?$/);
    expect((await appointmentOf(visitor.email)).payment).toMatchObject({ state: 'awaiting', amount: 25_000 });
    expect(await seriousViolations(page)).toEqual([]);

    // To PayMongo's hosted page (the local double), and back without paying.
    await pay.getByRole('button', { name: 'Pay with GCash, Maya, QR Ph or card' }).click();
    await page.waitForURL((url) => url.href.startsWith(`${requireEnv('PAYMONGO_URL')}/checkout/`));
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(/\/pay\/[A-Za-z0-9_-]{32}\?result=cancelled$/);
    await page.getByTestId('pay-title').getByText('Nothing was paid').waitFor();

    // Again, and paid with GCash this time: back on the pay page, PayMongo's word arrives by its webhook.
    await page.getByRole('button', { name: 'Pay with GCash, Maya, QR Ph or card' }).click();
    await page.getByRole('button', { name: 'Pay with GCash' }).click();
    await page.waitForURL(/\/pay\/[A-Za-z0-9_-]{32}\?result=success$/);
    await page.getByTestId('pay-title').getByText('Paid: your booking is confirmed').waitFor({ timeout: 30_000 });
    await seeText(page, 'We received ₱250.');
    expect(await seriousViolations(page)).toEqual([]);

    // Booking hears of it (payments' event, a moment after the pay page knows) and confirms the appointment; its manage page says it is paid.
    const confirmed = await waitFor('booking to hear of the payment', async () => {
      const appointment = await appointmentOf(visitor.email);
      return appointment.payment?.state === 'paid' && appointment;
    });
    expect(confirmed.payment).toMatchObject({ state: 'paid', amount: 25_000 });
    await page.getByRole('link', { name: 'View your booking' }).click();
    await page.getByTestId('manage-payment').getByText('₱250 paid').waitFor();
    expect(await page.getByTestId('manage-status').innerText()).toBe('Booked');
  });

  it('has a pay page that fits a phone: no sideways scrolling, the accounts and the receipt form readable, axe clean', async () => {
    const booked = await bookTreatment(treatment.id, 560);
    const page = await suite.open({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    // Again just before: a system test file sets accounts of its own while it runs.
    await setPaymentSettings();
    await page.goto(siteUrl(`/pay/${booked.manageToken}`));
    const pay = page.getByTestId('pay-page');
    await pay.getByTestId('pay-title').getByText('Pay ₱250 to confirm your booking').waitFor();
    const transfer = page.getByTestId('pay-transfer');
    await transfer.getByTestId('account-number').first().waitFor();
    await transfer.getByLabel('Screenshot of the transfer').scrollIntoViewIfNeeded();

    const widths = (await page.evaluate('({ page: document.documentElement.scrollWidth, screen: window.innerWidth })')) as { page: number; screen: number };
    expect(widths.page).toBeLessThanOrEqual(widths.screen);
    for (const button of [pay.getByRole('button', { name: /^Pay with / }), transfer.getByRole('button', { name: 'Send Receipt' })]) {
      const box = await button.boundingBox();
      expect(box).not.toBeNull();
      expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= widths.screen).toBe(true);
    }
    expect(await seriousViolations(page)).toEqual([]);
  });
});
