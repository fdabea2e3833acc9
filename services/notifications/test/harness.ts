// The notifications service as main.ts wires it, on a database, exchange and queues of its own,
// sending to the shared test Mailpit (or to an SMTP_URL the test gives). Replicas are more
// processes on the same database and queues; a publisher plays booking and subscribers.
import { randomBytes } from 'node:crypto';
import type { Connection } from 'mongoose';
import { APPOINTMENT_MAIL_KINDS, type EventData, type Mail, type MailKind, type NotificationSettings } from '@bb/contracts';
import { connectMongo, EventBus, manageLinkToken } from '@bb/service-kit';
import {
  adminToken,
  api,
  readCalendar,
  requireEnv,
  silentLogger,
  startHarness,
  TEST_MANAGE_LINK_SECRET,
  testAmqpUrl,
  testMongoUrl,
  uniqueName,
  type Harness,
  type MailpitClient,
  type MailpitSummary,
} from '@bb/service-kit/testing';
import { notificationsEnvShape, type NotificationsConfig } from '../src/config';
import { createModels, type NotificationModels } from '../src/models';
import { AppointmentStore } from '../src/store/appointment-store';
import type { MailerDeps } from '../src/store/mailer';
import { SettingsStore } from '../src/store/settings-store';
import { wire } from '../src/wire';

export const PUBLIC_URL = 'https://booking.example.com';

export interface NotificationsHarness {
  /** The first replica's address. */
  readonly url: string;
  /** The test's own connection to the service's database: it stays open across restarts. */
  conn: Connection;
  models: NotificationModels;
  /** Publishes on the service's exchange, as booking and subscribers do. */
  publisher: EventBus;
  token: string;
  /** An appointment's mail log, as staff read it. */
  mailLog: (appointmentId: string) => Promise<Mail[]>;
  /** The running replicas (none between stop() and start()). */
  replicas: Harness<NotificationsConfig>[];
  /** One more replica on the same database and queues; env overrides this replica's settings. */
  addReplica: (env?: Record<string, string>) => Promise<Harness<NotificationsConfig>>;
  /** Ends every replica (a restart's first half); the database and the queues stay. */
  stop: () => Promise<void>;
  /** Starts one replica again. */
  start: () => Promise<void>;
  close: () => Promise<void>;
}

export interface StartOptions {
  /** Settings of every replica (SMTP_URL, MAIL_RETRY_BASE_MS…), over the test defaults. */
  env?: Record<string, string>;
  /** Every replica's clock; the real one by default. */
  now?: () => Date;
}

export async function startNotifications(label: string, { env: overrides = {}, now }: StartOptions = {}): Promise<NotificationsHarness> {
  const mongoUrl = testMongoUrl(label);
  const env = {
    SMTP_URL: requireEnv('SMTP_URL'),
    PUBLIC_URL,
    MAIL_POLL_INTERVAL_MS: '200',
    MAIL_RETRY_BASE_MS: '200',
    MAIL_RETRY_MAX_MS: '1000',
    SMTP_TIMEOUT_MS: '3000',
    // Short, so tests of other things do not wait a minute for a reschedule notice.
    RESCHEDULE_MAIL_QUIET_MS: '300',
    BUS_EXCHANGE: uniqueName(`${label}_ex`),
    BUS_QUEUE_PREFIX: `${uniqueName(label)}.`,
    ...overrides,
  };
  const replicas: Harness<NotificationsConfig>[] = [];
  const addReplica = async (more: Record<string, string> = {}) => {
    const replica = await startHarness('notifications', notificationsEnvShape, wire, { label, mongoUrl, env: { ...env, ...more }, now });
    replicas.push(replica);
    return replica;
  };
  await addReplica();
  const conn = await connectMongo(mongoUrl, silentLogger());
  const publisher = new EventBus({ url: testAmqpUrl(), exchange: env.BUS_EXCHANGE, source: 'booking', logger: silentLogger() });
  await publisher.start();
  const stop = async () => {
    for (const replica of replicas.splice(0)) await replica.close();
  };
  const token = adminToken();
  const running = () => {
    if (!replicas[0]) throw new Error('the notifications service is stopped');
    return replicas[0];
  };
  return {
    get url() {
      return running().url;
    },
    conn,
    models: createModels(conn),
    publisher,
    token,
    mailLog: async (appointmentId) => (await api<Mail[]>(running().url, `/api/appointments/${appointmentId}/mails`, { token })).body,
    replicas,
    addReplica,
    stop,
    start: async () => {
      await addReplica();
    },
    close: async () => {
      await publisher.close();
      await stop();
      await conn.dropDatabase();
      await conn.close();
    },
  };
}

