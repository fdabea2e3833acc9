// Booking a person through the gateway: two practitioners of the catalog's Staff screen set up
// in booking, a room, and a treatment that needs both. "Any available" three times into a slot
// that fits two answers 201, 201, 409; the third visitor waits, and is mailed when one cancels.
// Everything here is new (a treatment, staff, a room of this run's own), so other suites sharing
// the stack book as before.
import {
  REASSIGN_MESSAGES,
  SLOT_FULL_MESSAGE,
  type ApiError,
  type Appointment,
  type BookedAppointment,
  type ManagedAppointment,
  type Practitioner,
  type PublicPractitioner,
  type Room,
  type SlotsResponse,
  type StaffMember,
  type Treatment,
  type WaitlistJoined,
} from '@bb/contracts';
import { manilaDateInDays } from '@bb/service-kit';
import { mailpit, uniquePhone, waitFor } from '@bb/service-kit/testing';
import { adminLogin, api, runAddress } from './support';

jest.setTimeout(3 * 60 * 1000);

const address = runAddress('practitioners');
const run = address('x').split('-')[1];
const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, isActive: true, startTime: '06:00', endTime: '22:00' }));

let token = '';
let treatment: Treatment;
let staff: StaffMember[] = [];
let room: Room;

const admin = <T = ApiError>(path: string, method: string, body?: unknown) => api<T>(path, { method, body, token });

beforeAll(async () => {
  token = await adminLogin();
  treatment = (
    await admin<Treatment>('/api/treatments', 'POST', {
      name: `Resource Facial ${run}`,
      description: 'Needs a trained nurse and a suite.',
      duration: '60 minutes',
      price: '₱1,000',
      defaultDuration: 60,
      offeringType: 'clinic',
    })
  ).body;
  staff = await Promise.all(
    ['Alma', 'Berna'].map(
      async (name) =>
        (await admin<StaffMember>('/api/staff', 'POST', { name: `${name} ${run}`, position: 'Nurse', bio: 'Trained.', offeringType: 'clinic' })).body,
    ),
  );
  // Booking hears of both by the catalog's events.
  await waitFor('the staff in booking', async () => {
    const known = (await admin<Practitioner[]>('/api/practitioners', 'GET')).body;
    return staff.every((s) => known.some((p) => p.id === s.id));
  });
  await waitFor('the treatment in booking', async () => {
    const res = await admin(`/api/practitioners/${staff[0].id}`, 'PUT', { skills: [treatment.id], hours: EVERY_DAY, bookable: true });
    return res.status === 200;
  });
  expect((await admin(`/api/practitioners/${staff[1].id}`, 'PUT', { skills: [treatment.id], hours: EVERY_DAY, bookable: true })).status).toBe(200);
  const made = await admin<Room>('/api/rooms', 'POST', { offeringType: 'clinic', name: `Suite ${run}`, kind: 'room', count: 2 });
  expect(made.status).toBe(201);
  room = made.body;
  expect((await admin(`/api/requirements/${treatment.id}`, 'PUT', { practitioner: true, rooms: [room.id] })).status).toBe(200);
  // Every booking replica has the requirement once each answers the trained practitioners (the gateway spreads the asks).
  await waitFor('the requirement in every replica', async () => {
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => api<PublicPractitioner[]>(`/api/available-practitioners?offeringType=clinic&treatmentId=${treatment.id}`)),
    );
    return answers.every((res) => res.body.length === 2);
  });
});

afterAll(async () => {
  await admin(`/api/requirements/${treatment.id}`, 'PUT', { practitioner: false, rooms: [] });
  await admin(`/api/rooms/${room.id}`, 'DELETE');
  for (const s of staff) await admin(`/api/staff/${s.id}`, 'DELETE');
  await admin(`/api/treatments/${treatment.id}`, 'DELETE');
});

const visitor = (label: string) => ({ firstName: 'Pia', lastName: `Person ${label}`, email: address(label), contact: uniquePhone() });
const slotsOf = (date: string, practitionerId?: string) =>
  api<SlotsResponse>(
    `/api/available-slots?offeringType=clinic&date=${date}&treatmentId=${treatment.id}${practitionerId ? `&practitionerId=${practitionerId}` : ''}`,
  );

/** A far day where both practitioners are free at a time: no other suite books this treatment. */
async function freeSlot(): Promise<{ date: string; time: string }> {
  for (;;) {
    const date = manilaDateInDays(400 + Math.floor(Math.random() * 3000));
    const free = (await slotsOf(date)).body.slots.find((s) => s.available);
    if (free) return { date, time: free.time };
  }
}

