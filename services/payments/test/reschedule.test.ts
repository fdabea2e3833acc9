import type { EventData } from '@bb/contracts';
import { waitFor } from '@bb/service-kit/testing';
import { PaymentStore } from '../src/store/payment-store';
import { requestDeposit, startPayments, viewOf, type PaymentsHarness } from './support/harness';

// A reschedule keeps the deposit: payments follows booking's move, so the pay page, the staff
// list and the report show the new time; a late redelivery of an older move changes nothing.
jest.setTimeout(60_000);

let h: PaymentsHarness;
beforeAll(async () => {
  h = await startPayments('reschedule');
});
afterAll(() => h.close());

const DAY = 86_400_000;

function rescheduled(appointmentId: string, startTime: Date, revision: number): EventData<'booking.appointment.rescheduled'> {
  return {
    appointmentId,
    revision,
    firstName: 'Mia',
    lastName: 'Cruz',
    email: 'mia.cruz@example.com',
    contact: '0917 555 1234',
    offeringType: 'clinic',
    items: [{ id: 'hydrafacial', name: 'Hydrafacial' }],
    preferredDate: '2031-03-04',
    preferredTime: '10:00',
    startTime: startTime.toISOString(),
    endTime: new Date(startTime.getTime() + 3_600_000).toISOString(),
    status: 'pending',
    previousDate: '2031-03-01',
    previousTime: '10:00',
    previousStartTime: null,
    by: 'customer',
  };
}

const startOf = async (appointmentId: string) => (await h.models.Payment.findOne({ appointmentId }).lean())?.startTime.toISOString();

describe('a rescheduled appointment with a deposit', () => {
  it('moves the payment to the new time, and an older move arriving late leaves it there', async () => {
    const { appointmentId, token } = await requestDeposit(h);
    const moved = new Date(Date.now() + 9 * DAY);
    await h.booking.publish('booking.appointment.rescheduled', rescheduled(appointmentId, moved, 2));
    await waitFor('the payment to follow the move', async () => (await startOf(appointmentId)) === moved.toISOString());
    expect((await viewOf(h, token)).startTime).toBe(moved.toISOString());

    // The first move (revision 1) redelivered after the second: the write's guard refuses it.
    await new PaymentStore(h.models, h.svc.ctx.relay, () => new Date()).move(appointmentId, new Date(Date.now() + 8 * DAY), 1);
    expect(await startOf(appointmentId)).toBe(moved.toISOString());
  });
});
