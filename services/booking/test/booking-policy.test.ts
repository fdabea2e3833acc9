import { DEFAULT_BOOKING_POLICY, POLICY_MESSAGES, SLOT_FULL_MESSAGE } from '@bb/contracts';
import { manilaInstant } from '@bb/service-kit';
import { Types } from 'mongoose';
import { CLAIM_GRACE_MS } from '../src/domain/contact-keys';
import { contactCountId } from '../src/models/contact-count';
import { startBooking, TEST_NOW } from './support/booking';
import { AFTER_LAST_DAY, LAST_DAY, startPolicyApp, TODAY } from './support/policy-app';

const app = startPolicyApp('policy');
const { mongoUrl, setClock, book, studio, settle, slots, slotAt, patch } = app;

describe('minimum notice', () => {
  it('refuses a time inside the notice with its message, and takes the first one after it', async () => {
    for (const preferredTime of ['10:00', '10:30']) {
      const res = await book({ preferredDate: TODAY, preferredTime });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(POLICY_MESSAGES.notice(120));
    }
    expect(POLICY_MESSAGES.notice(120)).toBe("Bookings need 2 hours' notice. Please choose a later time.");
    expect(await slotAt(TODAY, '10:30')).toEqual({ time: '10:30', available: false, reason: 'notice' });
    expect((await book({ preferredDate: TODAY, preferredTime: '11:00' })).status).toBe(201);
  });

  it('follows the setting, and 0 leaves only the past', async () => {
    expect((await settle('clinic', { minimumNoticeMinutes: 30 })).body.minimumNoticeMinutes).toBe(30);
    try {
      expect((await book({ preferredDate: TODAY, preferredTime: '09:00' })).body.message).toMatch(/already passed/);
      expect((await book({ preferredDate: TODAY, preferredTime: '09:30' })).status).toBe(201);
      await settle('clinic', { minimumNoticeMinutes: 240 });
      expect((await book({ preferredDate: TODAY, preferredTime: '12:00' })).body.message).toBe(POLICY_MESSAGES.notice(240));
      await settle('clinic', { minimumNoticeMinutes: 200 });
      expect((await book({ preferredDate: TODAY, preferredTime: '12:00' })).body.message).toBe(
        "Bookings need 200 minutes' notice. Please choose a later time.",
      );
    } finally {
      await settle('clinic', { minimumNoticeMinutes: DEFAULT_BOOKING_POLICY.minimumNoticeMinutes });
    }
  });
});

describe('booking horizon', () => {
  it('opens dates up to 90 days ahead and refuses later ones naming the rule', async () => {
    expect((await book({ preferredDate: LAST_DAY, preferredTime: '09:00' })).status).toBe(201);
    const late = await book({ preferredDate: AFTER_LAST_DAY, preferredTime: '09:00' });
    expect(late.status).toBe(400);
    expect(late.body.message).toBe(POLICY_MESSAGES.horizon(90));
    expect(late.body.message).toBe('Bookings open 90 days ahead. Please choose an earlier date.');
    const day = await slots(AFTER_LAST_DAY);
    expect(day.body.slots).toHaveLength(15);
    expect(day.body.slots.some((s) => s.available)).toBe(false);
    expect(new Set(day.body.slots.map((s) => s.reason))).toEqual(new Set(['horizon']));
    expect(day.body.message).toBe(POLICY_MESSAGES.horizon(90));
    expect((await slots(LAST_DAY)).body.message).toBeUndefined();
  });
});

