import type { SlotHold, SlotsResponse } from '@bb/contracts';
import { freeSlots, gateway, loadStock, ROUTES, send, settingsOf, stock, type Slot } from './booking-attacks';

// Visitors' holds on slots (issue 28), attacked through both gateways and on each booking process
// directly: many holds sent at once for one slot never exceed its capacity and each gives its
// places back; GET and HEAD on the hold routes change nothing. The routes are public: no token
// is needed, so there is none to refuse.
jest.setTimeout(3 * 60 * 1000);

beforeAll(loadStock);

const holdBody = (slot: Slot) => ({ offeringType: 'clinic', preferredDate: slot.date, preferredTime: slot.time, treatments: [stock.treatmentId] });
const isFree = async (slot: Slot) => {
  const day = await send<SlotsResponse>(gateway, 'GET', `/api/available-slots?offeringType=clinic&date=${slot.date}&treatmentId=${stock.treatmentId}`);
  return day.body.slots.find((s) => s.time === slot.time)?.available;
};

describe('holds on one slot sent at once', () => {
  it.each(ROUTES)('never exceed its capacity %s, and each released hold gives its places back', async (_route, targets) => {
    const capacity = (await settingsOf('clinic')).maxSessionsPerSlot;
    const [slot] = await freeSlots('clinic', stock.treatmentId, 1);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => send<SlotHold>(targets[i % targets.length].url, 'POST', '/api/slot-holds', holdBody(slot))),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(capacity);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(20 - capacity);
    expect(await isFree(slot)).toBe(false);
    for (const [i, held] of answers.filter((a) => a.status === 201).entries())
      expect((await send(targets[i % targets.length].url, 'DELETE', `/api/slot-holds/${held.body.holdId}`)).status).toBe(204);
    expect(await isFree(slot)).toBe(true);
  });
});

describe('GET and HEAD on the hold routes', () => {
  it.each(ROUTES)('change nothing %s', async (_route, targets) => {
    const [slot] = await freeSlots('clinic', stock.treatmentId, 1);
    const held = await send<SlotHold>(targets[0].url, 'POST', '/api/slot-holds', holdBody(slot));
    expect(held.status).toBe(201);
    for (const target of targets)
      for (const method of ['GET', 'HEAD'])
        for (const path of ['/api/slot-holds', `/api/slot-holds/${held.body.holdId}`])
          expect((await send(target.url, method, path)).status).toBeGreaterThanOrEqual(400);
    // The hold is still there (the slot taken), and its release still works once.
    expect(await isFree(slot)).toBe(false);
    expect((await send(targets[0].url, 'DELETE', `/api/slot-holds/${held.body.holdId}`)).status).toBe(204);
    expect(await isFree(slot)).toBe(true);
  });
});
