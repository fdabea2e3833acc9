import { Types } from 'mongoose';
import type { Appointment, BookedAppointment, EventData } from '@bb/contracts';
import { waitFor } from '@bb/service-kit/testing';
import { asAdmin, bookingRequest, call, FACIAL_AND_PEEL, monday, placedAt, type LifecycleType } from './support/booking';
import { eventApps, settle } from './support/event-apps';

const { start, listen, lifecycle } = eventApps();

describe('booking.appointment.created', () => {
  it('arrives exactly once per booking with the customer and the chosen items', async () => {
    const booking = await start('created');
    const received = await listen(booking.exchange);
    const answers = await Promise.all(
      ['09:00', '10:30', '12:00', '13:30', '15:00'].map((preferredTime, i) =>
        call<BookedAppointment>(
          booking.url,
          'POST',
          '/api/appointments',
          bookingRequest({ preferredDate: monday(0), preferredTime, email: `c${i}@example.com`, contact: '0917 000 0000', treatments: ['facial', 'peel'] }),
        ),
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
      revision: 0,
      firstName: 'Ana',
      lastName: 'Reyes',
      email: 'c0@example.com',
      contact: '0917 000 0000',
      offeringType: 'clinic',
      items: FACIAL_AND_PEEL,
      ...placedAt(monday(0), '09:00'),
      status: 'pending',
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

  it('still leaves for an appointment deleted before the broker came back, followed by its cancellation', async () => {
    const booking = await start('tombstone', { startBus: false });
    const events = await lifecycle(booking.exchange);
    const res = await call<Appointment>(booking.url, 'POST', '/api/appointments', bookingRequest({ preferredDate: monday(2) }));
    expect((await call(booking.url, 'DELETE', `/api/appointments/${res.body.id}`, undefined, asAdmin)).status).toBe(200);
    expect(await booking.models.Appointment.countDocuments({ _id: res.body.id })).toBe(1);
    await booking.bus.start();
    booking.relay.kick();
    await waitFor('both events', () => events.received.length >= 2, 15000);
    await waitFor('the tombstone removed', async () => (await booking.models.Appointment.countDocuments({ _id: res.body.id })) === 0);
    await settle();
    expect(events.received.map((e) => [e.type, e.data.revision])).toEqual([
      ['booking.appointment.created', 0],
      ['booking.appointment.cancelled', 1],
    ]);
    expect(events.received[1].data).toMatchObject({ appointmentId: res.body.id, status: 'cancelled', by: 'staff', notifyCustomer: false });
  });
});

describe('appointment lifecycle events', () => {
  type Data<T extends LifecycleType> = EventData<T>;

  it('each change publishes exactly one event of its type, with the revision after it and the appointment as it left it', async () => {
    const booking = await start('lifecycle');
    const events = await lifecycle(booking.exchange);
    const made = await call<BookedAppointment>(
      booking.url,
      'POST',
      '/api/appointments',
      bookingRequest({ preferredDate: monday(4), preferredTime: '10:00', email: 'ana@example.com', contact: '0917 000 0000' }),
    );
    const id = made.body.id;
    const token = made.body.manageToken as string;
    const patch = (body: unknown) => call<Appointment>(booking.url, 'PATCH', `/api/appointments/${id}`, body, asAdmin);
    // The n-th event of the appointment; an extra one would shift every later type and the final count.
    const nth = async (n: number) => {
      await waitFor(`${n} events`, () => events.of(id).length >= n, 15000);
      return events.of(id)[n - 1];
    };

    expect((await nth(1)).data).toMatchObject({ revision: 0, status: 'pending' });

    expect((await call(booking.url, 'POST', `/api/manage/${token}/reschedule`, { preferredDate: monday(5), preferredTime: '14:00' })).status).toBe(200);
    const moved = await nth(2);
    expect(moved.type).toBe('booking.appointment.rescheduled');
    expect(moved.data).toEqual({
      appointmentId: id,
      revision: 1,
      firstName: 'Ana',
      lastName: 'Reyes',
      email: 'ana@example.com',
      contact: '0917 000 0000',
      offeringType: 'clinic',
      items: [{ id: 'facial', name: 'Hydra Facial' }],
      preferredDate: monday(5),
      preferredTime: '14:00',
      startTime: `${monday(5)}T06:00:00.000Z`,
      endTime: `${monday(5)}T07:00:00.000Z`,
      status: 'pending',
      previousDate: monday(4),
      previousTime: '10:00',
      previousStartTime: `${monday(4)}T02:00:00.000Z`,
      by: 'customer',
    } satisfies Data<'booking.appointment.rescheduled'>);

    // A comment is staff's own note: nothing to announce.
    expect((await patch({ adminComment: 'prefers mornings' })).status).toBe(200);
    expect((await patch({ status: 'pending', adminComment: 'prefers mornings, paid' })).status).toBe(200);
    await settle();
    expect(events.of(id)).toHaveLength(2);

    const steps: [unknown, string, Record<string, unknown>][] = [
      [{ status: 'done' }, 'booking.appointment.status-changed', { revision: 2, status: 'done', previousStatus: 'pending' }],
      [{ status: 'pending' }, 'booking.appointment.status-changed', { revision: 3, status: 'pending', previousStatus: 'done' }],
      [
        { status: 'cancelled', adminComment: 'called in' },
        'booking.appointment.cancelled',
        { revision: 4, status: 'cancelled', by: 'staff', notifyCustomer: true },
      ],
      [{ status: 'pending' }, 'booking.appointment.status-changed', { revision: 5, status: 'pending', previousStatus: 'cancelled' }],
    ];
    for (const [n, [body, type, data]] of steps.entries()) {
      expect((await patch(body)).status).toBe(200);
      const event = await nth(3 + n);
      expect(event.type).toBe(type);
      expect(event.data).toMatchObject({ ...data, preferredDate: monday(5), preferredTime: '14:00', startTime: `${monday(5)}T06:00:00.000Z` });
    }

    expect((await call(booking.url, 'POST', `/api/manage/${token}/cancel`)).status).toBe(200);
    const cancelled = await nth(7);
    expect(cancelled.type).toBe('booking.appointment.cancelled');
    expect(cancelled.data).toMatchObject({ revision: 6, status: 'cancelled', by: 'customer', notifyCustomer: true });
    // Cancelling again, and deleting what is cancelled, were announced already.
    expect((await call(booking.url, 'POST', `/api/manage/${token}/cancel`)).status).toBe(200);
    expect((await call(booking.url, 'DELETE', `/api/appointments/${id}`, undefined, asAdmin)).status).toBe(200);
    await settle();
    expect(events.of(id)).toHaveLength(7);
    expect(new Set(events.of(id).map((e) => e.id)).size).toBe(7);
    expect(await booking.models.Appointment.countDocuments({ _id: id })).toBe(0);
  });

  it('deleting an appointment that is not cancelled announces its cancellation, without a mail to the customer', async () => {
    const booking = await start('deleted');
    const events = await lifecycle(booking.exchange);
    const made = await call<Appointment>(booking.url, 'POST', '/api/appointments', bookingRequest({ preferredDate: monday(6) }));
    await call(booking.url, 'PATCH', `/api/appointments/${made.body.id}`, { status: 'done' }, asAdmin);
    expect((await call(booking.url, 'DELETE', `/api/appointments/${made.body.id}`, undefined, asAdmin)).status).toBe(200);
    await waitFor('three events', () => events.of(made.body.id).length >= 3, 15000);
    await settle();
    expect(events.of(made.body.id).map((e) => e.type)).toEqual([
      'booking.appointment.created',
      'booking.appointment.status-changed',
      'booking.appointment.cancelled',
    ]);
    expect(events.ofType('booking.appointment.cancelled')[0].data).toMatchObject({ revision: 2, status: 'cancelled', by: 'staff', notifyCustomer: false });
    await waitFor('the tombstone removed', async () => (await booking.models.Appointment.countDocuments({ _id: made.body.id })) === 0);
  });

  it('counts revisions from 0 for an appointment stored before they were', async () => {
    const booking = await start('legacy');
    const events = await lifecycle(booking.exchange);
    const made = await call<Appointment>(booking.url, 'POST', '/api/appointments', bookingRequest({ preferredDate: monday(7) }));
    await waitFor('created', () => events.of(made.body.id).length === 1, 15000);
    await booking.models.Appointment.collection.updateOne({ _id: new Types.ObjectId(made.body.id) }, { $unset: { revision: '', manageTokenHash: '' } });
    expect((await call(booking.url, 'PATCH', `/api/appointments/${made.body.id}`, { status: 'done' }, asAdmin)).status).toBe(200);
    await waitFor('status-changed', () => events.of(made.body.id).length === 2, 15000);
    expect(events.of(made.body.id)[1].data).toMatchObject({ revision: 1, status: 'done' });
    expect((await booking.models.Appointment.findById(made.body.id).lean())?.revision).toBe(1);
  });
});
