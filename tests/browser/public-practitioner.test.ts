// Issue 29: a visitor books a person. A treatment made for the test needs a practitioner; two
// staff members made for it perform it and work different hours of one far weekday (A the
// first two hours of the day, B two hours later on). The visitor picks A and sees only A's
// times, picks B and sees only B's, books with A and is told "With A"; a phone shows the choice
// without scrolling sideways. The day is a random far one within the horizon, so neither the
// notice nor the hour the test runs at, nor other tests' bookings, decide what it shows.
import { randomBytes } from 'node:crypto';
import type { Locator } from 'playwright-core';
import type { Practitioner, PublicPractitioner, StaffMember, Treatment, UploadResponse } from '@bb/contracts';
import { to12Hour } from '../../web/src/shared/format';
import { api, newTreatment, seeText, slots, TEST_TIMEOUT, tinyPng } from './maintenance-helpers';
import { choose, dayName, farDateOn, field, fillDetails, openBookingForm, openSchedule, weekLoaded } from './public-helpers';
import { bookingVisitor } from './support/booking';
import { seriousViolations, siteUrl } from './support/browser';
import { browserSuite } from './support/suite';

const suite = browserSuite({ signIn: true });
let treatment: Treatment;
let date: string;
/** B's photo. */
let photo: string;
/** The two practitioners, each with the times of the day they work (HH:mm, start included, end not). */
const people: { staff: StaffMember; from: string; to: string }[] = [];

const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3));
const clock = (total: number) => `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
/** Whether a slot starting at `time` lies in the person's hours (the test's treatment lasts 30 minutes). */
const within = (time: string, { from, to }: { from: string; to: string }) => minutes(time) >= minutes(from) && minutes(time) + 30 <= minutes(to);

/** Polls until the check holds (the copies of booking's replicas learn by events). */
async function until(what: string, check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 60; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`timed out waiting: ${what}`);
}

/** The times of the day free for this practitioner (or anyone's), as the site's API says. */
async function freeTimes(practitionerId?: string): Promise<string[]> {
  const who = practitionerId ? `&practitionerId=${practitionerId}` : '';
  const { status, body } = await api<{ slots: { time: string; available: boolean }[] }>(
    `/api/available-slots?offeringType=clinic&date=${date}&treatmentId=${treatment.id}${who}`,
  );
  expect(status).toBe(200);
  return body.slots.filter((s) => s.available).map((s) => s.time);
}

beforeAll(async () => {
  const token = suite.token;
  treatment = await newTreatment(token);
  // A far weekday (Tuesday to Friday) that is open for at least five hours: its slots say when.
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
  photo = ((await uploaded.json()) as UploadResponse).url;
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
  // What the page is to show, as the API says: each one's times, inside their own hours only.
  for (const p of people) {
    await until(`${p.staff.name}'s times`, async () => (await freeTimes(p.staff.id)).length > 0);
    const times = await freeTimes(p.staff.id);
    expect(times.every((t) => within(t, p))).toBe(true);
  }
});

afterAll(async () => {
  const token = suite.token;
  // Nobody else's form is to offer them: the staff go, the treatment goes.
  for (const p of people) await api(`/api/staff/${p.staff.id}`, { method: 'DELETE', token });
  if (treatment) {
    await api(`/api/requirements/${treatment.id}`, { method: 'PUT', token, body: { practitioner: false, rooms: [] } });
    await api(`/api/treatments/${treatment.id}`, { method: 'DELETE', token });
  }
});

/** The practitioner's radio card, by the name it is labelled with. */
const radio = (form: Locator, name: string) => form.getByRole('group', { name: 'Practitioner' }).getByRole('radio', { name, exact: true });

/** Chooses a practitioner with the keyboard alone: focus on their card's radio, Space. */
async function chooseWithKeyboard(form: Locator, name: string): Promise<void> {
  await radio(form, name).focus();
  await form.page().keyboard.press('Space');
  expect(await radio(form, name).isChecked()).toBe(true);
}

/** The free times under the date field (HH:mm), once the day's read has answered. */
async function shownFreeTimes(form: Locator): Promise<string[]> {
  const group = form.getByRole('group', { name: `Free times on ${dayName(date)}` });
  await group.getByRole('button').first().waitFor();
  return (await group.getByRole('button').allInnerTexts()).map((label) => toClock(label.trim()));
}

