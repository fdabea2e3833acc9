// Issue 30's "Done when": a person who booked, waited, subscribed and chatted (so that mails
// exist) asks for their data and then to be erased, through the gateway; the access archive
// holds their records and nobody else's, and after the erasure no collection of any database
// of the stack holds their e-mail address.
import mongoose from 'mongoose';
import {
  privacyRoutes,
  type BookedAppointment,
  type Conversation,
  type PrivacyRequest,
  type Settings,
  type SlotsResponse,
  type Subscriber,
} from '@bb/contracts';
import { manilaDateInDays } from '@bb/service-kit';
import { adminToken, mailpit, readZip, requireEnv, uniquePhone, waitFor } from '@bb/service-kit/testing';
import { adminLogin, api, gateway, plainClinicTreatmentId, runAddress } from './support';

jest.setTimeout(4 * 60 * 1000);

const address = runAddress('privacy');
// Typed with capitals, as people do: every service matches it in any case.
const person = { firstName: 'Erin', lastName: 'Privado', email: address('Erin.Person'), contact: uniquePhone() };
const others = [0, 1, 2, 3].map((n) => ({ firstName: 'Otto', lastName: `Other ${n}`, email: address(`other-${n}`), contact: uniquePhone() }));

let owner = '';
const manager = () => adminToken({ secret: requireEnv('JWT_SECRET'), role: 'manager', username: 'privacy-manager' });
const receptionist = () => adminToken({ secret: requireEnv('JWT_SECRET'), role: 'receptionist', username: 'privacy-desk' });
let treatmentId = '';

/** A free clinic slot on a random far day, so no other test shares it. */
async function freeClinicSlot(): Promise<{ date: string; time: string }> {
  for (;;) {
    const date = manilaDateInDays(400 + Math.floor(Math.random() * 3000));
    const slots = (await api<SlotsResponse>(`/api/available-slots?offeringType=clinic&date=${date}&treatmentId=${treatmentId}`)).body.slots;
    const free = slots.find((s) => s.available);
    if (free) return { date, time: free.time };
  }
}
const visit = (who: typeof person, slot: { date: string; time: string }) => ({
  ...who,
  preferredDate: slot.date,
  preferredTime: slot.time,
  treatments: [treatmentId],
  offeringType: 'clinic',
});
async function book(who: typeof person, slot: { date: string; time: string }): Promise<BookedAppointment> {
  const res = await api<BookedAppointment>('/api/appointments', { method: 'POST', body: visit(who, slot) });
  expect(res.status).toBe(201);
  return res.body;
}
const done = (id: string) =>
  waitFor(
    `privacy request ${id} done`,
    async () => {
      const res = await api<PrivacyRequest>(`/api/privacy/requests/${id}`, { token: owner });
      return res.body.status === 'done' && res.body;
    },
    60_000,
    500,
  );

/** Where the text occurs in any document of any collection of any database of the stack's MongoDB. */
async function placesHolding(text: string): Promise<string[]> {
  // One connection: FerretDB keeps a cursor on the connection that opened it, and a getMore sent
  // on another of the pool's answers "cursor id not found".
  const conn = await mongoose.createConnection(requireEnv('MONGO_URL'), { maxPoolSize: 1 }).asPromise();
  try {
    const wanted = text.toLowerCase();
    const found: string[] = [];
    const { databases } = await conn.db!.admin().listDatabases();
    for (const { name } of databases) {
      if (['admin', 'local', 'config'].includes(name)) continue;
      const db = conn.useDb(name, { useCache: false }).db!;
      for (const { name: collection } of await db.listCollections({}, { nameOnly: true }).toArray()) {
        for await (const doc of db.collection(collection).find({})) {
          if (JSON.stringify(doc).toLowerCase().includes(wanted)) found.push(`${name}.${collection} ${String(doc._id)}`);
        }
      }
    }
    return found;
  } finally {
    await conn.close();
  }
}