describe('the order of the refusals', () => {
  it("answers the spec's own checks first: unknown item, closed, not a slot, past, full", async () => {
    // Booked a day earlier, before its time came inside the notice.
    setClock(new Date(TEST_NOW.getTime() - 24 * 3600_000));
    expect((await studio({ preferredDate: TODAY, preferredTime: '09:30', email: 'early@example.com' })).status).toBe(201);
    setClock(null);
    const unknown = await studio({ preferredDate: AFTER_LAST_DAY, preferredTime: '08:00', treatments: ['no-such-item'] });
    expect([unknown.status, unknown.body.message]).toEqual([400, 'One of the chosen packages is not available any more. Please choose again.']);
    const closed = await studio({ preferredDate: '2030-01-05', preferredTime: '10:00' });
    expect(closed.body.message).toContain('closed');
    expect((await studio({ preferredDate: TODAY, preferredTime: '10:10' })).body.message).toMatch(/not one of the available times/);
    expect((await studio({ preferredDate: TODAY, preferredTime: '09:00' })).body.message).toMatch(/already passed/);
    // Full and inside the notice: full first (409), and not a slot a waitlist could wait for.
    const full = await studio({ preferredDate: TODAY, preferredTime: '09:30' });
    expect([full.status, full.body.message]).toEqual([409, SLOT_FULL_MESSAGE]);
    expect((await slots(TODAY, 'studio')).body.slots.find((s) => s.time === '09:30')).toEqual({ time: '09:30', available: false, reason: 'full' });
  });

  it('answers notice before horizon, and both before the per-contact cap', async () => {
    await settle('studio', { maxUpcomingPerContact: 1 });
    try {
      const contact = { email: 'order@example.com', contact: '0918 555 0000' };
      expect((await studio({ preferredDate: '2030-01-08', preferredTime: '09:00', ...contact })).status).toBe(201);
      expect((await studio({ preferredDate: TODAY, preferredTime: '10:30', ...contact })).body.message).toBe(POLICY_MESSAGES.notice(120));
      expect((await studio({ preferredDate: AFTER_LAST_DAY, preferredTime: '10:00', ...contact })).body.message).toBe(POLICY_MESSAGES.horizon(90));
      expect((await studio({ preferredDate: '2030-01-08', preferredTime: '09:00', ...contact })).status).toBe(409);
      const capped = await studio({ preferredDate: '2030-01-08', preferredTime: '11:00', ...contact });
      expect([capped.status, capped.body.message]).toEqual([400, POLICY_MESSAGES.cap(1)]);
    } finally {
      await settle('studio', { maxUpcomingPerContact: DEFAULT_BOOKING_POLICY.maxUpcomingPerContact });
    }
  });
});

