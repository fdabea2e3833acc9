// Issue 29 in the console: staff set up practitioners and a requirement on the Resources
// screen, see a booking in its practitioner's column of the resource calendar, give it to
// another practitioner from the appointment dialog, and the customer's manage page names the
// new one; on a phone the calendar shows one practitioner at a time.
import type { Locator, Page } from 'playwright-core';
import type { Appointment, BookedAppointment, Practitioner, PublicPractitioner, Requirement, Room, SlotsResponse, StaffMember, Treatment } from '@bb/contracts';
import { waitFor } from '@bb/service-kit/testing';
import { api, book, manilaDateInDays, newTreatment, seeText, TEST_TIMEOUT, unique } from './maintenance-helpers';
import { seriousViolations, siteUrl } from './support/browser';
import { browserSuite } from './support/suite';

jest.setTimeout(TEST_TIMEOUT * 2);

const suite = browserSuite({ each: { admin: true }, signIn: true });
let treatment: Treatment;
let ana: StaffMember;
let ben: StaffMember;

async function newStaff(label: string): Promise<StaffMember> {
  const created = await api<StaffMember>('/api/staff', {
    method: 'POST',
    token: suite.token,
    body: { name: unique(label), position: 'Nurse', bio: 'Trained for laser facials.', displayOrder: 0, offeringType: 'clinic' },
  });
  expect(created.status).toBe(201);
  return created.body;
}

const practitioners = async () => (await api<Practitioner[]>('/api/practitioners', { token: suite.token })).body;

beforeAll(async () => {
  treatment = await newTreatment(suite.token);
  [ana, ben] = [await newStaff('Ana'), await newStaff('Ben')];
  // Booking keeps its copy of the staff list by the catalog's events.
  for (let tries = 0; ; tries++) {
    const ids = (await practitioners()).map((p) => p.id);
    if (ids.includes(ana.id) && ids.includes(ben.id)) break;
    if (tries > 60) throw new Error('booking never heard of the new staff');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
});

// What this file made goes again, so files that run after it (and book "the newest treatment") meet the stack as they found it.
const madeTreatments: Treatment[] = [];
afterAll(async () => {
  for (const t of [treatment, ...madeTreatments]) {
    await api(`/api/requirements/${t.id}`, { method: 'PUT', token: suite.token, body: { practitioner: false, rooms: [] } });
    await api(`/api/treatments/${t.id}`, { method: 'DELETE', token: suite.token });
  }
  for (const s of [ana, ben]) await api(`/api/staff/${s.id}`, { method: 'DELETE', token: suite.token });
});

/** Sets a practitioner up on the Resources screen: takes bookings, performs the test's treatment, works every day 06:00–22:00. */
async function setUp(page: Page, who: StaffMember): Promise<void> {
  const card = page.getByRole('region', { name: who.name });
  if ((await card.getByRole('button', { name: 'Edit', exact: true }).count()) > 0) await card.getByRole('button', { name: 'Edit', exact: true }).click();
  await card.locator('label', { hasText: 'Takes bookings' }).click();
  await card.locator('label', { hasText: treatment.name }).click();
  for (const day of ['Monday', 'Sunday']) {
    await card.getByLabel(`${who.name} ${day} status`).selectOption('working');
    await card.getByLabel(`${who.name} ${day} start time`).fill('06:00');
    await card.getByLabel(`${who.name} ${day} end time`).fill('22:00');
  }
  await card.getByRole('button', { name: 'Apply to Weekdays' }).click();
  await card.getByRole('button', { name: 'Apply to Weekends' }).click();
  await card.getByRole('button', { name: 'Save Practitioner' }).click();
  await card.getByText(/^Takes bookings · 1 skill · works Mon, Tue, Wed, Thu, Fri, Sat, Sun$/).waitFor();
}

/**
 * The set-up the first test makes through the editors, made through the API (the same values),
 * so a test that only needs it does not depend on that test having run.
 */
async function setUpThroughApi(): Promise<void> {
  const hours = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, isActive: true, startTime: '06:00', endTime: '22:00' }));
  for (const who of [ana, ben]) {
    const put = await api(`/api/practitioners/${who.id}`, { method: 'PUT', token: suite.token, body: { bookable: true, skills: [treatment.id], hours } });
    expect(put.status).toBe(200);
  }
  const requirement = await api(`/api/requirements/${treatment.id}`, { method: 'PUT', token: suite.token, body: { practitioner: true, rooms: [] } });
  expect(requirement.status).toBe(200);
}

/** The first time (three days on, so notice and cut-off never get in the way) both practitioners are free for the treatment. */
async function slotFreeForBoth(fromDaysAhead: number): Promise<{ date: string; time: string }> {
  const free = async (date: string, practitionerId: string) => {
    const query = `offeringType=clinic&date=${date}&treatmentId=${encodeURIComponent(treatment.id)}&practitionerId=${practitionerId}`;
    const { status, body } = await api<SlotsResponse>(`/api/available-slots?${query}`);
    expect(status).toBe(200);
    return new Set(body.slots.filter((s) => s.available).map((s) => s.time));
  };
  for (let d = fromDaysAhead; d < fromDaysAhead + 60; d++) {
    const date = manilaDateInDays(d);
    const [forAna, forBen] = [await free(date, ana.id), await free(date, ben.id)];
    const time = [...forAna].find((t) => forBen.has(t));
    if (time) return { date, time };
  }
  throw new Error('no time free for both practitioners in 60 days');
}