beforeAll(async () => {
  owner = await adminLogin();
  treatmentId = await plainClinicTreatmentId(owner);

  // The person everywhere: an appointment, a place on a full slot's waitlist, the newsletter, a chat.
  await book(person, await freeClinicSlot());
  const full = await freeClinicSlot();
  const capacity = (await api<Settings>('/api/settings/clinic', { token: owner })).body.maxSessionsPerSlot;
  for (let n = 0; n < capacity; n++) await book(others[n % others.length], full);
  expect((await api('/api/waitlist', { method: 'POST', body: visit(person, full) })).status).toBe(201);
  expect((await api('/api/email-subscribers', { method: 'POST', body: { email: person.email, offeringType: 'clinic' } })).status).toBe(201);
  const chat = await api<Conversation>('/api/conversations', {
    method: 'POST',
    body: { customerName: `${person.firstName} ${person.lastName}`, customerEmail: person.email, offeringType: 'clinic' },
  });
  expect(chat.status).toBe(201);
  const said = await api('/api/messages', {
    method: 'POST',
    body: {
      conversationId: chat.body.id,
      senderType: 'customer',
      senderName: person.firstName,
      content: 'Is the laser safe for my skin?',
      offeringType: 'clinic',
    },
  });
  expect(said.status).toBe(201);
  // Everything the person caused has landed: their mail went out, and both captures reached the list.
  await mailpit.waitForMails(person.email.toLowerCase(), /./, 1, 60_000);
  await waitFor(
    'the person captured from the booking and the chat',
    async () => {
      const list = (await api<Subscriber[]>('/api/email-subscribers', { token: owner })).body;
      const entry = list.find((s) => s.email.toLowerCase() === person.email.toLowerCase());
      return entry !== undefined && entry.tags.includes('booking') && entry.tags.includes('chat');
    },
    60_000,
    500,
  );
});

describe("customers' rights through the gateway", () => {
  it('refuses a receptionist every privacy route and a manager the erasure', async () => {
    for (const route of Object.values(privacyRoutes)) {
      const path = route.path.replace(':id', '00000000-0000-4000-8000-000000000000');
      const body =
        route.method === 'get' ? undefined : path.endsWith('retention') ? { chatMonths: null, customerMonths: null } : { email: person.email, confirm: true };
      const res = await fetch(`${gateway()}${path}`, {
        method: route.method.toUpperCase(),
        headers: { authorization: `Bearer ${receptionist()}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      expect([route.path, res.status]).toEqual([route.path, 403]);
    }
    const erasure = await api('/api/privacy/erasure-requests', { method: 'POST', token: manager(), body: { email: person.email, confirm: true } });
    expect(erasure.status).toBe(403);
  });

  it("gives a manager one archive of the person's records from every service, and nobody else's", async () => {
    const made = await api<PrivacyRequest>('/api/privacy/access-requests', { method: 'POST', token: manager(), body: { email: person.email.toUpperCase() } });
    expect(made.status).toBe(202);
    const request = await done(made.body.id);
    const counts = Object.fromEntries(request.services.map((s) => [s.service, s.counts]));
    expect(counts.booking).toMatchObject({ appointments: 1, waitlist: 1 });
    expect(counts.chat).toMatchObject({ conversations: 1, 'chat-messages': 1 });
    expect(counts.subscribers).toMatchObject({ subscribers: 1 });
    expect(counts.notifications.mails).toBeGreaterThanOrEqual(1);

    const res = await fetch(`${gateway()}/api/privacy/requests/${made.body.id}/archive`, { headers: { authorization: `Bearer ${manager()}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    const files = await readZip(Buffer.from(await res.arrayBuffer()));
    for (const name of ['data.json', 'appointments.csv', 'waitlist.csv', 'chat-messages.csv', 'subscribers.csv', 'mails.csv'])
      expect(files.has(name)).toBe(true);
    const all = [...files.values()].join('\n').toLowerCase();
    expect(files.get('chat-messages.csv')).toContain('Is the laser safe for my skin?');
    expect(files.get('appointments.csv')!.toLowerCase()).toContain(person.email.toLowerCase());
    for (const other of others) expect(all).not.toContain(other.email.toLowerCase());
  });

  it('erases the person: done when every service confirmed, and no collection of any database holds their address', async () => {
    expect(await placesHolding(person.email)).not.toEqual([]);
    const made = await api<PrivacyRequest>('/api/privacy/erasure-requests', {
      method: 'POST',
      token: owner,
      body: { email: person.email, phone: person.contact, confirm: true },
    });
    expect(made.status).toBe(202);
    const request = await done(made.body.id);
    expect(request.services.every((s) => s.status === 'done')).toBe(true);
    expect(request.services.find((s) => s.service === 'booking')?.counts).toMatchObject({ appointments: 1, waitlist: 1 });

    expect(await placesHolding(person.email)).toEqual([]);
    // The others who booked the full slot are still there.
    expect(await placesHolding(others[0].email)).not.toEqual([]);
  });
});