describe('the per-contact cap', () => {
  const date = '2030-01-09';
  beforeAll(() => settle('studio', { maxUpcomingPerContact: 2 }));
  afterAll(() => settle('studio', { maxUpcomingPerContact: DEFAULT_BOOKING_POLICY.maxUpcomingPerContact }));

  it('counts one mailbox in any case and with any +tag, and one number however it is written (0917… or +63 917…)', async () => {
    expect((await studio({ preferredDate: date, preferredTime: '09:00', email: 'Cap@Example.com', contact: '0918 111 1111' })).status).toBe(201);
    expect((await studio({ preferredDate: date, preferredTime: '10:00', email: 'CAP+second@example.COM', contact: '0918 222 2222' })).status).toBe(201);
    const byEmail = await studio({ preferredDate: date, preferredTime: '11:00', email: 'cap+third@example.com', contact: '0918 333 3333' });
    expect([byEmail.status, byEmail.body.message]).toEqual([400, POLICY_MESSAGES.cap(2)]);
    expect((await studio({ preferredDate: date, preferredTime: '11:00', email: 'x@example.com', contact: '0918 444 4444' })).status).toBe(201);
    expect((await studio({ preferredDate: date, preferredTime: '13:00', email: 'y@example.com', contact: '+63 918 444 4444' })).status).toBe(201);
    const byPhone = await studio({ preferredDate: date, preferredTime: '14:00', email: 'z@example.com', contact: '(0918) 444-4444' });
    expect([byPhone.status, byPhone.body.message]).toEqual([400, POLICY_MESSAGES.cap(2)]);
    // The clinic has a cap of its own.
    expect((await book({ preferredDate: date, preferredTime: '11:00', email: 'cap@example.com', contact: '0918 111 1111' })).status).toBe(201);
  });

  it('ignores cancelled appointments and those whose time has come', async () => {
    const contact = { email: 'ignored@example.com', contact: '0918 777 0000' };
    const first = await studio({ preferredDate: date, preferredTime: '15:00', ...contact });
    expect((await studio({ preferredDate: '2030-01-16', preferredTime: '13:00', ...contact })).status).toBe(201);
    expect((await studio({ preferredDate: '2030-01-16', preferredTime: '14:00', ...contact })).status).toBe(400);
    expect((await patch(first.body.id, { status: 'cancelled' })).status).toBe(200);
    expect((await studio({ preferredDate: '2030-01-16', preferredTime: '14:00', ...contact })).status).toBe(201);
    // On the 16th at 13:30 the appointment of 13:00 has started: one upcoming left.
    setClock(new Date(manilaInstant('2030-01-16', 13 * 60 + 30).getTime()));
    expect((await studio({ preferredDate: '2030-01-23', preferredTime: '13:00', ...contact })).status).toBe(201);
    expect((await studio({ preferredDate: '2030-01-23', preferredTime: '14:00', ...contact })).status).toBe(400);
  });

  it('is off at 0', async () => {
    await settle('studio', { maxUpcomingPerContact: 0 });
    const contact = { email: 'many@example.com', contact: '0918 888 0000' };
    const answers = [];
    for (const preferredTime of ['09:00', '10:00', '11:00', '13:00', '14:00', '15:00'])
      answers.push((await studio({ preferredDate: '2030-01-10', preferredTime, ...contact })).status);
    expect(answers).toEqual([201, 201, 201, 201, 201, 201]);
  });

  it('counts the appointments booked while it was off once it is turned on, and those stored before places at start', async () => {
    const contact = { email: 'before@example.com', contact: '0918 999 0000' };
    expect((await studio({ preferredDate: '2030-01-11', preferredTime: '09:00', ...contact })).status).toBe(201);
    expect((await studio({ preferredDate: '2030-01-11', preferredTime: '10:00', ...contact })).status).toBe(201);
    await settle('studio', { maxUpcomingPerContact: 1 });
    // One of the two is counted now; the other stays uncounted (staff may see the contact over the cap).
    const claimed = await app.booking.models.Appointment.find({ email: contact.email, 'contactCounts.0': { $exists: true } }).lean();
    expect(claimed).toHaveLength(1);
    expect((await studio({ preferredDate: '2030-01-11', preferredTime: '13:00', ...contact })).body.message).toBe(POLICY_MESSAGES.cap(1));

    // An appointment stored before counts (no contactCounts at all) is counted when a process starts.
    const { _id, contactCounts: _counts, ...old } = claimed[0];
    await app.booking.models.Appointment.collection.insertOne({
      ...old,
      email: 'Older+tag@Example.com',
      contact: '+63 918 999 1111',
      preferredDate: '2030-01-14',
      startTime: manilaInstant('2030-01-14', 9 * 60),
      blocks: [],
    });
    const other = await startBooking('policy', { mongoUrl });
    try {
      expect((await other.models.Appointment.findOne({ email: 'Older+tag@Example.com' }).lean())?.contactCounts).toHaveLength(2);
    } finally {
      await other.close();
    }
    expect((await studio({ preferredDate: '2030-01-14', preferredTime: '13:00', email: 'older@example.com' })).body.message).toBe(POLICY_MESSAGES.cap(1));
    expect((await studio({ preferredDate: '2030-01-14', preferredTime: '13:00', email: 'another@example.com', contact: '09189991111' })).body.message).toBe(
      POLICY_MESSAGES.cap(1),
    );
  });
});

describe('a count of the per-contact cap', () => {
  afterAll(() => settle('studio', { maxUpcomingPerContact: DEFAULT_BOOKING_POLICY.maxUpcomingPerContact }));

  it('of a booking that never stored its appointment is taken out once its grace period is over', async () => {
    await settle('studio', { maxUpcomingPerContact: 1 });
    const count = contactCountId('studio', 'e:crashed@example.com');
    const lost = `a${String(new Types.ObjectId())}`;
    const counted = (at: Date) => ({ t: manilaInstant('2030-01-16', 9 * 60), c: at });
    await app.booking.models.ContactCount.create({ _id: count, n: 1, h: { [lost]: counted(new Date(Date.now() - CLAIM_GRACE_MS / 2)) } });
    const during = await studio({ preferredDate: '2030-01-15', preferredTime: '09:00', email: 'crashed@example.com' });
    expect([during.status, during.body.message]).toEqual([400, POLICY_MESSAGES.cap(1)]);
    await app.booking.models.ContactCount.updateOne({ _id: count }, { $set: { [`h.${lost}`]: counted(new Date(Date.now() - CLAIM_GRACE_MS - 1000)) } });
    const after = await studio({ preferredDate: '2030-01-15', preferredTime: '09:00', email: 'crashed@example.com' });
    expect(after.status).toBe(201);
    const doc = await app.booking.models.ContactCount.findById(count).lean();
    expect([doc?.n, Object.keys(doc?.h ?? {})]).toEqual([1, [`a${after.body.id}`]]);
  });
});
