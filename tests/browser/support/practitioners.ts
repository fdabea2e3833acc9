// Shared by the practitioner browser tests (issue 29): a treatment made for the test that needs
// a practitioner, and two staff members made for it who perform it and work different hours of
// one far weekday (A the first two hours of the day, B from three hours after opening, for
// two). The day is a random far one within the horizon, so neither the notice nor the hour the
// test runs at, nor other tests' bookings, decide what it shows. Removed again afterwards, so no
// other test's form offers them.
import { randomBytes } from 'node:crypto';
import type { Practitioner, PublicPractitioner, StaffMember, Treatment, UploadResponse } from '@bb/contracts';
import { api, newTreatment, slots, tinyPng } from '../maintenance-helpers';
import { farDateOn } from '../public-helpers';
import { siteUrl } from './browser';

/** A practitioner made for the test, with the times of the day they work (HH:mm, start included, end not). */
export interface TestPractitioner {
  staff: StaffMember;
  from: string;
  to: string;
}

export interface TwoPractitioners {
  treatment: Treatment;
  date: string;
  /** A (no photo) and B (with `photo`). */
  people: [TestPractitioner, TestPractitioner];
  photo: string;
}

export const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3));
export const clock = (total: number) => `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
/** Whether a slot starting at `time` lies in the person's hours (the test's treatment lasts 30 minutes). */
export const within = (time: string, { from, to }: { from: string; to: string }) => minutes(time) >= minutes(from) && minutes(time) + 30 <= minutes(to);

/** "9:30 AM" → "09:30". */
export function toClock(label: string): string {
  const [, h, m, half] = /^(\d{1,2}):(\d{2}) (AM|PM)$/.exec(label) ?? [];
  if (h === undefined) throw new Error(`not a time: ${label}`);
  return clock(((Number(h) % 12) + (half === 'PM' ? 12 : 0)) * 60 + Number(m));
}

/** Polls until the check holds (the copies of booking's replicas learn by events). */
export async function until(what: string, check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 60; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`timed out waiting: ${what}`);
}

/** The times of the day free for the treatment with this practitioner (or anyone), as the site's API says. */
export async function freeTimes({ treatment, date }: Pick<TwoPractitioners, 'treatment' | 'date'>, practitionerId?: string): Promise<string[]> {
  const who = practitionerId ? `&practitionerId=${practitionerId}` : '';
  const { status, body } = await api<{ slots: { time: string; available: boolean }[] }>(
    `/api/available-slots?offeringType=clinic&date=${date}&treatmentId=${treatment.id}${who}`,
  );
  expect(status).toBe(200);
  return body.slots.filter((s) => s.available).map((s) => s.time);
}

/** Sets the treatment and the two practitioners up through the admin API, as the admin of `token`. */
export async function twoPractitioners(token: string): Promise<TwoPractitioners> {
  const treatment = await newTreatment(token);
  // A far weekday (Tuesday to Friday) that is open for at least five hours: its slots say when.
  let date = '';
  let dayTimes: string[] = [];
  for (let tries = 0; tries < 20 && dayTimes.length === 0; tries++) {
    date = farDateOn(2 + Math.floor(Math.random() * 4));
    const times = (await slots('clinic', date, treatment.id)).slots.map((s) => s.time);
    if (times.length > 0 && minutes(times[times.length - 1]) - minutes(times[0]) >= 5 * 60) dayTimes = times;
  }
  if (dayTimes.length === 0) throw new Error('no open far day of five hours');
  const opens = minutes(dayTimes[0]);
  const tag = randomBytes(3).toString('hex');
  // A without a photo (initials stand in), B with one.
  const upload = new FormData();
  upload.append('image', new Blob([tinyPng([40, 120, 200])], { type: 'image/png' }), 'bea.png');
  const uploaded = await fetch(siteUrl('/api/upload'), { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: upload });
  expect(uploaded.status).toBe(201);
  const photo = ((await uploaded.json()) as UploadResponse).url;
  const people: TestPractitioner[] = [];
  for (const [name, start, imageUrl] of [
    [`Ana ${tag}`, opens, ''],
    [`Bea ${tag}`, opens + 180, photo],
  ] as const) {
    const created = await api<StaffMember>('/api/staff', {
      method: 'POST',
      token,
      body: { name, position: 'Aesthetician', bio: 'Made for a browser test.', offeringType: 'clinic', imageUrl },
    });
    expect(created.status).toBe(201);
    people.push({ staff: created.body, from: clock(start), to: clock(start + 120) });
  }
  // Booking hears of new staff by the catalog's event.
  await until('booking knows both', async () => {
    const known = (await api<Practitioner[]>('/api/practitioners', { token })).body;
    return people.every((p) => known.some((k) => k.id === p.staff.id));
  });
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  for (const p of people) {
    const saved = await api(`/api/practitioners/${p.staff.id}`, {
      method: 'PUT',
      token,
      body: { skills: [treatment.id], hours: [{ weekday, isActive: true, startTime: p.from, endTime: p.to }], bookable: true },
    });
    expect(saved.status).toBe(200);
  }
  expect((await api(`/api/requirements/${treatment.id}`, { method: 'PUT', token, body: { practitioner: true, rooms: [] } })).status).toBe(200);
  await until('the public list offers both for the treatment', async () => {
    const offered = (await api<PublicPractitioner[]>(`/api/available-practitioners?offeringType=clinic&treatmentId=${treatment.id}`)).body;
    return people.every((p) => offered.some((o) => o.id === p.staff.id));
  });
  const set: TwoPractitioners = { treatment, date, people: [people[0], people[1]], photo };
  // What the pages are to show, as the API says: each one's times, inside their own hours only.
  for (const p of people) {
    await until(`${p.staff.name}'s times`, async () => (await freeTimes(set, p.staff.id)).length > 0);
    expect((await freeTimes(set, p.staff.id)).every((t) => within(t, p))).toBe(true);
  }
  return set;
}

/** Removes what `twoPractitioners` made (what of it there is). */
export async function removePractitioners(token: string, set: TwoPractitioners | undefined): Promise<void> {
  if (!set) return;
  for (const p of set.people) await api(`/api/staff/${p.staff.id}`, { method: 'DELETE', token });
  await api(`/api/requirements/${set.treatment.id}`, { method: 'PUT', token, body: { practitioner: false, rooms: [] } });
  await api(`/api/treatments/${set.treatment.id}`, { method: 'DELETE', token });
}
