import mongoose from 'mongoose';
import type { ChatMessage, Mail, SlotsResponse } from '@bb/contracts';
import { blocksCovering, manilaInstant } from '@bb/service-kit';
import { adminToken, api, mongoDatabaseUrl, requireEnv, uniqueName } from '@bb/service-kit/testing';
import { countsAgree, createModels as bookingModels, decodeLedger, startBookingOn, type StoredLedgerDoc } from '../../services/booking/testing';
import { createModels as chatModels, startChatOn } from '../../services/chat/testing';
import { createModels as notificationModels, startNotificationsOn } from '../../services/notifications/testing';
import { createModels as subscriberModels } from '../../services/subscribers/testing';
import { planYear, storeYearOfData, YEAR_OF_DATA, type YearPlan } from '../../bench/lib/year-of-data';

// The benches' year of data (bench/lib/year-of-data.ts): its plan at full size, and a hundredth
// of it stored through the services' testing entries, after which each service still answers
// its reads on it as it would on data it wrote itself.

/** The business clock: any fixed instant does; the plan and the services both run on it. */
const NOW = new Date('2030-01-02T09:00:00+08:00');
const SCALE = 0.01;
const PUBLIC_URL = 'https://booking.example.com';

/** Places every appointment not cancelled holds: one per 30-minute block of an offering, by block start. */
function placesOf(plan: YearPlan): string[] {
  return plan.appointments.flatMap((a) => {
    if (a.status === 'cancelled') return [];
    const start = manilaInstant(a.date, a.startMinutes);
    return blocksCovering(start, new Date(start.getTime() + a.durationMinutes * 60_000)).map((block) => `${a.offering}|${block.toISOString()}`);
  });
}

describe('the plan of a year', () => {
  const plan = planYear(NOW);

  it('has the sizes of the issue: appointments, messages in conversations, subscribers (one mail per appointment three times over)', () => {
    expect({
      appointments: plan.appointments.length,
      conversations: plan.conversations.length,
      messages: plan.conversations.reduce((sum, c) => sum + c.messageTimes.length, 0),
      subscribers: plan.contacts.length,
      distinctSubscribers: new Set(plan.contacts.map((c) => c.email)).size,
    }).toEqual({
      appointments: YEAR_OF_DATA.appointments,
      conversations: YEAR_OF_DATA.conversations,
      messages: YEAR_OF_DATA.messages,
      subscribers: YEAR_OF_DATA.subscribers,
      distinctSubscribers: YEAR_OF_DATA.subscribers,
    });
    expect(YEAR_OF_DATA.mails).toBe(3 * YEAR_OF_DATA.appointments);
  });

  it('spans the past year and the next 88 days, never puts two appointments in one block of an offering, and books each before it starts and not after now', () => {
    const starts = plan.appointments.map((a) => manilaInstant(a.date, a.startMinutes).getTime());
    const day = 86_400_000;
    expect(Math.min(...starts)).toBeLessThan(NOW.getTime() - 364 * day);
    expect(Math.max(...starts)).toBeGreaterThan(NOW.getTime() + 87 * day);
    expect(Math.max(...starts)).toBeLessThan(NOW.getTime() + 89 * day);
    const places = placesOf(plan);
    expect(new Set(places).size).toBe(places.length);
    expect(plan.appointments.filter((a, i) => a.bookedAt.getTime() >= starts[i] || a.bookedAt.getTime() > NOW.getTime())).toEqual([]);
  });

  it('has what production has: every status, both offerings, customers coming back, pending ones only ahead but a few never marked', () => {
    const past = plan.appointments.filter((a) => manilaInstant(a.date, a.startMinutes).getTime() < NOW.getTime());
    const ahead = plan.appointments.filter((a) => manilaInstant(a.date, a.startMinutes).getTime() >= NOW.getTime());
    const share = (list: typeof past, status: string) => list.filter((a) => a.status === status).length / list.length;
    expect(share(past, 'done')).toBeGreaterThan(0.8);
    expect(share(past, 'cancelled')).toBeGreaterThan(0.05);
    expect(share(past, 'pending')).toBeGreaterThan(0);
    expect(share(ahead, 'done')).toBe(0);
    expect(share(ahead, 'pending')).toBeGreaterThan(0.8);
    expect(new Set(plan.appointments.map((a) => a.offering))).toEqual(new Set(['clinic', 'studio']));
    expect(new Set(plan.appointments.map((a) => a.email)).size).toBeLessThan(plan.appointments.length);
  });
});

