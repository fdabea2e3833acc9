import { EventBus } from '@bb/service-kit';
import { privacyProbe, silentLogger, testAmqpUrl, waitFor } from '@bb/service-kit/testing';
import { bookingCreated } from './events';
import { startSubscribers, type SubscribersHarness } from './harness';

let svc: SubscribersHarness;
let publisher: EventBus;
let probe: Awaited<ReturnType<typeof privacyProbe>>;

beforeAll(async () => {
  svc = await startSubscribers('subs_privacy');
  publisher = new EventBus({ url: testAmqpUrl(), exchange: svc.exchange, source: 'booking', logger: silentLogger() });
  await publisher.start();
  probe = await privacyProbe(svc.exchange, 'subscribers');
  await publisher.publish(
    'booking.appointment.created',
    bookingCreated({ appointmentId: 'p1', email: 'Rosa.Tan@Example.com', contact: '0917 222 3333', firstName: 'Rosa', lastName: 'Tan' }),
  );
  await publisher.publish(
    'booking.appointment.created',
    bookingCreated({ appointmentId: 'p2', email: 'vic@example.com', contact: '0917 999 8888', firstName: 'Vic' }),
  );
  await waitFor('both captured', async () => (await svc.models.Subscriber.countDocuments()) === 2);
});
afterAll(async () => {
  await probe.close();
  await publisher.close();
  await svc.close();
});

describe("a person's place on the list", () => {
  it('is answered to an access request by number however written, or by address in any case, and nobody else', async () => {
    const byPhone = await probe.access({ phone: '+63 917-222-3333' });
    expect(byPhone.subscribers).toEqual([
      expect.objectContaining({ email: 'Rosa.Tan@Example.com', fullName: 'Rosa Tan', phone: '0917 222 3333', source: 'booking' }),
    ]);
    expect((await probe.access({ email: 'rosa.tan@example.com' })).subscribers).toHaveLength(1);
    expect(await probe.access({ email: 'nobody@example.com' })).toEqual({ subscribers: [] });
  });

  it('is removed by an erasure, once; the others stay', async () => {
    expect(await probe.erase({ email: 'ROSA.TAN@example.com' })).toEqual({ subscribers: 1 });
    const left = await svc.models.Subscriber.find().lean();
    expect(left.map((s) => s.email)).toEqual(['vic@example.com']);
    expect(JSON.stringify(left).toLowerCase()).not.toContain('rosa');
    expect(await probe.erase({ email: 'rosa.tan@example.com', phone: '0917 222 3333' })).toEqual({ subscribers: 0 });
  });
});
