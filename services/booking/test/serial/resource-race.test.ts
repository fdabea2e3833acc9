// A load test by nature (thousands of bookings racing on the shared database): it runs in
// the serial project, alone, so it neither slows nor is slowed by the other suites.
import type { Appointment } from '@bb/contracts';
import { blocksCovering } from '@bb/service-kit';
import { practitionerKey, roomKey } from '../../src/domain/ledger';
import { applyStaffChange } from '../../src/events/practitioners';
import { addBookable, asAdmin, bookingRequest, call, expectLedgerMatches, monday } from '../support/booking';
import { twoProcessesOn } from '../support/processes';

// Two booking processes racing on mixed requirements: three nurses and a doctor, one laser and
// two treatment rooms; a laser facial needs a nurse, the laser and a room, a peel a nurse and a
// room, a consultation the doctor, a massage a room and nobody. No resource may ever be taken
// more than it exists, nobody may do what they are not trained for.

const REQUESTS = 50;
const ROUNDS = 20;
const CAPACITY = 6;
const NURSES = ['ana', 'bea', 'cat'];
const ROOMS = { laser: 1, 'treatment-room': 2 } as const;
const NEEDS: Record<string, { practitioner: boolean; rooms: (keyof typeof ROOMS)[]; minutes: number; trained: string[] }> = {
  'laser-facial': { practitioner: true, rooms: ['laser', 'treatment-room'], minutes: 60, trained: NURSES },
  peel: { practitioner: true, rooms: ['treatment-room'], minutes: 30, trained: NURSES },
  consult: { practitioner: true, rooms: [], minutes: 30, trained: ['doc'] },
  massage: { practitioner: false, rooms: ['treatment-room'], minutes: 60, trained: [] },
};
const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, isActive: true, startTime: '08:00', endTime: '18:00' }));

const app = twoProcessesOn('resource_race', async (booking) => {
  const put = async (path: string, body: unknown, status = 200) => expect((await call(booking.url, 'PUT', path, body, asAdmin)).status).toBe(status);
  for (const [id, need] of Object.entries(NEEDS)) await addBookable(booking.models, { id, defaultDuration: need.minutes });
  for (const id of [...NURSES, 'doc']) {
    await applyStaffChange(booking.models.Practitioner, { id, name: id.toUpperCase(), imageUrl: '', offeringType: 'clinic', deleted: false, version: 1 });
    await put(`/api/practitioners/${id}`, { skills: id === 'doc' ? ['consult'] : ['laser-facial', 'peel'], hours: EVERY_DAY, bookable: true });
  }
  for (const [name, count] of Object.entries(ROOMS)) {
    expect((await call(booking.url, 'POST', '/api/rooms', { offeringType: 'clinic', name, kind: 'room', count }, asAdmin)).status).toBe(201);
  }
  for (const [id, need] of Object.entries(NEEDS)) await put(`/api/requirements/${id}`, { practitioner: need.practitioner, rooms: need.rooms });
  await put('/api/settings/clinic', { maxSessionsPerSlot: CAPACITY, horizonDays: 3650 });
});
const { processes } = app;

// The shapes the crowd asks for: every item, "any" and named practitioners, starts from 09:00 to 10:30.
const SHAPES = [
  { preferredTime: '09:00', treatments: ['laser-facial'] },
  { preferredTime: '09:00', treatments: ['peel'], practitionerId: 'ana' },
  { preferredTime: '09:30', treatments: ['laser-facial'], practitionerId: 'bea' },
  { preferredTime: '09:30', treatments: ['massage'] },
  { preferredTime: '10:00', treatments: ['peel'] },
  { preferredTime: '10:00', treatments: ['consult'] },
  { preferredTime: '09:00', treatments: ['peel', 'laser-facial'] },
  { preferredTime: '10:30', treatments: ['massage'] },
  { preferredTime: '09:30', treatments: ['consult'], practitionerId: 'doc' },
  { preferredTime: '10:00', treatments: ['laser-facial'], practitionerId: 'cat' },
];

/** Places taken per resource (and the offering) per block, from what the database holds. */
async function expectNothingOverbooked(date: string) {
  const stored = await app.booking.models.Appointment.find({ preferredDate: date, deletedAt: null }).lean();
  const perBlock = new Map<string, number>();
  for (const a of stored) {
    const items = a.treatments.map((id) => NEEDS[id]);
    const trained = items.filter((n) => n.practitioner).map((n) => n.trained);
    if (trained.length > 0) {
      const who = a.practitioner?.id ?? 'nobody';
      expect(trained.every((t) => t.includes(who))).toBe(true);
    } else {
      expect(a.practitioner ?? null).toBeNull();
    }
    const rooms = [...new Set(items.flatMap((n) => n.rooms))];
    expect([...(a.resources ?? [])].sort()).toEqual([...(a.practitioner ? [practitionerKey(a.practitioner.id)] : []), ...rooms.map(roomKey)].sort());
    for (const block of blocksCovering(a.startTime as Date, a.endTime as Date)) {
      for (const key of ['offering', ...(a.resources ?? [])]) perBlock.set(`${key}@${block.getTime()}`, (perBlock.get(`${key}@${block.getTime()}`) ?? 0) + 1);
    }
  }
  for (const [key, taken] of perBlock) {
    const resource = key.slice(0, key.indexOf('@'));
    const limit = resource === 'offering' ? CAPACITY : resource.startsWith('p') ? 1 : ROOMS[resource.slice(1) as keyof typeof ROOMS];
    expect([key, taken <= limit]).toEqual([key, true]);
  }
  await expectLedgerMatches(app.booking.models, stored);
  return stored;
}

const RACE_TIMEOUT_MS = 300_000;

describe('resources under concurrent bookings on two processes', () => {
  it(
    `never takes a practitioner, room or machine twice, nor gives work to the untrained: ${REQUESTS} requests, ${ROUNDS} times over`,
    async () => {
      let booked = 0;
      for (let round = 0; round < ROUNDS; round++) {
        const date = monday(round);
        const answers = await Promise.all(
          Array.from({ length: REQUESTS }, (_, i) =>
            call<Appointment>(
              processes[i % 2].url,
              'POST',
              '/api/appointments',
              bookingRequest({ preferredDate: date, ...SHAPES[(i + round) % SHAPES.length], email: `racer${i}@example.com` }),
            ),
          ),
        );
        for (const a of answers) expect([201, 409]).toContain(a.status);
        const stored = await expectNothingOverbooked(date);
        expect(answers.filter((a) => a.status === 201)).toHaveLength(stored.length);
        booked += stored.length;
        await app.booking.models.Appointment.deleteMany({});
        await app.booking.models.Ledger.deleteMany({});
      }
      // The resources, not the crowd, set the limit: every round books some and refuses most.
      expect(booked).toBeGreaterThan(ROUNDS * 2);
      expect(booked).toBeLessThan(ROUNDS * 12);
    },
    RACE_TIMEOUT_MS,
  );
});
