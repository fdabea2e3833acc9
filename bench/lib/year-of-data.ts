import mongoose from 'mongoose';
import type { AppointmentStatus, Side } from '@bb/contracts';
import { DAY_MS, manilaDateInDays, manilaInstant, MINUTE_MS } from '@bb/service-kit';
import { mongoDatabaseUrl, postgresUrl, psql } from '@bb/service-kit/testing';
import { seedAppointmentHistory, type HistoricAppointment } from '../../services/booking/testing';
import { seedConversationHistory, type HistoricConversation } from '../../services/chat/testing';
import { seedMailHistory } from '../../services/notifications/testing';
import { seedSubscriberHistory, type HistoricContact } from '../../services/subscribers/testing';

/** What a year of business leaves stored (issue 25), at scale 1. */
export const YEAR_OF_DATA = { appointments: 10_000, mails: 30_000, conversations: 3_000, messages: 30_000, subscribers: 8_000 } as const;

/** Different people among the appointments: the others are the same customers coming back. */
const CUSTOMERS = 6_000;
const PAST_DAYS = 365;
/**
 * Appointments lie up to this many days ahead (Manila dates): before the booking benchmark's
 * seeded days, from the first Monday (UTC date) 90 days on, whatever the hour.
 */
const FUTURE_DAYS = 88;
/** An offering's appointments of a day follow one another from 09:00 (30, 60, 30 minutes…): never two in one block. */
const DAY_STARTS_AT = 9 * 60;
const DURATIONS = [30, 60, 30];
const FIRST_NAMES = ['Maria', 'Ana', 'Jose', 'Liza', 'Carlo', 'Bea', 'Paolo', 'Grace', 'Mark', 'Joy', 'Rica', 'Miguel'];
const LAST_NAMES = ['Santos', 'Reyes', 'Cruz', 'Bautista', 'Garcia', 'Mendoza', 'Torres', 'Flores', 'Ramos', 'Aquino', 'Castillo'];
const HOUR_MS = 60 * MINUTE_MS;

export interface YearPlan {
  appointments: HistoricAppointment[];
  conversations: HistoricConversation[];
  contacts: HistoricContact[];
}

const scaled = (n: number, scale: number) => Math.max(1, Math.round(n * scale));
const nameOf = (n: number) => ({
  firstName: FIRST_NAMES[n % FIRST_NAMES.length],
  lastName: LAST_NAMES[Math.floor(n / FIRST_NAMES.length) % LAST_NAMES.length],
});
const customerEmail = (c: number) => `year-customer-${c}@example.com`;

/**
 * A year of the business up to `now` and its next FUTURE_DAYS days, at `scale` (1: YEAR_OF_DATA;
 * 0.01 for a test). No I/O. Appointments are spread evenly over the days and both offerings;
 * past ones mostly done, some cancelled, a few never marked; coming ones pending or cancelled;
 * each booked 1–20 days ahead. Customers come back (CUSTOMERS distinct people at scale 1).
 * Conversations (10 messages on average, the customer first, staff answering) over the past
 * year, half of them from customers. Subscribers: every customer, every chat-only visitor,
 * and newsletter sign-ups for the rest, some unsubscribed since, some unconfirmed.
 */
