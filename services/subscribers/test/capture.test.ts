import { randomUUID } from 'node:crypto';
import type { EventData } from '@bb/contracts';
import { EventBus, buildEnvelope } from '@bb/service-kit';
import { silentLogger, testAmqpUrl, waitFor } from '@bb/service-kit/testing';
import { CAPTURE_QUEUES } from '../src/events/contact-capture';
import { bookingCreated } from './events';
import { startSubscribers, type SubscribersHarness } from './harness';

let svc: SubscribersHarness;
let publisher: EventBus;
/** Messages waiting in one of the running process's capture queues. */
const waiting = (queue: string) => svc.current().ctx.bus.queueDepth(queue);

beforeAll(async () => {
  svc = await startSubscribers('subs_capture');
  publisher = new EventBus({ url: testAmqpUrl(), exchange: svc.exchange, source: 'booking', logger: silentLogger() });
  await publisher.start();
});
afterAll(async () => {
  await publisher.close();
  await svc.close();
});

const booking = (email: string, over: Partial<EventData<'booking.appointment.created'>> = {}) =>
  bookingCreated({ appointmentId: randomUUID(), firstName: 'Ana', email, contact: '+63 917 123 4567', createdAt: new Date().toISOString(), ...over });
const chatStarted = (email: string, over: Partial<EventData<'chat.conversation.started'>> = {}): EventData<'chat.conversation.started'> => ({
  conversationId: randomUUID(),
  customerName: 'Ana from chat',
  customerEmail: email,
  offeringType: 'studio',
  createdAt: new Date().toISOString(),
  ...over,
});
const findByKey = (emailKey: string) => svc.models.Subscriber.find({ emailKey }).lean();

describe('capturing contacts from events', () => {
  // How soon (the spec's 2 s) is measured by `npm run bench -- events`, not here: a loaded CI machine is no clock.
  it('turns a booking into a subscriber, with source booking, full name, phone, offering and last interaction', async () => {
    const data = booking('fast@example.com');
    await publisher.publish('booking.appointment.created', data);
    const [subscriber] = await waitFor(
      'the subscriber',
      async () => {
        const found = await findByKey('fast@example.com');
        return found.length > 0 && found;
      },
      15_000,
      20,
    );
    expect(subscriber).toMatchObject({
      email: 'fast@example.com',
      source: 'booking',
      fullName: 'Ana Cruz',
      phone: '+63 917 123 4567',
      offeringType: 'clinic',
      tags: ['booking'],
      subscribed: true,
      consentMarketing: false,
    });
    expect(subscriber.lastInteraction.toISOString()).toBe(data.createdAt);
  });

  it('gives one subscriber when the same event is delivered twice', async () => {
    const event = buildEnvelope('booking', 'booking.appointment.created', booking('twice@example.com'));
    await publisher.publishEnvelope(event);
    await publisher.publishEnvelope(event);
    await waitFor('the subscriber', async () => (await findByKey('twice@example.com')).length === 1);
    // Give the second delivery time to land before counting again.
    await waitFor('both deliveries handled', async () => (await waiting(CAPTURE_QUEUES.booking)) === 0);
    await new Promise((r) => setTimeout(r, 300));
    const found = await findByKey('twice@example.com');
    expect(found).toHaveLength(1);
    expect(found[0].revision).toBe(0);
  });

  it('captures a chat visitor with source chat, and a later booking by the same address only adds a tag', async () => {
    await publisher.publish('chat.conversation.started', chatStarted('Mixed.Case@Example.com'));
    await waitFor('the chat subscriber', async () => (await findByKey('mixed.case@example.com')).length === 1);
    await publisher.publish('booking.appointment.created', booking('mixed.case@EXAMPLE.com', { firstName: 'Ana', lastName: 'Reyes' }));
    const [merged] = await waitFor('the booking merged in', async () => {
      const found = await findByKey('mixed.case@example.com');
      return found[0]?.tags.includes('booking') && found;
    });
    expect(merged).toMatchObject({
      email: 'Mixed.Case@Example.com',
      source: 'chat',
      tags: ['chat', 'booking'],
      fullName: 'Ana Reyes',
      phone: '+63 917 123 4567',
      offeringType: 'both',
    });
    expect(await findByKey('mixed.case@example.com')).toHaveLength(1);
  });

  it('keeps one subscriber when events for one address arrive together', async () => {
    const events = [
      ...Array.from({ length: 8 }, (_, i) => publisher.publish('booking.appointment.created', booking('together@example.com', { contact: `0917-${i}` }))),
      ...Array.from({ length: 8 }, () => publisher.publish('chat.conversation.started', chatStarted('TOGETHER@example.com'))),
    ];
    await Promise.all(events);
    await waitFor('every event handled', async () => {
      const found = await findByKey('together@example.com');
      return found.length === 1 && found[0].tags.length === 2 && (await waiting(CAPTURE_QUEUES.booking)) === 0 && (await waiting(CAPTURE_QUEUES.chat)) === 0;
    });
    expect(await findByKey('together@example.com')).toHaveLength(1);
  });

  it('captures all 100 bookings made while the consumer was not running once it starts', async () => {
    await svc.stop();
    const emails = Array.from({ length: 100 }, (_, i) => `offline-${i}@example.com`);
    for (const email of emails) await publisher.publish('booking.appointment.created', booking(email));
    await new Promise((r) => setTimeout(r, 300));
    expect(await svc.models.Subscriber.countDocuments({ emailKey: { $in: emails } })).toBe(0);

    await svc.start();
    await waitFor('all 100 captured', async () => (await svc.models.Subscriber.countDocuments({ emailKey: { $in: emails } })) === 100, 20_000, 100);
  });
});
