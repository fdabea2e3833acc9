import type { Envelope, EventData } from '@bb/contracts';
import type { EventBus } from '@bb/service-kit';
import { listenOn } from '@bb/service-kit/testing';
import { addFacialAndPeel, appointmentEvents, startBooking, type BookingUnderTest } from './booking';

export type Created = Envelope<EventData<'booking.appointment.created'>>;

/** Long enough for a second copy of an event to have arrived, had one been sent. */
export const settle = () => new Promise((r) => setTimeout(r, 1000));

/** The booking apps and event consumers of one events test file, all closed after it. */
export function eventApps() {
  const buses: Pick<EventBus, 'close'>[] = [];
  const toClose: BookingUnderTest[] = [];
  afterAll(async () => {
    for (const bus of buses) await bus.close();
    for (const b of toClose) await b.close();
  });

  return {
    /** A bus of a test's own, closed with the rest. */
    closeAfterAll: (bus: Pick<EventBus, 'close'>) => buses.push(bus),
    /** A booking app on a database of its own named by `label`, with a facial and a peel to book. */
    async start(label: string, options: { startBus?: boolean } = {}) {
      const booking = await startBooking(label, options);
      toClose.push(booking);
      await addFacialAndPeel(booking.models);
      return booking;
    },
    /** A subscriber on the booking's exchange, like the subscribers service. */
    async listen(exchange: string): Promise<Created[]> {
      const { received, close } = await listenOn(exchange, ['booking.appointment.created'], 'subscribers');
      buses.push({ close });
      return received;
    },
    /** A consumer of every appointment lifecycle event, like the notifications service. */
    async lifecycle(exchange: string) {
      const events = await appointmentEvents(exchange);
      buses.push({ close: events.close });
      return events;
    },
  };
}
