import { randomUUID } from 'node:crypto';
import { MANAGE_MESSAGES } from '@bb/contracts';
import { mailpit } from '@bb/service-kit/testing';
import { book, flipped, freeSlots, loadStock, move, ROUTES, send, settingsOf, stock, view, visitor } from './booking-attacks';

// Issue 24, booking's part: the anonymous writes that book or move, attacked through both
// gateways and directly on each booking process's port. A customer's moves of one booking stop
// at the offering's limit (and with them the mails and calendar files each move sends), two
// moves racing for the last one left cannot both pass, and a manage token with one character
// changed opens nothing. A link's expiry (410, 30 days after its appointment) needs the
// business clock: booking's own tests move it (manage.test.ts). The waitlist and the
// per-contact cap: anonymous-writes-signups.test.ts.
jest.setTimeout(5 * 60 * 1000);

beforeAll(loadStock);

describe("a customer's moves of one booking", () => {
  it.each(ROUTES)('stop at the offering limit %s: the next move is refused with what to do instead and sends nothing', async (_route, targets) => {
    const limit = (await settingsOf('clinic')).maxReschedulesPerBooking;
    expect(limit).toBeGreaterThan(0);
    const slots = await freeSlots('clinic', stock.treatmentId, limit + 2);
    const who = visitor('mover');
    const made = await book(targets[0], who, slots[0]);
    expect(made.status).toBe(201);
    const token = made.body.manageToken as string;

    // Sent as fast as the attack run sent them, alternating between the processes.
    for (let i = 0; i < limit; i++) {
      const moved = await move(targets[i % targets.length], token, slots[i + 1]);
      expect([moved.status, moved.body.preferredTime, moved.body.reschedulesLeft]).toEqual([200, slots[i + 1].time, limit - 1 - i]);
    }
    const refused = await move(targets[limit % targets.length], token, slots[limit + 1]);
    expect([refused.status, refused.body.message]).toEqual([409, MANAGE_MESSAGES.movesUsed(limit)]);
    expect(refused.body.message).toMatch(/contact us/);
    for (const target of targets)
      expect((await view(target, token)).body).toMatchObject({ preferredTime: slots[limit].time, reschedulesLeft: 0, status: 'pending' });

    // One rescheduled mail per move that was made, none for the refused one.
    await mailpit.waitForMails(who.email, /rescheduled/i, 1);
    await new Promise((r) => setTimeout(r, 3000));
    expect((await mailpit.messagesTo(who.email)).filter((m) => /rescheduled/i.test(m.Subject)).length).toBeLessThanOrEqual(limit);
  });

  it.each(ROUTES)('let only one of two moves sent at once for the last one left through %s', async (_route, targets) => {
    const limit = (await settingsOf('clinic')).maxReschedulesPerBooking;
    const slots = await freeSlots('clinic', stock.treatmentId, limit + 2);
    const made = await book(targets[0], visitor('last-move'), slots[0]);
    expect(made.status).toBe(201);
    const token = made.body.manageToken as string;
    for (let i = 1; i < limit; i++) expect((await move(targets[0], token, slots[i])).status).toBe(200);

    const racing = await Promise.all([move(targets[0], token, slots[limit]), move(targets[targets.length - 1], token, slots[limit + 1])]);
    expect(racing.map((r) => r.status).sort()).toEqual([200, 409]);
    const won = racing.find((r) => r.status === 200)?.body;
    expect((await view(targets[0], token)).body).toMatchObject({ preferredTime: won?.preferredTime, reschedulesLeft: 0 });
  });
});

describe('a manage token', () => {
  it.each(ROUTES)(
    'with one character changed opens nothing %s (404, the bad-link message), and a retried booking answers the real one',
    async (_route, targets) => {
      const [target] = targets;
      const [slot, other] = await freeSlots('clinic', stock.treatmentId, 2);
      const who = visitor('token');
      const key = { 'idempotency-key': randomUUID() };
      const made = await book(target, who, slot, 'clinic', key);
      const retried = await book(targets[targets.length - 1], who, slot, 'clinic', key);
      expect([made.status, retried.status]).toEqual([201, 201]);
      expect(retried.body.manageToken).toBe(made.body.manageToken);
      const token = made.body.manageToken as string;
      expect((await view(target, token)).status).toBe(200);

      for (const bad of [flipped(token, 0), flipped(token, 15), flipped(token, 16), flipped(token, 31)]) {
        const answers = [
          await view(target, bad),
          await send(target.url, 'POST', `/api/manage/${bad}/cancel`),
          await move(target, bad, other),
          await send(target.url, 'GET', `/api/manage/${bad}/calendar.ics`),
        ];
        expect(answers.map((a) => [a.status, a.body?.message])).toEqual(Array(4).fill([404, MANAGE_MESSAGES.badLink]));
      }
      expect((await view(target, token)).body).toMatchObject({ status: 'pending', preferredDate: slot.date, preferredTime: slot.time });
    },
  );
});
