import type { BookedAppointment } from '@bb/contracts';
import { PAYMENT_FACTS } from './support/deposits';
import { EventBus } from '@bb/service-kit';
import { listenOn, silentLogger, startHarness, testAmqpUrl, testMongoUrl, uniqueName, waitFor, type Harness, type Listener } from '@bb/service-kit/testing';
import { bookingEnvShape, type BookingConfig } from '../src/config';
import { createModels } from '../src/models';
import { wire } from '../src/wire';
import { addBookable, asAdmin, bookingRequest, call, ledgerHolders, monday, TEST_NOW } from './support/booking';
import { settle } from './support/event-apps';

// Two booking replicas on one database and one exchange share the payments queues: copies of
// one payment, delivered to both at once, confirm the appointment once.
const replicas: Harness<BookingConfig>[] = [];
let payments: EventBus;
let created: Listener<'booking.appointment.created'>;
const exchange = uniqueName('deposit_ex');

beforeAll(async () => {
  const mongoUrl = testMongoUrl('deposit_replicas');
  const env = { BUS_EXCHANGE: exchange, BUS_QUEUE_PREFIX: `${uniqueName('deposit')}.`, OUTBOX_SWEEP_INTERVAL_MS: '200' };
  for (let i = 0; i < 2; i++)
    replicas.push(await startHarness('booking', bookingEnvShape, wire, { label: 'deposit_replicas', mongoUrl, env, now: () => TEST_NOW }));
  await addBookable(createModels(replicas[0].ctx.conn), { id: 'facial', name: 'Hydra Facial', defaultDuration: 60, priceCentavos: 350_000 });
  payments = new EventBus({ url: testAmqpUrl(), exchange, source: 'payments', logger: silentLogger() });
  await payments.start();
  created = await listenOn(exchange, ['booking.appointment.created'], 'notifications');
});
afterAll(async () => {
  await created.close();
  await payments.close();
  await replicas[0].ctx.conn.dropDatabase();
  for (const replica of replicas) await replica.close();
});

it('confirms a paid appointment once when copies of its payment reach both replicas at once', async () => {
  expect((await call(replicas[0].url, 'PUT', '/api/deposit-policies/facial', { kind: 'full' }, asAdmin)).status).toBe(200);
  // Booked on the replica that saved the policy: it has read it again before answering, while
  // the other hears of it by event a moment later (a booking there in between asks nothing).
  const booked = await Promise.all(
    ['09:00', '11:00', '13:00'].map((time) =>
      call<BookedAppointment>(replicas[0].url, 'POST', '/api/appointments', bookingRequest({ preferredDate: monday(1), preferredTime: time })),
    ),
  );
  expect(booked.map((b) => [b.status, b.body.payment?.purpose])).toEqual([
    [201, 'full'],
    [201, 'full'],
    [201, 'full'],
  ]);
  const ids = booked.map((b) => b.body.id);
  const paid = (appointmentId: string) =>
    payments.publish('payments.payment.paid', {
      ...PAYMENT_FACTS,
      paymentId: `pay_${appointmentId}`,
      appointmentId,
      amount: 350_000,
      currency: 'PHP',
      method: 'transfer',
      methodType: 'gcash',
      paidAt: TEST_NOW.toISOString(),
    });
  await Promise.all(ids.flatMap((id) => [paid(id), paid(id), paid(id), paid(id)]));
  const models = createModels(replicas[0].ctx.conn);
  await waitFor(
    'all confirmed',
    async () => (await models.Appointment.countDocuments({ _id: { $in: ids }, 'payment.state': 'paid', outbox: { $size: 0 } })) === 3,
  );
  await settle();
  expect(created.received.map((e) => e.data.appointmentId).sort()).toEqual([...ids].sort());
  const { docs, agree } = await ledgerHolders(models);
  expect(agree).toBe(true);
  expect(ids.map((id) => docs.flatMap((doc) => (doc.h?.[`a${id}`] ? [doc.h[`a${id}`].s] : [])))).toEqual([['k'], ['k'], ['k']]);
});