const withAna = async (fromDaysAhead: number) => {
  // Booking's second process learns what the console saved by event: every process offers both before the booking goes to one.
  await waitFor('every booking process offering both practitioners', async () => {
    const asks = await Promise.all(
      Array.from({ length: 4 }, () => api<PublicPractitioner[]>(`/api/available-practitioners?offeringType=clinic&treatmentId=${treatment.id}`)),
    );
    return asks.every(({ body }) => [ana.id, ben.id].every((id) => body.some((p) => p.id === id)));
  });
  const slot = await slotFreeForBoth(fromDaysAhead);
  const booked = (await book({ preferredDate: slot.date, preferredTime: slot.time, treatments: [treatment.id], practitionerId: ana.id })) as BookedAppointment;
  expect(booked.practitioner).toEqual({ id: ana.id, name: ana.name });
  return booked;
};

/** The resource calendar of the appointments screen, on the booking's date. */
async function resourceCalendarOn(page: Page, date: string): Promise<void> {
  await page.goto(siteUrl('/maintenance/appointments'));
  await page.getByRole('button', { name: 'Resources', exact: true }).click();
  await page.getByLabel('Jump to Date').fill(date);
}

const column = (page: Page, who: StaffMember, date: string): Locator => page.locator(`[data-column="${who.name}"][data-date="${date}"]`);
const card = (place: Locator | Page, a: Appointment) => place.getByRole('button', { name: new RegExp(`^${a.firstName} ${a.lastName}, `) });

/**
 * Drags a card onto a column with the drag events a browser sends (dragstart, dragover, drop,
 * one DataTransfer); Playwright's mouse drag starts none with the Debian Chromium here.
 */
async function drag(page: Page, source: Locator, target: Locator): Promise<void> {
  const dataTransfer = await page.evaluateHandle('new DataTransfer()');
  await source.dispatchEvent('dragstart', { dataTransfer });
  await target.dispatchEvent('dragenter', { dataTransfer });
  await target.dispatchEvent('dragover', { dataTransfer });
  await target.dispatchEvent('drop', { dataTransfer });
  await source.dispatchEvent('dragend', { dataTransfer });
}

