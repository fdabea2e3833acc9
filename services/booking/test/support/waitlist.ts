import { type BookedAppointment, type Envelope, type EventData, type WaitlistJoined } from '@bb/contracts';
import { EventBus } from '@bb/service-kit';
import { silentLogger, testAmqpUrl, uniqueName } from '@bb/service-kit/testing';
import { addBookable, addFacialAndPeel, asAdmin, bookingRequest, call, startBooking, type BookingUnderTest } from './booking';

export type SlotOpened = Envelope<EventData<'booking.waitlist.slot-opened'>>;

/**
 * The booking processes and event listeners of one waitlist test file, all closed after it. Given a
 * `label`, `booking` is one process (its database named by it) whose sweep (every minute) stays out
 * of the way: what is heard comes from the request.
 */
export function waitlistApps(label?: string) {
  const buses: EventBus[] = [];
  const toClose: BookingUnderTest[] = [];
  let booking: BookingUnderTest;

  async function withItems(started: Promise<BookingUnderTest>): Promise<BookingUnderTest> {
    const b = await started;
    toClose.push(b);
    await addFacialAndPeel(b.models);
    await addBookable(b.models, { id: 'portrait', name: 'Portrait Session', defaultDuration: 60, offeringType: 'studio' });
    return b;
  }

  if (label)
    beforeAll(async () => {
      booking = await withItems(startBooking(label));
    });
  afterAll(async () => {
    for (const bus of buses) await bus.close();
    for (const b of toClose) await b.close();
  });

  return {
    get booking() {
      return booking;
    },
    withItems,
    /** What the notifications service hears on the booking's exchange, in arrival order. */
    async slotOpenedEvents(exchange: string): Promise<SlotOpened[]> {
      const received: SlotOpened[] = [];
      const bus = new EventBus({ url: testAmqpUrl(), exchange, source: 'notifications', logger: silentLogger() });
      buses.push(bus);
      bus.subscribe(uniqueName('waitlist'), ['booking.waitlist.slot-opened'], async (event) => {
        received.push(event as SlotOpened);
      });
      await bus.start();
      return received;
    },
  };
}

/** The booking form's fields a sign-up sends. */
export const signUp = (over: Record<string, unknown>) => {
  const { gender: _gender, age: _age, notes: _notes, ...fields } = bookingRequest(over);
  return fields;
};
export const join = (url: string, over: Record<string, unknown>) => call<WaitlistJoined>(url, 'POST', '/api/waitlist', signUp(over));
export async function book(url: string, over: Record<string, unknown>) {
  const res = await call<BookedAppointment>(url, 'POST', '/api/appointments', bookingRequest(over));
  expect(res.status).toBe(201);
  return res.body;
}
export const cancel = (url: string, id: string) => call(url, 'PATCH', `/api/appointments/${id}`, { status: 'cancelled' }, asAdmin);
export const entriesOf = (b: BookingUnderTest, preferredDate: string) => b.models.WaitlistEntry.find({ preferredDate }).sort({ createdAt: 1, _id: 1 }).lean();
export const settle = () => new Promise((r) => setTimeout(r, 1500));
