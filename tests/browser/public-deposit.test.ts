import type { Appointment, Treatment } from '@bb/contracts';
import { adminApiToken, api, findOpenSlot, seeText, TEST_TIMEOUT } from './maintenance-helpers';
import { choose, field, fillDetails, openBookingForm } from './public-helpers';
import { bookingVisitor } from './support/booking';
import { depositTreatment, removeTreatment } from './support/deposits';
import { browserSuite } from './support/suite';

jest.setTimeout(TEST_TIMEOUT);

const suite = browserSuite({ each: {} });
let token: string;
let treatment: Treatment;
beforeAll(async () => {
  token = await adminApiToken();
  treatment = await depositTreatment(token, 25_000);
});
afterAll(() => removeTreatment(token, treatment.id));

describe('booking a treatment that asks a deposit', () => {
  it('is booked waiting for the deposit: the visitor is told the amount and until when the time is held', async () => {
    const slot = await findOpenSlot('clinic', treatment.id, 500);
    const form = await openBookingForm(suite.page, 'clinic');
    await choose(form, treatment.name);
    const visitor = bookingVisitor('deposit');
    await fillDetails(form, visitor);
    await field(form, 'Preferred date').fill(slot.date);
    await field(form, 'Preferred time').fill(slot.time);
    await form.getByRole('button', { name: 'Book Appointment' }).click();

    const success = suite.page.getByTestId('booking-success');
    await seeText(suite.page, 'Almost done!');
    expect(await success.getByTestId('booked-deposit').innerText()).toMatch(
      /^A deposit of ₱250 confirms it\. We hold this time for you until (?:[A-Z][a-z]{2} \d{1,2}, )?\d{1,2}:\d{2} [AP]M\.$/,
    );
    expect(await success.getByRole('link', { name: 'Add to calendar' }).count()).toBe(0);

    const booked = (await api<Appointment[]>('/api/appointments?payment=awaiting', { token })).body.find((a) => a.email === visitor.email);
    expect(booked?.payment).toMatchObject({ state: 'awaiting', amount: 25_000, purpose: 'deposit' });
  });
});
