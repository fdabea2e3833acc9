import { managedAppointmentSchema, type Appointment, type BookedAppointment, type EventData } from '@bb/contracts';
import { EventBus, manageLinkToken, type OutboxEntry } from '@bb/service-kit';
import { silentLogger, TEST_MANAGE_LINK_SECRET, testAmqpUrl, uniqueName, waitFor } from '@bb/service-kit/testing';
import { appointmentCancelled, appointmentCreated, appointmentRescheduled, appointmentStatusChanged } from '../src/events/appointment-lifecycle';
import type { AppointmentDoc } from '../src/models/appointment';
import { ScheduleCopy } from '../src/store/schedule-copy';
import { asAdmin, bookingRequest, call, monday, startBooking, TEST_NOW, type BookingUnderTest } from './support/booking';
import { twoNurses } from './support/practitioners';

// The lifecycle events of an appointment with a practitioner carry where that practitioner's
// staff alerts go, as booking's copy of them says at the time of the event; no appointment
// answer nor the manage view shows it.

let booking: BookingUnderTest;
let bus: EventBus;
let copy: ScheduleCopy;
const ana = 'ana.nurse@example.com';

beforeAll(async () => {
  booking = await startBooking('practitioner_alert_events', { now: () => TEST_NOW });
  await twoNurses(booking, { ana: { email: ana } });
  bus = new EventBus({ url: testAmqpUrl(), exchange: booking.exchange, source: 'booking', logger: silentLogger(), queuePrefix: `${uniqueName('alerts')}.` });
  await bus.start();
  copy = new ScheduleCopy(booking.models, silentLogger());
  await copy.start(bus);
});
afterAll(async () => {
  copy.stop();
  await bus.close();
  await booking.close();
});

const bookWith = async (practitionerId: string, preferredTime: string) => {
  const res = await call<BookedAppointment>(
    booking.url,
    'POST',
    '/api/appointments',
    bookingRequest({ treatments: ['peel'], preferredDate: monday(3), preferredTime, practitionerId }),
  );
  expect(res.status).toBe(201);
  const doc = await booking.models.Appointment.findById(res.body.id).lean<AppointmentDoc>();
  if (!doc) throw new Error('booked appointment not stored');
  return doc;
};
/** The alert address each lifecycle event of the appointment carries, made with booking's copy. */
const addressesOf = (doc: AppointmentDoc) =>
  [
    appointmentCreated(doc, undefined, copy),
    appointmentRescheduled(doc, doc, 'staff', undefined, copy),
    appointmentCancelled(doc, 'staff', true, undefined, copy),
    appointmentStatusChanged(doc, 'pending', undefined, copy),
  ].map((entry: OutboxEntry) => (entry.data as EventData<'booking.appointment.created'>).practitionerAlertEmail);

describe("the practitioner's alert address in the lifecycle events", () => {
  it("carries the practitioner's address at the time of the event, and none for a practitioner without one", async () => {
    const withAna = await bookWith('ana', '09:00');
    expect(addressesOf(withAna)).toEqual([ana, ana, ana, ana]);
    const withBea = await bookWith('bea', '09:00');
    expect(addressesOf(withBea)).toEqual([undefined, undefined, undefined, undefined]);
    expect(Object.keys(appointmentCreated(withBea, undefined, copy).data as EventData<'booking.appointment.created'>)).not.toContain('practitionerAlertEmail');

    const changed = 'ana.new@example.com';
    expect((await call(booking.url, 'PUT', '/api/practitioners/ana', { email: changed }, asAdmin)).status).toBe(200);
    await waitFor("the copy has Ana's new address", () => copy.practitioner('ana')?.email === changed, 5000);
    expect(addressesOf(withAna)).toEqual([changed, changed, changed, changed]);
  });

  it('is in no appointment answer and not in the manage view', async () => {
    const doc = await bookWith('ana', '11:00');
    const id = doc._id.toHexString();
    const staffView = await call<Appointment[]>(booking.url, 'GET', '/api/appointments', undefined, asAdmin);
    const listed = staffView.body.find((a) => a.id === id);
    expect(listed?.practitioner).toEqual({ id: 'ana', name: 'Ana' });
    const manage = await call(booking.url, 'GET', `/api/manage/${manageLinkToken(TEST_MANAGE_LINK_SECRET, id)}`);
    expect(manage.status).toBe(200);
    for (const answer of [JSON.stringify(listed), JSON.stringify(manage.body)]) {
      expect(answer).not.toMatch(/ana\.(nurse|new)@|practitionerAlertEmail/);
    }
    expect(Object.keys(managedAppointmentSchema.shape)).not.toContain('practitionerAlertEmail');
  });
});