export function planYear(now: Date, scale = 1): YearPlan {
  const count = scaled(YEAR_OF_DATA.appointments, scale);
  const customers = Math.min(count, scaled(CUSTOMERS, scale));
  const offeringDays = (PAST_DAYS + FUTURE_DAYS) * 2;
  const appointments: HistoricAppointment[] = [];
  const firstSeen = new Map<number, Date>();
  const lastSeen = new Map<number, Date>();
  let k = -1;
  let cursor = DAY_STARTS_AT;
  for (let i = 0; i < count; i++) {
    const slot = Math.floor((i * offeringDays) / count);
    if (slot !== k) [k, cursor] = [slot, DAY_STARTS_AT];
    const offering: Side = slot % 2 ? 'studio' : 'clinic';
    const date = manilaDateInDays(Math.floor(slot / 2) - PAST_DAYS, now);
    const durationMinutes = DURATIONS[i % DURATIONS.length];
    const startMinutes = cursor;
    cursor += durationMinutes;
    const start = manilaInstant(date, startMinutes);
    const past = start.getTime() < now.getTime();
    const status: AppointmentStatus = past ? (i % 8 === 0 ? 'cancelled' : i % 25 === 0 ? 'pending' : 'done') : i % 10 === 0 ? 'cancelled' : 'pending';
    const bookedAt = new Date(Math.min(start.getTime() - (1 + (i % 20)) * DAY_MS - (i % 7) * HOUR_MS, now.getTime() - (1 + (i % 600)) * 1000));
    const end = start.getTime() + durationMinutes * MINUTE_MS;
    const changedAt =
      status === 'done'
        ? new Date(Math.min(end + HOUR_MS, now.getTime()))
        : status === 'cancelled'
          ? new Date(bookedAt.getTime() + (Math.min(start.getTime(), now.getTime()) - bookedAt.getTime()) / 2)
          : bookedAt;
    const c = i % customers;
    if (!firstSeen.has(c)) firstSeen.set(c, bookedAt);
    lastSeen.set(c, bookedAt);
    appointments.push({
      offering,
      date,
      startMinutes,
      durationMinutes,
      status,
      bookedAt,
      changedAt,
      ...nameOf(c),
      email: customerEmail(c),
      contact: `0918 ${String(1_000_000 + c)}`,
    });
  }

  const conversationCount = scaled(YEAR_OF_DATA.conversations, scale);
  const messageTotal = scaled(YEAR_OF_DATA.messages, scale);
  const conversations: HistoricConversation[] = [];
  const chatContacts: HistoricContact[] = [];
  let messagesLeft = messageTotal;
  for (let m = 0; m < conversationCount; m++) {
    // 4 to 16 messages, 10 on average; the last conversation takes what is left.
    const messages =
      m === conversationCount - 1 ? Math.max(1, messagesLeft) : Math.max(1, Math.min(messagesLeft - (conversationCount - m - 1), 10 + ((m * 5) % 13) - 6));
    messagesLeft -= messages;
    const startedAt = now.getTime() - PAST_DAYS * DAY_MS + Math.floor((m * PAST_DAYS * DAY_MS) / conversationCount) + (m % 11) * HOUR_MS;
    const messageTimes = Array.from({ length: messages }, (_, j) => new Date(Math.min(startedAt + j * (2 + (j % 5) * 2) * MINUTE_MS, now.getTime() - 1000)));
    // Odd ones are customers asking; even ones are people seen only in the chat.
    const fromCustomer = m % 2 === 1 && customers > 0;
    const c = (m * 7) % customers;
    const offeringType: Side = m % 3 === 0 ? 'studio' : 'clinic';
    const person = fromCustomer ? { ...nameOf(c), email: customerEmail(c) } : { ...nameOf(m + 3), email: `year-chat-${m}@example.com` };
    conversations.push({ customerName: `${person.firstName} ${person.lastName}`, customerEmail: person.email, offeringType, messageTimes });
    if (!fromCustomer)
      chatContacts.push({
        email: person.email,
        fullName: `${person.firstName} ${person.lastName}`,
        phone: '',
        source: 'chat',
        offeringType,
        firstSeen: messageTimes[0],
        lastSeen: messageTimes[0],
      });
  }

  const contacts: HistoricContact[] = [
    ...[...firstSeen].map(([c, first]): HistoricContact => {
      const { firstName, lastName } = nameOf(c);
      return {
        email: customerEmail(c),
        fullName: `${firstName} ${lastName}`,
        phone: `0918 ${String(1_000_000 + c)}`,
        source: 'booking',
        offeringType: c % 2 ? 'studio' : 'clinic',
        firstSeen: first,
        lastSeen: lastSeen.get(c) ?? first,
        unsubscribed: c % 40 === 0,
      };
    }),
    ...chatContacts,
  ];
  const signUps = scaled(YEAR_OF_DATA.subscribers, scale) - contacts.length;
  for (let s = 0; s < signUps; s++) {
    const at = new Date(now.getTime() - PAST_DAYS * DAY_MS + Math.floor((s * PAST_DAYS * DAY_MS) / Math.max(signUps, 1)));
    contacts.push({
      email: `year-newsletter-${s}@example.com`,
      fullName: '',
      phone: '',
      source: 'newsletter',
      offeringType: s % 3 === 0 ? 'both' : 'clinic',
      firstSeen: at,
      lastSeen: at,
      unsubscribed: s % 25 === 0,
      awaitingConfirmation: s % 10 === 5,
    });
  }
  return { appointments, conversations, contacts };
}

