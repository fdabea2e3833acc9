import { privacyProbe, waitFor } from '@bb/service-kit/testing';
import { retentionOf } from '@bb/service-kit';
import { contactCountId } from '../src/models/contact-count';
import { noShowKeysOf } from '../src/store/no-shows';
import { expireCustomerDetails } from '../src/store/privacy';
import { monday } from './support/booking';
import { book, join, waitlistApps } from './support/waitlist';

const app = waitlistApps('privacy');
let probe: Awaited<ReturnType<typeof privacyProbe>>;
beforeAll(async () => {
  probe = await privacyProbe(app.booking.exchange, 'booking');
});
afterAll(() => probe.close());

const MIA = { email: 'Mia.Cruz@Example.com', phone: '0917 111 2222' };
/** Every stored appointment and waitlist entry, as one lower-case text to search. */
const everything = async () =>
  JSON.stringify([await app.booking.models.Appointment.find().lean(), await app.booking.models.WaitlistEntry.find().lean()]).toLowerCase();

describe("a person's data in booking", () => {
  it('answers access with their appointments (by address in any case, or by number however written) and waitlist entries, nobody else', async () => {
    const slot = { preferredDate: monday(2), preferredTime: '10:00' };
    const byEmail = await book(app.booking.url, { ...slot, email: 'mia.cruz@example.com', contact: '0999 000 0001', notes: 'Sensitive skin' });
    const byPhone = await book(app.booking.url, {
      preferredDate: monday(2),
      preferredTime: '13:00',
      email: 'mia.work@example.com',
      contact: '+63 917 111 2222',
    });
    await book(app.booking.url, { preferredDate: monday(2), preferredTime: '15:00', email: 'someone.else@example.com', contact: '0917 333 4444' });
    expect((await join(app.booking.url, { ...slot, email: 'MIA.CRUZ@example.com', contact: '0999 000 0001' })).status).toBe(201);
    await join(app.booking.url, { ...slot, email: 'other.waiting@example.com' });

    const records = await probe.access(MIA);
    expect(records.appointments.map((a) => a.id).sort()).toEqual([byEmail.id, byPhone.id].sort());
    expect(records.appointments.find((a) => a.id === byEmail.id)).toMatchObject({
      email: 'mia.cruz@example.com',
      notes: 'Sensitive skin',
      items: 'Hydra Facial',
    });
    expect(records.waitlist.map((w) => w.email)).toEqual(['mia.cruz@example.com']);
    expect((await probe.access({ email: 'MIA.cruz@example.COM' })).appointments.map((a) => a.id)).toEqual([byEmail.id]);
    expect(await probe.access({ email: 'nobody@example.com' })).toEqual({ appointments: [], waitlist: [] });
  });

  it('erases them: appointments kept for the books but anonymised, waitlist entries and parked events gone; again changes nothing', async () => {
    const kept = await app.booking.models.Appointment.findOne({ email: 'mia.cruz@example.com' }).lean();
    // An event the relay gave up on still carries the address: it goes with the person.
    await app.booking.models.Appointment.updateOne(
      { _id: kept!._id },
      {
        $set: {
          // A no-show: kept for the books, but the keys the no-show rule finds the person by go.
          attendance: 'no_show',
          noShowKeys: noShowKeysOf(kept!.email, kept!.contact),
          outboxParked: [
            {
              id: 'x',
              type: 'booking.appointment.created',
              source: 'booking',
              occurredAt: new Date(),
              data: { email: 'mia.cruz@example.com' },
              error: 'down',
              parkedAt: new Date(),
            },
          ],
        },
      },
    );
    const other = await app.booking.models.Appointment.findOne({ email: 'someone.else@example.com' }).lean();

    expect(await probe.erase(MIA)).toEqual({ appointments: 2, waitlist: 1, contactCounts: 0 });

    const text = await everything();
    expect(text).not.toContain('mia.cruz');
    expect(text).not.toContain('mia.work');
    expect(text).not.toContain('1112222');
    expect(text).not.toContain('111 2222');
    expect(text).not.toContain('sensitive skin');
    const erased = await app.booking.models.Appointment.findById(kept!._id).lean();
    expect(erased).toMatchObject({
      firstName: 'Erased',
      lastName: 'customer',
      email: 'erased',
      contact: 'erased',
      notes: '',
      adminComment: '',
      age: null,
      gender: null,
      status: kept!.status,
      preferredDate: kept!.preferredDate,
      preferredTime: kept!.preferredTime,
      items: kept!.items,
      outbox: [],
      outboxParked: [],
    });
    expect(erased!.startTime).toEqual(kept!.startTime);
    expect([erased!.attendance, erased!.noShowKeys]).toEqual(['no_show', undefined]);
    expect(await app.booking.models.Appointment.findById(other!._id).lean()).toEqual(other);
    expect(await app.booking.models.WaitlistEntry.countDocuments({ email: 'other.waiting@example.com' })).toBe(1);

    expect(await probe.erase(MIA)).toEqual({ appointments: 0, waitlist: 0, contactCounts: 0 });
    expect(await probe.access(MIA)).toEqual({ appointments: [], waitlist: [] });
  });

  it("removes the per-contact cap's counts of the person's address and number, and no one else's", async () => {
    const counts = [
      contactCountId('clinic', 'e:lea.santos@example.com'),
      contactCountId('studio', 'p:+639175556666'),
      contactCountId('clinic', 'e:not.lea@example.com'),
    ];
    await app.booking.models.ContactCount.insertMany(counts.map((_id) => ({ _id, n: 1, h: {} })));
    expect(await probe.erase({ email: 'Lea.Santos+spa@Example.com', phone: '0917-555-6666' })).toEqual({ appointments: 0, waitlist: 0, contactCounts: 2 });
    expect((await app.booking.models.ContactCount.find({ _id: { $in: counts } }).lean()).map((c) => c._id)).toEqual([counts[2]]);
  });
});

describe('retention', () => {
  it('keeps the latest setting it hears, and then anonymises the appointments that ended longer ago than customerMonths, once', async () => {
    const models = app.booking.models;
    const ended = await book(app.booking.url, { preferredDate: monday(1), preferredTime: '11:00', email: 'old.customer@example.com' });
    const later = await book(app.booking.url, { preferredDate: monday(10), preferredTime: '11:00', email: 'recent.customer@example.com' });
    // Off until a setting arrives.
    expect(await expireCustomerDetails(models, new Date('2030-06-01T00:00:00Z'))).toBe(0);
    await probe.retention({ chatMonths: null, customerMonths: 1 }, 2);
    await waitFor('the setting kept', async () => (await retentionOf(models.RetentionCopy)).customerMonths === 1);
    await probe.retention({ chatMonths: null, customerMonths: null }, 1);
    await probe.retention({ chatMonths: 3, customerMonths: 1 }, 3);
    await waitFor('the later setting kept', async () => (await retentionOf(models.RetentionCopy)).chatMonths === 3);
    expect(await retentionOf(models.RetentionCopy)).toEqual({ chatMonths: 3, customerMonths: 1 });

    // A month after the first ended and before the second.
    const now = new Date(`${monday(6)}T00:00:00+08:00`);
    expect(await expireCustomerDetails(models, now)).toBeGreaterThanOrEqual(1);
    expect(await models.Appointment.findById(ended.id).lean()).toMatchObject({ firstName: 'Erased', email: 'erased', status: 'pending' });
    expect(await models.Appointment.findById(later.id).lean()).toMatchObject({ email: 'recent.customer@example.com' });
    expect(await expireCustomerDetails(models, now)).toBe(0);
  });
});
