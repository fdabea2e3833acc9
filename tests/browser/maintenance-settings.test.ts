// The Settings screen: sessions per slot and office hours, and the public schedule following them.
import type { DateOverride, OfficeHours, Package, Settings } from '@bb/contracts';
import { waitFor } from '@bb/service-kit/testing';
import { api, book, manilaDateInDays, seeText, slots, TEST_TIMEOUT, unique } from './maintenance-helpers';
import { seriousViolations, siteUrl } from './support/browser';
import { browserSuite } from './support/suite';

jest.setTimeout(TEST_TIMEOUT);

const suite = browserSuite({ each: { admin: true }, signIn: true });

describe('settings drive the public schedule', () => {
  let original: { settings: Settings; hours: OfficeHours[] };
  let pkg: Package;

  beforeAll(async () => {
    original = {
      settings: (await api<Settings>('/api/settings/studio', { token: suite.token })).body,
      hours: (await api<OfficeHours[]>('/api/office-hours/studio')).body,
    };
    pkg = (
      await api<Package>('/api/packages', {
        method: 'POST',
        token: suite.token,
        body: { name: unique('Mini Shoot'), description: 'Quick portraits.', duration: '30 minutes', price: 1500, defaultDuration: 30, offeringType: 'studio' },
      })
    ).body;
    // A known starting point: one session per slot, Saturday closed.
    await api('/api/settings/studio', { method: 'PUT', token: suite.token, body: { maxSessionsPerSlot: 1 } });
    await api('/api/office-hours/bulk', {
      method: 'POST',
      token: suite.token,
      body: { offeringType: 'studio', hours: [{ dayOfWeek: 6, startTime: '09:00', endTime: '17:00', isActive: false }] },
    });
  });

  afterAll(async () => {
    await api('/api/settings/studio', { method: 'PUT', token: suite.token, body: { maxSessionsPerSlot: original.settings.maxSessionsPerSlot } });
    if (original.hours.length > 0) {
      await api('/api/office-hours/bulk', {
        method: 'POST',
        token: suite.token,
        body: {
          offeringType: 'studio',
          hours: original.hours.map(({ dayOfWeek, startTime, endTime, isActive }) => ({ dayOfWeek, startTime, endTime, isActive })),
        },
      });
    }
  });

  it('sets 2 sessions per slot and opens Saturday, and the public slots of a Saturday follow', async () => {
    // A Saturday some weeks ahead, so no other test's bookings share its slots; inside the 90-day booking horizon,
    // and not a date with hours of its own (the demo closes public holidays: 1 May 2027 is a Saturday).
    const ownHours = new Set((await api<DateOverride[]>('/api/date-overrides/studio', { token: suite.token })).body.map((o) => o.date));
    const saturdays = Array.from({ length: 70 }, (_, i) => manilaDateInDays(14 + i)).filter(
      (d) => new Date(`${d}T00:00:00Z`).getUTCDay() === 6 && !ownHours.has(d),
    );
    const saturday = saturdays[Math.floor(Math.random() * saturdays.length)];
    expect((await slots('studio', saturday, pkg.id)).message).toMatch(/closed/i);

    const { page } = suite;
    await page.goto(siteUrl('/maintenance'));
    await page.getByRole('button', { name: 'Studio' }).click();
    await page.goto(siteUrl('/maintenance/settings'));
    await page.getByRole('heading', { name: 'Office Hours' }).waitFor();
    await page.getByTestId('sessions-per-slot').filter({ hasText: '1' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    expect(await page.getByRole('button', { name: 'Decrease sessions per slot' }).isDisabled()).toBe(true);
    // The stepper saves each change itself (the spec's buttons are the office hours' only).
    await page.getByRole('button', { name: 'Increase sessions per slot' }).click();
    await seeText(page, 'Settings saved successfully');
    expect(await page.getByRole('button', { name: 'Save Sessions' }).count()).toBe(0);

    expect(await page.getByLabel('Saturday opening time').isDisabled()).toBe(true);
    await page.getByLabel('Saturday status').selectOption('open');
    await page.getByLabel('Saturday opening time').fill('10:00');
    await page.getByLabel('Saturday closing time').fill('15:00');
    await page.getByRole('button', { name: 'Save Office Hours' }).click();
    await seeText(page, 'Office hours saved successfully');

    expect((await api<Settings>('/api/settings/studio', { token: suite.token })).body.maxSessionsPerSlot).toBe(2);
    const open = await slots('studio', saturday, pkg.id);
    expect(open.slots[0]).toEqual({ time: '10:00', available: true });
    expect(open.slots.at(-1)?.time).toBe('14:30');

    // Two visitors fit in one slot now; a third would not.
    await book({ offeringType: 'studio', preferredDate: saturday, preferredTime: '10:00', treatments: [pkg.id] });
    expect((await slots('studio', saturday, pkg.id)).slots.find((s) => s.time === '10:00')?.available).toBe(true);
    await book({ offeringType: 'studio', preferredDate: saturday, preferredTime: '10:00', treatments: [pkg.id] });
    expect((await slots('studio', saturday, pkg.id)).slots.find((s) => s.time === '10:00')?.available).toBe(false);
  });

  it('keeps a change of sessions per slot when the admin leaves the page at once', async () => {
    const before = (await api<Settings>('/api/settings/studio', { token: suite.token })).body.maxSessionsPerSlot;
    const { page } = suite;
    await page.goto(siteUrl('/maintenance'));
    await page.getByRole('button', { name: 'Studio' }).click();
    await page.goto(siteUrl('/maintenance/settings'));
    await page
      .getByTestId('sessions-per-slot')
      .filter({ hasText: String(before) })
      .waitFor();
    await page.getByRole('button', { name: 'Increase sessions per slot' }).click();
    await page.getByRole('navigation', { name: 'Maintenance' }).getByRole('link', { name: 'Appointments' }).click();
    await page.getByRole('heading', { level: 1, name: 'Appointments' }).waitFor();
    await waitFor('the new capacity', async () => (await api<Settings>('/api/settings/studio', { token: suite.token })).body.maxSessionsPerSlot === before + 1);
  });

  it('Apply to Weekends copies Sunday to Saturday', async () => {
    const { page } = suite;
    await page.goto(siteUrl('/maintenance/settings'));
    await page.getByRole('heading', { name: 'Office Hours' }).waitFor();
    await page.getByLabel('Sunday status').selectOption('open');
    await page.getByLabel('Sunday opening time').fill('11:00');
    await page.getByRole('button', { name: 'Apply to Weekends' }).click();
    expect(await page.getByLabel('Saturday status').inputValue()).toBe('open');
    expect(await page.getByLabel('Saturday opening time').inputValue()).toBe('11:00');
  });
});