describe('resources in the console', () => {
  it('sets up two practitioners and a requirement; a booking with Ana shows in her column, goes to Ben from the dialog, and the manage page says so', async () => {
    const { page } = suite;
    await page.goto(siteUrl('/maintenance/resources'));

    // An address the contract refuses is shown at its field, and nothing is saved.
    const anaCard = page.getByRole('region', { name: ana.name });
    await anaCard.getByText('Takes no bookings · 0 skills · works no day').waitFor();
    await anaCard.getByRole('button', { name: 'Edit', exact: true }).click();
    expect(await seriousViolations(page)).toEqual([]);
    await anaCard.getByLabel(/^Alert E-mail/).fill('not an address');
    await anaCard.getByRole('button', { name: 'Save Practitioner' }).click();
    await anaCard.getByText(/^email must be an e-mail address/).waitFor();
    await anaCard.getByLabel(/^Alert E-mail/).fill(`${ana.id}@example.com`);

    await setUp(page, ana);
    await setUp(page, ben);
    const row = page.locator(`[data-bookable="${treatment.name}"]`);
    await row.locator('label', { hasText: 'Needs a practitioner' }).click();
    await row.getByRole('button', { name: 'Save Requirements' }).click();
    await seeText(page, 'Requirements saved successfully');

    const saved = await practitioners();
    const stored = saved.find((p) => p.id === ana.id);
    expect(stored).toMatchObject({ bookable: true, skills: [treatment.id], email: `${ana.id}@example.com` });
    expect(stored?.hours).toHaveLength(7);
    expect(stored?.hours.every((h) => h.isActive && h.startTime === '06:00' && h.endTime === '22:00')).toBe(true);
    expect(saved.find((p) => p.id === ben.id)).toMatchObject({ bookable: true, skills: [treatment.id] });
    const requirements = (await api<Requirement[]>('/api/requirements', { token: suite.token })).body;
    expect(requirements.find((r) => r.bookableId === treatment.id)).toEqual({ bookableId: treatment.id, practitioner: true, rooms: [] });

    const booked = await withAna(3);
    await resourceCalendarOn(page, booked.preferredDate);
    await card(column(page, ana, booked.preferredDate), booked).waitFor();
    expect(await card(column(page, ben, booked.preferredDate), booked).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);

    await card(column(page, ana, booked.preferredDate), booked).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Appointment' });
    await dialog.getByLabel('Practitioner', { exact: true }).selectOption({ label: ben.name });
    await dialog.getByRole('button', { name: 'Reassign' }).click();
    await seeText(page, `Appointment reassigned to ${ben.name}`);
    // The dialog stays open for the rest of the appointment (status, comment); the calendar behind it is hidden from assistive technology until it closes.
    await dialog.getByLabel('Practitioner', { exact: true }).locator('option:checked', { hasText: ben.name }).waitFor({ state: 'attached' });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await card(column(page, ben, booked.preferredDate), booked).waitFor();
    expect(await card(column(page, ana, booked.preferredDate), booked).count()).toBe(0);
    const { body: all } = await api<Appointment[]>('/api/appointments', { token: suite.token });
    expect(all.find((a) => a.id === booked.id)?.practitioner).toEqual({ id: ben.id, name: ben.name });

    const visitor = await suite.open();
    await visitor.goto(siteUrl(`/manage/${booked.manageToken}`));
    const who = visitor.getByTestId('manage-practitioner');
    await who.waitFor();
    expect(await who.textContent()).toBe(ben.name);
  });

  it('shows one practitioner at a time on a phone, chosen or stepped through, with no sideways scrolling', async () => {
    await setUpThroughApi();
    const booked = await withAna(10);
    const page = await suite.open({ admin: true, viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
    await resourceCalendarOn(page, booked.preferredDate);
    await page.getByLabel('Practitioner', { exact: true }).selectOption({ label: ana.name });
    await card(column(page, ana, booked.preferredDate), booked).waitFor();
    expect(await page.locator('[data-testid="resource-calendar"] [data-column]').count()).toBe(1);
    const box = await card(page, booked).boundingBox();
    expect((box?.x ?? Infinity) + (box?.width ?? 0)).toBeLessThanOrEqual(375);
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);

    await page.getByRole('button', { name: 'Next practitioner' }).click();
    await page.locator('[data-testid="resource-calendar"] [data-column]').first().waitFor();
    expect(await page.locator(`[data-testid="resource-calendar"] [data-column="${ana.name}"]`).count()).toBe(0);
    expect(await page.locator('[data-testid="resource-calendar"] [data-column]').count()).toBe(1);
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
    await page.getByRole('button', { name: 'Previous practitioner' }).click();
    await card(column(page, ana, booked.preferredDate), booked).waitFor();
  });

  it("moves a card dragged to another practitioner's column of its date to that practitioner", async () => {
    await setUpThroughApi();
    const booked = await withAna(17);
    const { page } = suite;
    await resourceCalendarOn(page, booked.preferredDate);
    await drag(page, card(column(page, ana, booked.preferredDate), booked), column(page, ben, booked.preferredDate));
    await seeText(page, `Appointment reassigned to ${ben.name}`);
    await card(column(page, ben, booked.preferredDate), booked).waitFor();
    const { body: all } = await api<Appointment[]>('/api/appointments', { token: suite.token });
    expect(all.find((a) => a.id === booked.id)?.practitioner).toEqual({ id: ben.id, name: ben.name });
  });

  it('adds, renames and counts equipment; deleting it while a treatment needs it says why, and works once nothing does', async () => {
    const other = await newTreatment(suite.token);
    madeTreatments.push(other);
    const { page } = suite;
    await page.goto(siteUrl('/maintenance/resources'));
    const name = unique('Laser');
    await page.getByLabel('New room or equipment name').fill(name);
    await page.getByLabel('New room or equipment kind').selectOption('equipment');
    await page.getByLabel('New room or equipment count').fill('2');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await seeText(page, 'Room or equipment added successfully');
    const added = page.locator(`[data-room="${name}"]`);
    await added.getByLabel(`${name} name`).fill(`${name} Pro`);
    await added.getByLabel(`${name} count`).fill('1');
    await added.getByRole('button', { name: 'Save', exact: true }).click();
    await seeText(page, 'Room or equipment saved successfully');
    const renamed = page.locator(`[data-room="${name} Pro"]`);
    await renamed.waitFor();
    const rooms = (await api<Room[]>('/api/rooms?offeringType=clinic', { token: suite.token })).body;
    const room = rooms.find((r) => r.name === `${name} Pro`);
    expect(room).toMatchObject({ kind: 'equipment', count: 1 });

    const needs = page.locator(`[data-bookable="${other.name}"]`);
    const toggle = async () => {
      await needs.locator('label', { hasText: `${name} Pro (equipment)` }).click();
      await needs.getByRole('button', { name: 'Save Requirements' }).click();
      await seeText(page, 'Requirements saved successfully');
    };
    const remove = async () => {
      await renamed.getByRole('button', { name: `Delete ${name} Pro` }).click();
      await page.getByRole('alertdialog', { name: 'Delete Room or Equipment' }).getByRole('button', { name: 'Delete' }).click();
    };
    await toggle();
    await remove();
    await seeText(page, 'Failed to delete room or equipment');
    const refused = (await api<Room[]>('/api/rooms?offeringType=clinic', { token: suite.token })).body;
    expect(refused.some((r) => r.id === room?.id)).toBe(true);

    await toggle();
    await remove();
    await seeText(page, 'Room or equipment deleted successfully');
    await renamed.waitFor({ state: 'detached' });
  });
});
