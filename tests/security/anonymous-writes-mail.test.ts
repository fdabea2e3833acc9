import { randomUUID } from 'node:crypto';
import ICAL from 'ical.js';
import type { BookedAppointment, SlotsResponse } from '@bb/contracts';
import { ONE_ADDRESS_MESSAGE } from '@bb/contracts';
import { manilaDateInDays } from '@bb/service-kit';
import { mailpit, requireEnv, uniquePhone, type MailpitAddress, type MailpitMessage } from '@bb/service-kit/testing';
import { capacityTreatmentId } from './booking-attacks';
import { inBatches, listedSubscriber, login, pathOf, raw, signUp, stackProcesses, type RawAnswer } from './support';

// Anonymous writes that make mail, attacked through both gateways and directly on the owning
// service's processes: an address list that would mail strangers, a flood of reschedules that
// would mail a notice each, and e-mail links that a mail scanner or prefetcher follows (HEAD,
// GET) and that must change nothing, while the button (POST) and the one-click unsubscribe of
// the List-Unsubscribe header do. The double opt-in confirmation mail is in
// serial/newsletter-double-opt-in.test.ts: it switches a setting of the whole site.
jest.setTimeout(5 * 60 * 1000);

const gateway = requireEnv('GATEWAY_URL');
const processes = stackProcesses();
const gateways = processes.filter((p) => p.service === null);
const bookings = processes.filter((p) => p.service === 'booking');
const subscribers = processes.filter((p) => p.service === 'subscribers');
const json = { 'content-type': 'application/json' };
const form = { 'content-type': 'application/x-www-form-urlencoded' };
/** How long a reschedule notice waits for further moves on this stack (the test launcher sets it). */
const QUIET_MS = Number(process.env.RESCHEDULE_MAIL_QUIET_MS ?? 60_000);
const run = randomUUID().slice(0, 8);
const address = (label: string) => `anon-${run}-${label}-${randomUUID().slice(0, 6)}@example.com`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const isJsonRefusal = (answer: RawAnswer) =>
  answer.status >= 400 && answer.status < 500 && String(answer.headers['content-type']).startsWith('application/json');

let admin = '';
let treatmentId = '';
beforeAll(async () => {
  admin = await login(gateway);
  treatmentId = await capacityTreatmentId(admin);
});

const listed = (email: string) => listedSubscriber(gateway, admin, email);

/** Free clinic times of a random far day (no other test shares it), at least `count` of them. */
/** A clinic booking of Ada (a new contact) sent to `base` itself. */
const bookAt = (base: string, { lastName, email, date, time }: { lastName: string; email: string; date: string; time: string }) =>
  raw(base, {
    method: 'POST',
    path: '/api/appointments',
    headers: json,
    body: JSON.stringify({
      firstName: 'Ada',
      lastName,
      email,
      contact: uniquePhone(),
      preferredDate: date,
      preferredTime: time,
      treatments: [treatmentId],
      offeringType: 'clinic',
    }),
  });

async function freeTimes(count: number): Promise<{ date: string; times: string[] }> {
  for (;;) {
    const date = manilaDateInDays(400 + Math.floor(Math.random() * 3000));
    const slots = JSON.parse(
      (await raw(gateway, { method: 'GET', path: `/api/available-slots?offeringType=clinic&date=${date}&treatmentId=${treatmentId}` })).text,
    ) as SlotsResponse;
    const times = slots.slots.filter((s) => s.available).map((s) => s.time);
    // Every other free time: a move never lands on a time the appointment itself still holds.
    const apart = times.filter((_, i) => i % 2 === 0);
    if (apart.length >= count) return { date, times: apart.slice(0, count) };
  }
}

describe('an address list in an anonymous form', () => {
  it('is refused by booking, waitlist and newsletter on every gateway and owning process, and nobody in it is mailed', async () => {
    const first = address('list-a');
    const second = address('list-b');
    const lists = [`${first}, ${second}`, `${first};${second}`, `Ann <${first}>, ${second}`, `friends: ${first}, ${second};`];
    const { date, times } = await freeTimes(1);
    const person = (email: string) => ({ firstName: 'Ada', lastName: 'Attack', email, contact: uniquePhone() });
    const tries = [
      ...[...gateways, ...bookings].flatMap((target) =>
        lists.flatMap((email) => [
          {
            target,
            path: '/api/appointments',
            body: { ...person(email), preferredDate: date, preferredTime: times[0], treatments: [treatmentId], offeringType: 'clinic' },
          },
          {
            target,
            path: '/api/waitlist',
            body: { ...person(email), preferredDate: date, preferredTime: times[0], treatments: [treatmentId], offeringType: 'clinic' },
          },
        ]),
      ),
      ...[...gateways, ...subscribers].flatMap((target) => lists.map((email) => ({ target, path: '/api/email-subscribers', body: { email } }))),
    ];
    const answers = await inBatches(tries, 8, async (t) => ({
      where: `${t.target.name} ${t.path} ${t.body.email}`,
      answer: await raw(t.target.url, { method: 'POST', path: t.path, headers: json, body: JSON.stringify(t.body) }),
    }));
    expect(answers.filter((a) => !isJsonRefusal(a.answer) || a.answer.status !== 400).map((a) => `${a.where} → ${a.answer.status}`)).toEqual([]);
    expect(answers.filter((a) => (JSON.parse(a.answer.text) as { message: string }).message !== ONE_ADDRESS_MESSAGE).map((a) => a.where)).toEqual([]);
    // Mail of anything accepted would have left within seconds.
    await sleep(3000);
    expect(await mailpit.messagesTo(first)).toEqual([]);
    expect(await mailpit.messagesTo(second)).toEqual([]);
  });

  it('leaves a booking of one address mailed to that address alone: the only recipient on the envelope and in the header', async () => {
    const email = address('single');
    const { date, times } = await freeTimes(1);
    const booked = await bookAt(bookings[0].url, { lastName: 'Single', email, date, time: times[0] });
    expect(booked.status).toBe(201);
    const [confirmation] = await mailpit.waitForMails(email, /request received/i);
    // Mailpit lists envelope recipients that no header names as Bcc.
    const message = (await mailpit.message(confirmation.ID)) as MailpitMessage & { Bcc?: MailpitAddress[] };
    expect(message.To.map((t) => t.Address)).toEqual([email]);
    expect(message.Cc).toEqual([]);
    expect(message.Bcc ?? []).toEqual([]);
  });
});

