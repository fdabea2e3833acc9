import type { BookedAppointment, DepositPolicy, Envelope, EventData, EventType, ManagedAppointment } from '@bb/contracts';
import { EventBus, MINUTE_MS } from '@bb/service-kit';
import { listenOn, silentLogger, testAmqpUrl, waitFor, type Listener } from '@bb/service-kit/testing';
import type { AppointmentDoc } from '../../src/models/appointment';
import { addBookable, asAdmin, bookingRequest, call, LIFECYCLE_TYPES, ledgerHolders, startBooking, TEST_NOW, type BookingUnderTest } from './booking';

/** What booking says about deposits, and the appointment lifecycle a consumer hears. */
const HEARD = ['booking.deposit.requested', 'booking.deposit.released', 'booking.deposit.hold-extended', ...LIFECYCLE_TYPES] as const;
type Heard = (typeof HEARD)[number];

/** The treatments the deposit tests book: a facial of one price, a consultation whose price is words. */
export const FACIAL_PRICE = 350_000;

/** What every payments event says of the payment besides its ids; booking reads none of it. */
export const PAYMENT_FACTS = { offeringType: 'clinic', customerName: 'Ana Cruz', customerEmail: 'ana@example.com', description: 'Facial' } as const;

/**
 * A booking app for the deposit tests of one file (its own database, named by `label`): a facial
 * (₱3,500) and a consultation (no single price) to book, a bus that speaks for payments on its
 * exchange, and a listener of what booking says. Its business clock is TEST_NOW unless a test moves
 * it (`setClock`, `later`), and is back at TEST_NOW after each test.
 */
export function startDepositApp(label: string) {
  let clock: Date | null = null;
  let booking: BookingUnderTest;
  let payments: EventBus;
  let heard: Listener<Heard>;
  let paymentIds = 0;
  beforeAll(async () => {
    booking = await startBooking(label, { now: () => clock ?? TEST_NOW });
    await addBookable(booking.models, { id: 'facial', name: 'Hydra Facial', defaultDuration: 60, priceCentavos: FACIAL_PRICE });
    await addBookable(booking.models, { id: 'consult', name: 'Consultation', defaultDuration: 30, priceCentavos: null });
    payments = new EventBus({ url: testAmqpUrl(), exchange: booking.exchange, source: 'payments', logger: silentLogger() });
    await payments.start();
    heard = await listenOn(booking.exchange, [...HEARD], 'payments');
  });
  afterEach(() => {
    clock = null;
  });
  afterAll(async () => {
    await heard.close();
    await payments.close();
    await booking.close();
  });

  const app = {
    get booking() {
      return booking;
    },
    setClock: (at: Date | null) => {
      clock = at;
    },
    /** Moves the clock `minutes` after TEST_NOW. */
    later: (minutes: number) => {
      clock = new Date(TEST_NOW.getTime() + minutes * MINUTE_MS);
    },
    setPolicy: (itemId: string, policy: DepositPolicy) => call(booking.url, 'PUT', `/api/deposit-policies/${itemId}`, policy, asAdmin),
    setDepositSettings: (body: Record<string, unknown>) => call(booking.url, 'PUT', '/api/deposit-settings/clinic', body, asAdmin),
    async book(over: Record<string, unknown>, headers: Record<string, string> = {}) {
      const res = await call<BookedAppointment>(booking.url, 'POST', '/api/appointments', bookingRequest(over), headers);
      expect(res.status).toBe(201);
      return { ...res.body, token: res.body.manageToken as string };
    },
    tryBook: (over: Record<string, unknown>) => call<BookedAppointment>(booking.url, 'POST', '/api/appointments', bookingRequest(over)),
    cancel: (token: string) => call<ManagedAppointment>(booking.url, 'POST', `/api/manage/${token}/cancel`),
    stored: (id: string) => booking.models.Appointment.findById(id).lean<AppointmentDoc>(),
    /** What payments would say, on the bus as it would. */
    publish: <T extends EventType>(type: T, data: EventData<T>) => payments.publish(type, data),
    /** Payments saying the deposit was paid; answers the payment id it used. */
    async pay(appointmentId: string, paymentId = `pay_${++paymentIds}`) {
      await payments.publish('payments.payment.paid', {
        ...PAYMENT_FACTS,
        paymentId,
        appointmentId,
        amount: 1,
        currency: 'PHP',
        method: 'paymongo',
        methodType: 'gcash',
        paidAt: new Date().toISOString(),
      });
      return paymentId;
    },
    /** Waits until the stored appointment passes `check`. */
    until: (id: string, what: string, check: (doc: AppointmentDoc) => boolean) =>
      waitFor(what, async () => {
        const doc = await app.stored(id);
        return doc !== null && check(doc) ? doc : undefined;
      }),
    /** What booking said of one appointment, of one type, in arrival order. */
    said: <T extends Heard>(id: string, type: T) => heard.received.filter((e) => e.type === type && e.data.appointmentId === id) as Envelope<EventData<T>>[],
    /** The ledger entry states (`k`, `p`…) and blocks an appointment holds. */
    async heldBy(id: string) {
      const { docs, held, agree } = await ledgerHolders(booking.models);
      const states = docs.flatMap((doc) => (doc.h?.[`a${id}`] ? [doc.h[`a${id}`].s] : []));
      return { states, blocks: held.get(`a${id}`) ?? [], agree };
    },
  };
  return app;
}