export interface YearStored {
  appointments: number;
  mails: number;
  conversations: number;
  messages: number;
  subscribers: number;
}

export interface StoreYearOptions {
  /** The MongoDB (FerretDB) server, without a database. */
  mongoUrl: string;
  /** The services' databases are <prefix>_<service> (the benches' stack: 'stack'). */
  dbPrefix: string;
  now?: Date;
  scale?: number;
  /** The site's address, for the links in the mails. */
  publicUrl?: string;
  log?: (message: string) => void;
}

/**
 * Stores a year of data (planYear) into the services' databases through their testing entries,
 * in their own shapes: appointments with their ledger (booking), their mails and
 * appointment copies (notifications), conversations (chat), subscribers (subscribers).
 */
export async function storeYearOfData({
  mongoUrl,
  dbPrefix,
  now = new Date(),
  scale = 1,
  publicUrl = 'http://localhost:8080',
  log = () => undefined,
}: StoreYearOptions): Promise<YearStored> {
  const plan = planYear(now, scale);
  const withDatabase = async <T>(service: string, work: (conn: mongoose.Connection) => Promise<T>): Promise<T> => {
    const conn = await mongoose.createConnection(mongoDatabaseUrl(`${dbPrefix}_${service}`, mongoUrl)).asPromise();
    try {
      return await work(conn);
    } finally {
      await conn.close();
    }
  };
  const started = Date.now();
  const facts = await withDatabase('booking', (conn) => seedAppointmentHistory(conn, plan.appointments));
  log(`stored ${facts.length} appointments with their ledger (${Math.round((Date.now() - started) / 1000)} s)`);
  const times = new Map(facts.map((f, i) => [f.appointmentId, { bookedAt: plan.appointments[i].bookedAt, changedAt: plan.appointments[i].changedAt }]));
  const mails = await withDatabase('notifications', (conn) => seedMailHistory(conn, facts, { now, publicUrl, timesOf: (id) => times.get(id)! }));
  log(`stored ${mails} mails (${Math.round((Date.now() - started) / 1000)} s)`);
  const conversations = await withDatabase('chat', (conn) => seedConversationHistory(conn, plan.conversations));
  log(`stored ${conversations.length} conversations (${Math.round((Date.now() - started) / 1000)} s)`);
  const subscribers = await withDatabase('subscribers', (conn) => seedSubscriberHistory(conn, plan.contacts));
  log(`stored ${subscribers} subscribers (${Math.round((Date.now() - started) / 1000)} s)`);
  if (postgresUrl()) {
    // A year arrives over a year; stored in a minute it leaves PostgreSQL's autovacuum minutes
    // of catching up (≈20 % of a CPU), which the idle bench would count as the stack's own cost.
    psql('VACUUM ANALYZE');
    log(`vacuumed and analysed PostgreSQL (${Math.round((Date.now() - started) / 1000)} s)`);
  }
  return {
    appointments: facts.length,
    mails,
    conversations: conversations.length,
    messages: plan.conversations.reduce((sum, c) => sum + c.messageTimes.length, 0),
    subscribers,
  };
}