const book = (who: ReturnType<typeof visitor>, slot: { date: string; time: string }) =>
  api<BookedAppointment>('/api/appointments', {
    method: 'POST',
    body: { ...who, preferredDate: slot.date, preferredTime: slot.time, treatments: [treatment.id], offeringType: 'clinic' },
  });

describe('booking a person through the gateway', () => {
  it('lists the trained practitioners to visitors, by name, with no more than name and picture', async () => {
    const res = await api<PublicPractitioner[]>(`/api/available-practitioners?offeringType=clinic&treatmentId=${treatment.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(staff.map((s) => ({ id: s.id, name: s.name, imageUrl: s.imageUrl })));
  });

  it('books "any" into a slot that fits two: 201, 201, 409; the waiting visitor is mailed when one cancels', async () => {
    const slot = await freeSlot();
    // Every booking replica has the set-up once the slot shows each practitioner's time.
    await waitFor('the practitioners in every replica', async () =>
      (await Promise.all(staff.map((s) => slotsOf(slot.date, s.id)))).every((r) => r.body.slots.some((s) => s.time === slot.time && s.available)),
    );
    const first = await book(visitor('first'), slot);
    const second = await book(visitor('second'), slot);
    const third = visitor('third');
    const refused = await book(third, slot);
    expect([first.status, second.status, refused.status]).toEqual([201, 201, 409]);
    expect((refused.body as unknown as ApiError).message).toBe(SLOT_FULL_MESSAGE);
    expect([first.body.practitioner?.name, second.body.practitioner?.name].sort()).toEqual(staff.map((s) => s.name).sort());
    expect((await slotsOf(slot.date)).body.slots.find((s) => s.time === slot.time)?.available).toBe(false);

    const joined = await api<WaitlistJoined>('/api/waitlist', {
      method: 'POST',
      body: { ...third, preferredDate: slot.date, preferredTime: slot.time, treatments: [treatment.id], offeringType: 'clinic' },
    });
    expect(joined.status).toBe(201);

    // Both are taken: reassigning one to the other answers 409 and changes nothing.
    const other = staff.find((s) => s.id !== first.body.practitioner?.id) as StaffMember;
    const busy = await admin(`/api/appointments/${first.body.id}/practitioner`, 'PUT', { practitionerId: other.id });
    expect([busy.status, busy.body.message]).toEqual([409, REASSIGN_MESSAGES.busy(other.name)]);

    expect((await api<ManagedAppointment>(`/api/manage/${second.body.manageToken}/cancel`, { method: 'POST' })).status).toBe(200);
    const [mail] = await mailpit.waitForMails(third.email, /free/i);
    expect(mail.To.map((t) => t.Address)).toEqual([third.email]);

    // The freed practitioner can take the first appointment now, and its manage page says so.
    const freed = staff.find((s) => s.id === second.body.practitioner?.id) as StaffMember;
    const moved = await admin<Appointment>(`/api/appointments/${first.body.id}/practitioner`, 'PUT', { practitionerId: freed.id });
    expect([moved.status, moved.body.practitioner?.name]).toEqual([200, freed.name]);
    expect((await api<ManagedAppointment>(`/api/manage/${first.body.manageToken}`)).body.practitioner?.name).toBe(freed.name);
    // The waiting visitor books the time and gets whoever is free: the first appointment's practitioner before the move.
    const late = await book(third, slot);
    expect([late.status, late.body.practitioner?.name]).toEqual([201, first.body.practitioner?.name]);
  });

  it('keeps reassigning to staff: no token, a bad token and a bad body change nothing', async () => {
    const slot = await freeSlot();
    const made = await book(visitor('guarded'), slot);
    expect(made.status).toBe(201);
    const path = `/api/appointments/${made.body.id}/practitioner`;
    const other = staff.find((s) => s.id !== made.body.practitioner?.id) as StaffMember;
    expect((await api(path, { method: 'PUT', body: { practitionerId: other.id } })).status).toBe(401);
    expect((await api(path, { method: 'PUT', body: { practitionerId: other.id }, token: 'not-a-token' })).status).toBe(401);
    expect((await admin(path, 'PUT', { practitionerId: { $ne: '' } })).status).toBe(400);
    expect((await admin(path, 'PUT', { practitionerId: [other.id] })).status).toBe(400);
    expect((await admin(path, 'GET')).status).toBe(405);
    expect((await api<ManagedAppointment>(`/api/manage/${made.body.manageToken}`)).body.practitioner?.id).toBe(made.body.practitioner?.id);
  });
});