describe('a flood of anonymous reschedules', () => {
  it('through every gateway and booking process makes one notice after the quiet period, with the last time and SEQUENCE', async () => {
    const email = address('flood');
    const { date, times } = await freeTimes(5);
    const made = await bookAt(gateway, { lastName: 'Flood', email, date, time: times[0] });
    expect(made.status).toBe(201);
    const booked = JSON.parse(made.text) as BookedAppointment;
    await mailpit.waitForMails(email, /request received/i);

    // One after the other, as fast as the answers come, each through another process. The
    // booking side may refuse moves past its own cap: the notice tells the last accepted one.
    const targets = [...gateways, ...bookings];
    const accepted: string[] = [];
    for (const [i, time] of times.slice(1).entries()) {
      const target = targets[i % targets.length];
      const answer = await raw(target.url, {
        method: 'POST',
        path: `/api/manage/${booked.manageToken}/reschedule`,
        headers: json,
        body: JSON.stringify({ preferredDate: date, preferredTime: time }),
      });
      if (answer.status === 200) accepted.push(time);
      else expect([target.name, isJsonRefusal(answer), answer.status >= 500]).toEqual([target.name, true, false]);
    }
    expect(accepted.length).toBeGreaterThanOrEqual(1);
    const last = accepted[accepted.length - 1];

    const [notice] = await mailpit.waitForMails(email, /rescheduled/i, 1, QUIET_MS + 30_000);
    const part = (await mailpit.message(notice.ID)).Attachments.find((a) => a.FileName.endsWith('.ics'));
    const event = new ICAL.Component(ICAL.parse(await mailpit.attachment(notice.ID, part!.PartID))).getFirstSubcomponent('vevent')!;
    expect(Number(event.getFirstPropertyValue('sequence'))).toBe(accepted.length);
    // DTSTART as written, in Manila wall time (TZID=Asia/Manila).
    expect((event.getFirstPropertyValue('dtstart') as ICAL.Time).toString()).toBe(`${date}T${last}:00`);
    // Long enough for any second notice to have gone out.
    await sleep(QUIET_MS + 3000);
    expect((await mailpit.messagesTo(email)).filter((m) => /rescheduled/i.test(m.Subject))).toHaveLength(1);
  });
});

describe('the unsubscribe link', () => {
  it('changes nothing when followed with HEAD or GET on any gateway or the subscribers process, and its page has a button that POSTs', async () => {
    const email = address('scanned');
    expect((await signUp(gateway, email)).status).toBe(201);
    const before = await listed(email);
    const path = pathOf(before.unsubscribeUrl);
    for (const target of [...gateways, ...subscribers]) {
      for (const method of ['HEAD', 'GET']) {
        for (const accept of ['text/html', 'application/json', '*/*']) {
          const answer = await raw(target.url, { method, path, headers: { accept } });
          expect([target.name, method, accept, answer.status]).toEqual([target.name, method, accept, 200]);
        }
      }
    }
    const page = await raw(gateway, { method: 'GET', path, headers: { accept: 'text/html' } });
    expect(page.text).toContain('<form method="post">');
    expect(page.text).not.toMatch(/<script/i);
    expect(await listed(email)).toEqual(before);
  });

  it('unsubscribes with the button or a one-click POST (RFC 8058), on every gateway and the subscribers process, and again is a success', async () => {
    for (const target of [...gateways, ...subscribers]) {
      const email = address(`leaving-${target.name}`);
      expect((await signUp(gateway, email)).status).toBe(201);
      const path = pathOf((await listed(email)).unsubscribeUrl);
      const oneClick = await raw(target.url, { method: 'POST', path, headers: form, body: 'List-Unsubscribe=One-Click' });
      expect([target.name, oneClick.status]).toEqual([target.name, 200]);
      expect((await listed(email)).subscribed).toBe(false);
      const button = await raw(target.url, { method: 'POST', path, headers: { ...form, accept: 'text/html' }, body: '' });
      expect([target.name, button.status]).toEqual([target.name, 200]);
      expect(button.text).toContain('You have been unsubscribed');
    }
  });

  it('refuses a forged token on the button as on the page, changing nothing', async () => {
    const email = address('forged');
    expect((await signUp(gateway, email)).status).toBe(201);
    const { id } = await listed(email);
    const path = `/api/email-subscribers/unsubscribe?token=${encodeURIComponent(`${id}.${'A'.repeat(43)}`)}`;
    for (const target of [...gateways, ...subscribers]) {
      const answer = await raw(target.url, { method: 'POST', path, headers: form, body: 'List-Unsubscribe=One-Click' });
      expect([target.name, answer.status, isJsonRefusal(answer)]).toEqual([target.name, 400, true]);
    }
    expect((await listed(email)).subscribed).toBe(true);
  });
});
