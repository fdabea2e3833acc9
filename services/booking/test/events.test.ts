import express from 'express';
import type { Appointment, Envelope, EventData } from '@bb/contracts';
import { EventBus } from '@bb/service-kit';
import { serve, silentLogger, testAmqpUrl, uniqueName, waitFor } from '@bb/service-kit/testing';
import { BookableResync, resyncBookables } from '../src/clients/catalog-resync';
import { addBookable, asAdmin, bookingRequest, call, monday, startBooking, type BookingUnderTest } from './support/booking';

type Created = Envelope<EventData<'booking.appointment.created'>>;
const buses: EventBus[] = [];
const toClose: BookingUnderTest[] = [];
afterAll(async () => {
  for (const bus of buses) await bus.close();
  for (const b of toClose) await b.close();
});

async function start(label: string, options: { startBus?: boolean } = {}) {
  const booking = await startBooking(label, options);
  toClose.push(booking);
  await addBookable(booking.models, { id: 'facial', name: 'Hydra Facial', defaultDuration: 60 });
  await addBookable(booking.models, { id: 'peel', name: 'Chemical Peel', defaultDuration: 30 });
  return booking;
}

/** A subscriber on the booking's exchange, like the subscribers service. */
async function listen(exchange: string): Promise<Created[]> {
  const received: Created[] = [];
  const bus = new EventBus({ url: testAmqpUrl(), exchange, source: 'subscribers', logger: silentLogger() });
  buses.push(bus);
  bus.subscribe(uniqueName('capture'), ['booking.appointment.created'], async (e) => {
    received.push(e);
  });
  await bus.start();
  return received;
}

const settle = () => new Promise((r) => setTimeout(r, 1000));

describe('booking.appointment.created', () => {
  it('arrives exactly once per booking with the customer and the chosen items', async () => {
    const booking = await start('created');
    const received = await listen(booking.exchange);
    const answers = await Promise.all(
      ['09:00', '10:30', '12:00', '13:30', '15:00'].map((preferredTime, i) =>
        call<Appointment>(booking.url, 'POST', '/api/appointments', bookingRequest({ preferredDate: monday(0), preferredTime, email: `c${i}@example.com`, treatments: ['facial', 'peel'] })),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201]);
    await waitFor('five events', () => received.length >= 5, 15000);
    await settle();
    expect(received).toHaveLength(5);
    expect(received.map((e) => e.data.appointmentId).sort()).toEqual(answers.map((a) => a.body.id).sort());
    const first = received.find((e) => e.data.appointmentId === answers[0].body.id);
    expect(first?.source).toBe('booking');
    expect(first?.data).toEqual({
      appointmentId: answers[0].body.id,
      firstName: 'Ana',
      lastName: 'Reyes',
      email: 'c0@example.com',
      contact: '0917 000 0000',
      offeringType: 'clinic',
      items: [
        { id: 'facial', name: 'Hydra Facial' },
        { id: 'peel', name: 'Chemical Peel' },
      ],
      preferredDate: monday(0),
      preferredTime: '09:00',
      createdAt: answers[0].body.createdAt,
    });
    const stored = await booking.models.Appointment.findById(answers[0].body.id).lean();
    expect(stored?.outbox).toEqual([]);
  });

  it('arrives exactly once when the broker was unreachable at booking time', async () => {
    const booking = await start('offline', { startBus: false });
    const received = await listen(booking.exchange);
    const res = await call<Appointment>(booking.url, 'POST', '/api/appointments', bookingRequest({ preferredDate: monday(1) }));
    expect(res.status).toBe(201);
    await settle();
    expect(received).toHaveLength(0);
    expect((await booking.models.Appointment.findById(res.body.id).lean())?.outbox).toHaveLength(1);
    await booking.bus.start();
    booking.relay.kick();
    await waitFor('the event once the broker is back', () => received.length >= 1, 15000);
    await settle();
    expect(received.map((e) => e.data.appointmentId)).toEqual([res.body.id]);
  });

  it('still leaves for an appointment deleted before the broker came back', async () => {
    const booking = await start('tombstone', { startBus: false });
    const received = await listen(booking.exchange);
    const res = await call<Appointment>(booking.url, 'POST', '/api/appointments', bookingRequest({ preferredDate: monday(2) }));
    expect((await call(booking.url, 'DELETE', `/api/appointments/${res.body.id}`, undefined, asAdmin)).status).toBe(200);
    expect(await booking.models.Appointment.countDocuments({ _id: res.body.id })).toBe(1);
    await booking.bus.start();
    booking.relay.kick();
    await waitFor('the event', () => received.length >= 1, 15000);
    await waitFor('the tombstone removed', async () => (await booking.models.Appointment.countDocuments({ _id: res.body.id })) === 0);
  });
});