describe('a hundredth of the year, stored', () => {
  const prefix = uniqueName('year');
  const mongoUrl = requireEnv('MONGO_URL');
  const plan = planYear(NOW, SCALE);
  let conn: Record<'booking' | 'notifications' | 'chat' | 'subscribers', mongoose.Connection>;
  let stored: Awaited<ReturnType<typeof storeYearOfData>>;

  beforeAll(async () => {
    stored = await storeYearOfData({ mongoUrl, dbPrefix: prefix, now: NOW, scale: SCALE, publicUrl: PUBLIC_URL });
    const open = (service: string) => mongoose.createConnection(mongoDatabaseUrl(`${prefix}_${service}`)).asPromise();
    conn = { booking: await open('booking'), notifications: await open('notifications'), chat: await open('chat'), subscribers: await open('subscribers') };
  }, 120_000);
  afterAll(async () => {
    for (const c of Object.values(conn ?? {})) {
      await c.dropDatabase();
      await c.close();
    }
  });

  it('stores what it says, a hundredth of each count', async () => {
    const expected = {
      appointments: YEAR_OF_DATA.appointments * SCALE,
      mails: YEAR_OF_DATA.mails * SCALE,
      conversations: YEAR_OF_DATA.conversations * SCALE,
      messages: YEAR_OF_DATA.messages * SCALE,
      subscribers: YEAR_OF_DATA.subscribers * SCALE,
    };
    expect(stored).toEqual(expected);
    const messages = await chatModels(conn.chat).Conversation.aggregate<{ n: number }>([{ $group: { _id: null, n: { $sum: '$messageCount' } } }]);
    expect({
      appointments: await bookingModels(conn.booking).Appointment.countDocuments(),
      mails: await notificationModels(conn.notifications).Mail.countDocuments(),
      conversations: await chatModels(conn.chat).Conversation.countDocuments(),
      messages: messages[0]?.n,
      subscribers: await subscriberModels(conn.subscribers).Subscriber.countDocuments(),
    }).toEqual(expected);
    expect(await notificationModels(conn.notifications).Appointment.countDocuments()).toBe(expected.appointments);
  });

  it("keeps booking's ledger whole: a place per block of each appointment not cancelled, held under its appointment, dates as booked", async () => {
    const models = bookingModels(conn.booking);
    const docs = (await models.Ledger.find().lean<StoredLedgerDoc[]>()).map(decodeLedger);
    expect(docs.filter((doc) => !countsAgree(doc)).map((doc) => doc._id)).toEqual([]);
    const appointments = await models.Appointment.find().lean();
    const offeringOf = new Map(appointments.map((a) => [`a${String(a._id)}`, a.offeringType]));
    const held = docs.flatMap((doc) =>
      Object.entries(doc.h ?? {}).flatMap(([holder, entry]) =>
        entry.b.map((field) => {
          const block = `${doc._id.slice(doc._id.indexOf('|') + 1)}-${field.slice(0, 2)}T${field.slice(3, 5)}:${field.slice(5)}`;
          return `${offeringOf.get(holder)}|${new Date(Date.parse(`${block}:00+08:00`)).toISOString()}`;
        }),
      ),
    );
    expect(held.sort()).toEqual(placesOf(plan).sort());
    expect(appointments.map((a) => a.createdAt.getTime()).sort()).toEqual(plan.appointments.map((a) => a.bookedAt.getTime()).sort());
  });

  it('booking answers the slots of a seeded day: the held time is full, the others free', async () => {
    const booking = await startBookingOn(mongoDatabaseUrl(`${prefix}_booking`), () => NOW);
    try {
      // A coming weekday (open by default, 09:00–17:00) with a pending appointment; capacity is 1 by default.
      const tomorrow = new Date(NOW.getTime() + 86_400_000).getTime();
      const target = plan.appointments.find(
        (a) =>
          a.status === 'pending' && manilaInstant(a.date, 0).getTime() >= tomorrow && [1, 2, 3, 4, 5].includes(new Date(`${a.date}T00:00:00Z`).getUTCDay()),
      );
      if (!target) throw new Error('the plan has no pending appointment on a coming weekday');
      const item = (await bookingModels(conn.booking).Bookable.findOne({ offeringType: target.offering }).lean())!;
      const res = await api<SlotsResponse>(booking.url, `/api/available-slots?offeringType=${target.offering}&date=${target.date}&treatmentId=${item._id}`);
      expect(res.status).toBe(200);
      const time = `${String(Math.floor(target.startMinutes / 60)).padStart(2, '0')}:${String(target.startMinutes % 60).padStart(2, '0')}`;
      expect(res.body.slots.find((s) => s.time === time)).toEqual({ time, available: false, full: true, reason: 'full' });
      expect(res.body.slots.filter((s) => s.available).length).toBeGreaterThan(0);
    } finally {
      await booking.close();
    }
  });

  it("notifications answers an appointment's mail log: its confirmation, staff alert and reminder or cancellation", async () => {
    const notifications = await startNotificationsOn(mongoDatabaseUrl(`${prefix}_notifications`), PUBLIC_URL, () => NOW);
    try {
      const appointments = await bookingModels(conn.booking).Appointment.find().lean();
      const cancelled = appointments.find((a) => a.status === 'cancelled')!;
      const coming = appointments.find((a) => a.status === 'pending' && a.startTime!.getTime() > NOW.getTime() + 2 * 86_400_000)!;
      const log = async (id: unknown) =>
        (await api<Mail[]>(notifications.url, `/api/appointments/${String(id)}/mails`, { token: adminToken() })).body.map((m) => [m.kind, m.status]);
      expect(await log(cancelled._id)).toEqual([
        ['confirmation', expect.any(String)],
        ['staff-alert', expect.any(String)],
        ['cancellation', expect.any(String)],
      ]);
      expect(await log(coming._id)).toEqual([
        ['confirmation', 'sent'],
        ['staff-alert', 'sent'],
        ['reminder', 'queued'],
      ]);
    } finally {
      await notifications.close();
    }
  });

  it('chat answers a conversation with its messages in order', async () => {
    const chat = await startChatOn(mongoDatabaseUrl(`${prefix}_chat`));
    try {
      const stored = (await chatModels(conn.chat).Conversation.findOne().sort({ messageCount: -1 }).lean())!;
      const res = await api<ChatMessage[]>(chat.url, `/api/conversations/${stored._id}/messages`);
      expect(res.status).toBe(200);
      expect(res.body.map((m) => m.id)).toEqual(stored.messages.map((m) => m.id));
      expect(res.body[0].senderType).toBe('customer');
    } finally {
      await chat.close();
    }
  });
});