/**
 * An offering's mail settings as the tests save them: from the Lumière clinic or studio, a
 * reminder a day ahead, every appointment mail on and each kind in `off` turned off.
 */
export function mailSettings(
  offering: 'clinic' | 'studio',
  { off = [], ...over }: { off?: MailKind[] } & Partial<Omit<NotificationSettings, 'offeringType' | 'enabled'>> = {},
) {
  const kinds = [...new Set([...APPOINTMENT_MAIL_KINDS, ...off])];
  return {
    staffAlertEmail: '',
    senderName: offering === 'clinic' ? 'Lumière Clinic' : 'Lumière Studio',
    senderEmail: `${offering}@beauty-booking.local`,
    reminderLeadHours: 24,
    enabled: Object.fromEntries(kinds.map((kind) => [kind, !off.includes(kind)])) as NotificationSettings['enabled'],
    ...over,
  };
}

/** A notifications service (its database named by `label`) sending every clinic mail, from the clinic, its staff alerts to `staff`. */
export async function startWithClinicMails(label: string, staff: string): Promise<NotificationsHarness> {
  const svc = await startNotifications(label);
  const saved = await api(svc.url, '/api/notification-settings/clinic', {
    method: 'PUT',
    token: svc.token,
    body: mailSettings('clinic', { staffAlertEmail: staff }),
  });
  expect(saved.status).toBe(200);
  return svc;
}

/** For one test file: a service started (and `prepare`d) before its tests and closed after them, behind a getter. */
export function notificationsInFile(start: () => Promise<NotificationsHarness>, prepare: (svc: NotificationsHarness) => Promise<void> = async () => undefined) {
  let svc: NotificationsHarness;
  beforeAll(async () => {
    svc = await start();
    await prepare(svc);
  });
  afterAll(() => svc.close());
  return {
    get svc() {
      return svc;
    },
  };
}

/** For one test file: a service sending every clinic mail (startWithClinicMails). */
export function clinicMailsInFile(label: string) {
  const staff = uniqueAddress('staff');
  return Object.assign(
    notificationsInFile(() => startWithClinicMails(label, staff)),
    { staff },
  );
}

/** What a Mailer needs besides its mail store, on the service's database: for tests that drive one by hand (no queues, no sender). */
export const mailerDeps = (svc: NotificationsHarness, rescheduleQuietMs: number): Omit<MailerDeps, 'mails'> => ({
  appointments: new AppointmentStore(svc.models),
  settings: new SettingsStore(svc.models),
  publicUrl: PUBLIC_URL,
  rescheduleQuietMs,
  now: () => new Date(),
  queued: () => undefined,
  logger: silentLogger(),
});

/** The token of an appointment's manage link, as booking and this service derive it. */
export const manageTokenOf = (appointmentId: string) => manageLinkToken(TEST_MANAGE_LINK_SECRET, appointmentId);

/** An address no other test (or test file) uses: Mailpit is shared. */
export const uniqueAddress = (label: string) => `n-${label}-${randomBytes(5).toString('hex')}@example.com`;

const MINUTE_MS = 60_000;

/**
 * A booking as booking publishes it: a clinic facial by default, starting at a whole half hour
 * `startsInMs` from now (rounded up), an hour long.
 */
