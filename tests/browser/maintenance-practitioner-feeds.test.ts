// The Settings screen's calendar feed card: each practitioner's own secret address beside the
// offering's, to copy or rotate, on a desktop and on a phone.
import type { Practitioner, PractitionerCalendarFeed, StaffMember } from '@bb/contracts';
import { waitFor } from '@bb/service-kit/testing';
import { api, seeText, TEST_TIMEOUT, unique } from './maintenance-helpers';
import { seriousViolations, siteUrl } from './support/browser';
import { browserSuite } from './support/suite';

jest.setTimeout(TEST_TIMEOUT);

const suite = browserSuite({ signIn: true });
let nurse: StaffMember;

beforeAll(async () => {
  // A clinic staff member booking hears of; not taking bookings, so no other test's slots or choices change.
  nurse = (
    await api<StaffMember>('/api/staff', {
      method: 'POST',
      token: suite.token,
      body: { name: unique('Feed Nurse'), position: 'Nurse', bio: 'Feeds.', offeringType: 'clinic' },
    })
  ).body;
  await waitFor('booking knows the nurse', async () =>
    (await api<Practitioner[]>('/api/practitioners', { token: suite.token })).body.some((p) => p.id === nurse.id),
  );
});
afterAll(async () => {
  await api(`/api/staff/${nurse.id}`, { method: 'DELETE', token: suite.token });
});

const feedOf = async () => (await api<PractitionerCalendarFeed>(`/api/practitioners/${nurse.id}/calendar-feed`, { token: suite.token })).body;
const feedStatus = async (path: string) => (await fetch(siteUrl(path))).status;

describe("practitioners' calendar feeds in the console", () => {
  it("lists the practitioner's own address to copy, and rotates it after asking: the old one stops working", async () => {
    const page = await suite.open({ admin: true });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: siteUrl('/').replace(/\/$/, '') });
    await page.goto(siteUrl('/maintenance'));
    await page.getByRole('button', { name: 'Clinic' }).click();
    await page.goto(siteUrl('/maintenance/settings'));
    await page.getByRole('heading', { name: 'Practitioners' }).waitFor();
    const field = page.getByLabel(nurse.name, { exact: true });
    await field.waitFor();
    const before = await feedOf();
    expect(await field.inputValue()).toBe(siteUrl(before.path));
    expect(await feedStatus(before.path)).toBe(200);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: `Copy ${nurse.name}` }).click();
    await page.getByRole('button', { name: 'Copied!' }).waitFor();
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(siteUrl(before.path));

    await page.getByRole('button', { name: `Rotate calendar address for ${nurse.name}` }).click();
    const dialog = page.getByRole('alertdialog', { name: `Make a new calendar address for ${nurse.name}?` });
    await dialog.getByRole('button', { name: 'Rotate address' }).click();
    await seeText(page, 'New calendar address made');
    const after = await feedOf();
    expect(after.path).not.toBe(before.path);
    await waitFor('the new address shown', async () => (await field.inputValue()) === siteUrl(after.path));
    expect(await feedStatus(before.path)).toBe(404);
    expect(await feedStatus(after.path)).toBe(200);
  });

  it('fits a phone: the addresses stack in the card, nothing in it wider than the screen', async () => {
    const page = await suite.open({ admin: true, viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
    await page.goto(siteUrl('/maintenance'));
    await page.getByRole('button', { name: 'Clinic' }).click();
    await page.goto(siteUrl('/maintenance/settings'));
    const card = page.getByTestId('calendar-feed-card');
    const field = card.getByLabel(nurse.name, { exact: true });
    await field.scrollIntoViewIfNeeded();
    // The card's own width: the page scrolls sideways on a phone already, by the Office Hours table's width.
    const rightEdge = (box: { x: number; width: number } | null) => (box ? box.x + box.width : Infinity);
    expect(rightEdge(await card.boundingBox())).toBeLessThanOrEqual(375);
    for (const part of [
      field,
      card.getByRole('button', { name: `Copy ${nurse.name}` }),
      card.getByRole('button', { name: `Rotate calendar address for ${nurse.name}` }),
    ]) {
      expect(rightEdge(await part.boundingBox())).toBeLessThanOrEqual(375);
    }
    const cardFits = `(() => { const card = document.querySelector('[data-testid="calendar-feed-card"]'); return card.scrollWidth <= card.clientWidth; })()`;
    expect(await page.evaluate(cardFits)).toBe(true);
  });
});
