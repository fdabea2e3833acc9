import { ERASED_CUSTOMER_CONTACT } from '@bb/contracts';
import { retentionOf } from '@bb/service-kit';
import { privacyProbe, waitFor } from '@bb/service-kit/testing';
import { expireCustomerMails } from '../src/store/privacy';
import { booked, cancelled, clinicMailsInFile, rescheduled, uniqueAddress } from './harness';

const file = clinicMailsInFile('notif_privacy');
let probe: Awaited<ReturnType<typeof privacyProbe>>;
beforeAll(async () => {
  probe = await privacyProbe(file.svc.replicas[0].ctx.config.BUS_EXCHANGE, 'notifications');
});
afterAll(() => probe.close());

const hers = uniqueAddress('privacy-her');
const theirs = uniqueAddress('privacy-other');
const herBooking = booked(hers.toUpperCase(), { firstName: 'Nina', lastName: 'Ocampo', contact: '0917 444 5555' });
const otherBooking = booked(theirs);
/** Everything the service stores, as one lower-case text to search. */
const everything = async () => JSON.stringify([await file.svc.models.Mail.find().lean(), await file.svc.models.Appointment.find().lean()]).toLowerCase();

describe("a person's mails", () => {
  beforeAll(async () => {
    await file.svc.publisher.publish('booking.appointment.created', herBooking);
    await file.svc.publisher.publish('booking.appointment.created', otherBooking);
    await file.svc.publisher.publish('subscribers.confirmation.requested', {
      subscriberId: 's1',
      email: hers,
      offeringType: 'clinic',
      confirmToken: 'token-1',
      requestedAt: new Date().toISOString(),
    });
    await waitFor(
      'her confirmation, staff alert and newsletter mail, and the other confirmation',
      async () => {
        const kinds = (await file.svc.models.Mail.find({}, { kind: 1, appointmentId: 1 }).lean()).map((m) => `${m.kind}:${m.appointmentId ?? ''}`);
        return (
          kinds.includes(`confirmation:${herBooking.appointmentId}`) &&
          kinds.includes(`staff-alert:${herBooking.appointmentId}`) &&
          kinds.includes('newsletter-confirmation:') &&
          kinds.includes(`confirmation:${otherBooking.appointmentId}`)
        );
      },
      15_000,
    );
  });

  it('are answered to an access request: those to her address (any case) and those about her appointments, nobody else’s', async () => {
    const { mails } = await probe.access({ email: hers });
    expect(mails.map((m) => m.kind).sort()).toEqual(expect.arrayContaining(['confirmation', 'newsletter-confirmation', 'staff-alert']));
    expect(mails.every((m) => m.recipient === file.staff || String(m.recipient).toLowerCase() === hers)).toBe(true);
    expect(mails.some((m) => String(m.text).includes('Nina'))).toBe(true);
    // By her number: the mails of her appointments (the newsletter mail has no number to go by).
    const byPhone = await probe.access({ phone: '+639174445555' });
    expect(byPhone.mails.map((m) => m.kind)).not.toContain('newsletter-confirmation');
    expect(byPhone.mails.map((m) => m.kind)).toContain('staff-alert');
  });

  it('are forgotten by an erasure, with her copy of the appointment anonymised; the other customer’s stay; again changes nothing', async () => {
    const othersBefore = await file.svc.models.Mail.countDocuments({ appointmentId: otherBooking.appointmentId });
    const counts = await probe.erase({ email: hers });
    expect(counts.appointments).toBe(1);
    expect(counts.mails).toBeGreaterThanOrEqual(3);

    const text = await everything();
    expect(text).not.toContain(hers);
    expect(text).not.toContain('nina');
    expect(text).not.toContain('444 5555');
    expect(await file.svc.models.Mail.countDocuments({ appointmentId: herBooking.appointmentId })).toBe(0);
    expect(await file.svc.models.Mail.countDocuments({ appointmentId: otherBooking.appointmentId })).toBe(othersBefore);
    expect(await file.svc.models.Appointment.findById(herBooking.appointmentId).lean()).toMatchObject({
      firstName: 'Erased',
      email: 'erased',
      status: 'pending',
    });

    expect(await probe.erase({ email: hers })).toEqual({ mails: 0, appointments: 0, deposits: 0 });
  });

  it('are not written again when staff later move and cancel her erased appointment: nothing goes to the placeholder', async () => {
    const erased = { ...herBooking, ...ERASED_CUSTOMER_CONTACT };
    const revisionOf = async () => (await file.svc.models.Appointment.findById(herBooking.appointmentId, { revision: 1 }).lean())?.revision;
    const moved = { ...rescheduled(erased, new Date(Date.parse(herBooking.startTime) + 24 * 3600 * 1000)), by: 'staff' as const };
    await file.svc.publisher.publish('booking.appointment.rescheduled', moved);
    await waitFor('the move applied to her copy', async () => (await revisionOf()) === moved.revision);
    await file.svc.publisher.publish('booking.appointment.cancelled', cancelled(moved, 'staff'));
    await waitFor('the cancellation applied to her copy', async () => (await revisionOf()) === moved.revision + 1);
    // A reschedule notice is stored at once (due after its quiet period), a reminder or cancellation too: none may be here.
    expect(await file.svc.models.Mail.find({ appointmentId: herBooking.appointmentId }, { kind: 1, recipient: 1 }).lean()).toEqual([]);
    expect(await file.svc.models.Mail.countDocuments({ recipient: ERASED_CUSTOMER_CONTACT.email })).toBe(0);
  });
});

describe('retention', () => {
  it("forgets the mails of appointments that ended longer ago than customerMonths, once, and the others' stay", async () => {
    const models = file.svc.models;
    expect(await expireCustomerMails(models, new Date())).toBe(0);
    await probe.retention({ chatMonths: null, customerMonths: 2 }, 1);
    await waitFor('the setting kept', async () => (await retentionOf(models.RetentionCopy)).customerMonths === 2);
    // The other booking starts in three days: three months on, it ended a month too early; four months on, it is forgotten.
    const start = new Date(otherBooking.startTime).getTime();
    const month = 31 * 24 * 3600 * 1000;
    expect(await expireCustomerMails(models, new Date(start + 1 * month))).toBe(0);
    expect(await models.Mail.countDocuments({ appointmentId: otherBooking.appointmentId })).toBeGreaterThan(0);
    expect(await expireCustomerMails(models, new Date(start + 3 * month))).toBeGreaterThan(0);
    expect(await models.Mail.countDocuments({ appointmentId: otherBooking.appointmentId })).toBe(0);
    expect(await models.Appointment.findById(otherBooking.appointmentId).lean()).toMatchObject({ email: 'erased' });
    expect(await expireCustomerMails(models, new Date(start + 3 * month))).toBe(0);
  });
});