describe('catalog.bookable.changed', () => {
  it('keeps booking’s copy of names and durations, ignoring older and repeated changes', async () => {
    const booking = await start('bookables');
    const catalog = new EventBus({ url: testAmqpUrl(), exchange: booking.exchange, source: 'catalog', logger: silentLogger() });
    buses.push(catalog);
    await catalog.start();
    const change = (version: number, over: Partial<EventData<'catalog.bookable.changed'>> = {}) =>
      catalog.publish('catalog.bookable.changed', { id: 'album', kind: 'package', name: `Album v${version}`, defaultDuration: 30 * version, offeringType: 'studio', deleted: false, version, ...over });
    await change(2);
    await waitFor('v2 copied', async () => (await booking.models.Bookable.findById('album').lean())?.version === 2);
    await change(1);
    await change(2);
    await change(3);
    await waitFor('v3 copied', async () => (await booking.models.Bookable.findById('album').lean())?.version === 3);
    expect(await booking.models.Bookable.findById('album').lean()).toMatchObject({ name: 'Album v3', defaultDuration: 90, kind: 'package', deleted: false });

    await change(5, { deleted: true });
    await change(4);
    await waitFor('deleted', async () => (await booking.models.Bookable.findById('album').lean())?.deleted === true);
    await settle();
    expect((await booking.models.Bookable.findById('album').lean())?.version).toBe(5);
    const res = await call(booking.url, 'POST', '/api/appointments', bookingRequest({ preferredDate: monday(3), offeringType: 'studio', treatments: ['album'] }));
    expect(res.status).toBe(400);
  });

  it('are copied from the catalog at start-up when the copy is empty, without overwriting newer changes', async () => {
    const booking = await start('resync');
    await booking.models.Bookable.deleteMany({});
    const catalogApp = express();
    catalogApp.get('/api/treatments', (_req, res) => {
      res.json([{ id: 't1', name: 'Facial', defaultDuration: 45, offeringType: 'clinic', description: 'x' }]);
    });
    catalogApp.get('/api/packages', (_req, res) => {
      res.json([{ id: 'p1', name: 'Portrait', defaultDuration: null, offeringType: 'studio', price: 1 }]);
    });
    const catalog = await serve(catalogApp);
    try {
      await addBookable(booking.models, { id: 't1', name: 'Facial (renamed)', defaultDuration: 50, version: 7 });
      expect(await resyncBookables(booking.models.Bookable, catalog.url)).toBe(1);
      expect(await booking.models.Bookable.findById('t1').lean()).toMatchObject({ name: 'Facial (renamed)', version: 7 });
      expect(await booking.models.Bookable.findById('p1').lean()).toMatchObject({ kind: 'package', name: 'Portrait', defaultDuration: null, version: 0 });

      await booking.models.Bookable.deleteMany({});
      const resync = new BookableResync(booking.models.Bookable, catalog.url, silentLogger());
      await resync.start();
      expect(await booking.models.Bookable.countDocuments()).toBe(2);
      resync.stop();
    } finally {
      await catalog.close();
    }
  });

  it('retries the start-up copy in the background while the catalog is unreachable', async () => {
    const booking = await start('resync_retry');
    await booking.models.Bookable.deleteMany({});
    const catalogApp = express();
    let up = false;
    catalogApp.get('/api/:list', (req, res) => {
      if (!up) res.status(503).json({ message: 'starting' });
      else res.json(req.params.list === 'treatments' ? [{ id: 't9', name: 'Peel', defaultDuration: 30, offeringType: 'clinic' }] : []);
    });
    const catalog = await serve(catalogApp);
    const resync = new BookableResync(booking.models.Bookable, catalog.url, silentLogger(), 100);
    try {
      await resync.start();
      expect(await booking.models.Bookable.countDocuments()).toBe(0);
      up = true;
      await waitFor('copied after retry', async () => (await booking.models.Bookable.countDocuments()) === 1);
    } finally {
      resync.stop();
      await catalog.close();
    }
  });
});