export function booked(
  email: string,
  over: Partial<EventData<'booking.appointment.created'>> & { startsAt?: Date } = {},
): EventData<'booking.appointment.created'> {
  const { startsAt, ...rest } = over;
  const start = startsAt ?? new Date(Math.ceil((Date.now() + 3 * 24 * 60 * MINUTE_MS) / (30 * MINUTE_MS)) * 30 * MINUTE_MS);
  const end = new Date(start.getTime() + 60 * MINUTE_MS);
  const manila = new Date(start.getTime() + 8 * 60 * MINUTE_MS).toISOString();
  return {
    appointmentId: randomBytes(12).toString('hex'),
    revision: 0,
    firstName: 'Ana',
    lastName: 'Cruz',
    email,
    contact: '+63 917 123 4567',
    offeringType: 'clinic',
    items: [{ id: 't1', name: 'Hydrating Facial' }],
    preferredDate: manila.slice(0, 10),
    preferredTime: manila.slice(11, 16),
    startTime: start.toISOString(),
    endTime: end.toISOString(),
    status: 'pending',
    createdAt: new Date().toISOString(),
    ...rest,
  };
}

/** The same appointment moved to `start` (revision + 1), as the rescheduled event says it. */
export function rescheduled(
  from: EventData<'booking.appointment.created'> | EventData<'booking.appointment.rescheduled'>,
  start: Date,
  revision = from.revision + 1,
): EventData<'booking.appointment.rescheduled'> {
  const manila = new Date(start.getTime() + 8 * 60 * MINUTE_MS).toISOString();
  return {
    ...factsOf(from),
    revision,
    preferredDate: manila.slice(0, 10),
    preferredTime: manila.slice(11, 16),
    startTime: start.toISOString(),
    endTime: new Date(start.getTime() + 60 * MINUTE_MS).toISOString(),
    previousDate: from.preferredDate,
    previousTime: from.preferredTime,
    previousStartTime: from.startTime,
    by: 'customer',
  };
}

/** The same appointment cancelled (revision + 1), as the cancelled event says it; `notifyCustomer` false: deleted by staff, no mail. */
export function cancelled(
  from: EventData<'booking.appointment.created'> | EventData<'booking.appointment.rescheduled'>,
  by: EventData<'booking.appointment.cancelled'>['by'],
  notifyCustomer = true,
): EventData<'booking.appointment.cancelled'> {
  return { ...factsOf(from), revision: from.revision + 1, status: 'cancelled', by, notifyCustomer };
}

/** The appointment fields alone, for building the next event of it. */
export function factsOf(data: EventData<'booking.appointment.created'> | EventData<'booking.appointment.rescheduled'>) {
  const { appointmentId, revision, firstName, lastName, email, contact, offeringType, items, preferredDate, preferredTime, startTime, endTime, status } = data;
  return { appointmentId, revision, firstName, lastName, email, contact, offeringType, items, preferredDate, preferredTime, startTime, endTime, status };
}

/** The mails to an address whose subject matches, once there are `count` of them (newest first), looked for every 100 ms. */
export const mailsTo = (mailpit: MailpitClient, address: string, subject: RegExp = /./, count = 1, timeoutMs = 15_000): Promise<MailpitSummary[]> =>
  mailpit.waitForMails(address, subject, count, timeoutMs, 100);

/** The calendar file of a mail, read back the way a calendar client would. */
export async function inviteOf(mailpit: MailpitClient, id: string) {
  const message = await mailpit.message(id);
  const part = message.Attachments.find((a) => a.FileName === 'invite.ics');
  if (!part) throw new Error(`mail ${id} has no invite.ics`);
  const text = await mailpit.attachment(id, part.PartID);
  const calendar = readCalendar(text);
  const [event] = calendar.events;
  if (!event) throw new Error('no VEVENT in the calendar file');
  const { uid, sequence, status, tzid, wallTime } = event;
  return { text, method: String(calendar.method), uid, sequence, status, tzid, wallTime };
}