describe('a visitor chooses a practitioner', () => {
  it(
    "sees only the chosen person's times, holds and books with them, and is told whom with",
    async () => {
      const [a, b] = people;
      const page = await suite.open({ viewport: { width: 1280, height: 900 } });
      const form = await openBookingForm(page, 'clinic');
      await choose(form, treatment.name);

      // After the treatments: "Any available" chosen, then each person by name.
      const group = form.getByRole('group', { name: 'Practitioner' });
      await group.waitFor();
      expect(await radio(form, 'Any available').isChecked()).toBe(true);
      for (const p of people) expect(await radio(form, p.staff.name).isChecked()).toBe(false);
      // No photo: their initials stand in ("Ana 3f…" → "A3"); a photo shows as it is.
      const [first, last] = a.staff.name.split(' ');
      expect(await group.locator('label', { hasText: a.staff.name }).getByTestId('practitioner-avatar').innerText()).toBe(
        `${first[0]}${last[0].toUpperCase()}`,
      );
      const picture = group.locator('label', { hasText: b.staff.name }).getByTestId('practitioner-avatar').locator('img');
      expect(await picture.getAttribute('src')).toBe(photo);
      await until("B's photo has loaded", async () => (await picture.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)) > 0);
      expect(await seriousViolations(page)).toEqual([]);

      // B first: only B's times of the day.
      await chooseWithKeyboard(form, b.staff.name);
      expect(await radio(form, 'Any available').isChecked()).toBe(false);
      await field(form, 'Preferred date').fill(date);
      const bTimes = await shownFreeTimes(form);
      expect(bTimes.length).toBeGreaterThan(0);
      expect(bTimes.every((t) => within(t, b))).toBe(true);
      expect(bTimes.some((t) => within(t, a))).toBe(false);

      // Then A: the day is read again with A, none of B's times left.
      await chooseWithKeyboard(form, a.staff.name);
      await until("the free times are A's", async () => (await shownFreeTimes(form)).every((t) => within(t, a)));
      const aTimes = await shownFreeTimes(form);
      expect(aTimes.length).toBeGreaterThan(0);
      expect(aTimes.some((t) => within(t, b))).toBe(false);

      // The schedule shows A's day the same way, and the picked time is held for A.
      const dialog = await openSchedule(page, form);
      await dialog.getByLabel('Jump to a date').fill(date);
      const day = dialog.getByRole('region', { name: dayName(date) });
      await day.waitFor();
      await weekLoaded(dialog);
      const free = day.locator('[data-reason="free"]');
      await free.first().waitFor();
      const freeInDialog = await free.evaluateAll((chips) => chips.map((c) => c.getAttribute('data-time') as string));
      expect(freeInDialog.every((t) => within(t, a))).toBe(true);
      const time = freeInDialog[Math.floor(Math.random() * freeInDialog.length)];
      const held = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/slot-holds');
      await dialog.getByRole('button', { name: `${dayName(date)} at ${to12Hour(time)}`, exact: true }).click();
      const hold = await held;
      expect(hold.status()).toBe(201);
      expect(hold.request().postDataJSON()).toMatchObject({ practitionerId: a.staff.id, preferredDate: date, preferredTime: time });
      await seeText(page, 'Time Selected');

      await fillDetails(form, bookingVisitor('practitioner'));
      const booked = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/appointments');
      await form.getByRole('button', { name: 'Book Appointment' }).click();
      const answer = await booked;
      expect(answer.status()).toBe(201);
      expect(answer.request().postDataJSON()).toMatchObject({ practitionerId: a.staff.id, preferredDate: date, preferredTime: time });
      const success = page.getByTestId('booking-success');
      await success.waitFor();
      expect(await success.getByTestId('booked-practitioner').innerText()).toBe(`With ${a.staff.name}`);
      // A's time is taken now.
      expect(await freeTimes(a.staff.id)).not.toContain(time);
    },
    TEST_TIMEOUT,
  );

  it(
    'fits a phone (375 px): the choice without scrolling sideways',
    async () => {
      const page = await suite.open({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
      const form = await openBookingForm(page, 'clinic');
      await choose(form, treatment.name);
      const group = form.getByRole('group', { name: 'Practitioner' });
      await group.waitFor();
      for (const p of people) await form.locator('label', { hasText: p.staff.name }).waitFor({ state: 'visible' });
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
      await form.locator('label', { hasText: people[1].staff.name }).click();
      expect(await radio(form, people[1].staff.name).isChecked()).toBe(true);
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
    },
    TEST_TIMEOUT,
  );
});

/** "9:30 AM" → "09:30". */
function toClock(label: string): string {
  const [, h, m, half] = /^(\d{1,2}):(\d{2}) (AM|PM)$/.exec(label) ?? [];
  if (h === undefined) throw new Error(`not a time: ${label}`);
  return clock(((Number(h) % 12) + (half === 'PM' ? 12 : 0)) * 60 + Number(m));
}
