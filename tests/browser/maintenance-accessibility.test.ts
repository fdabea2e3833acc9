import type { NewsArticle, Result, Treatment } from '@bb/contracts';
import { api, book, clinicTreatments, findOpenSlot, TEST_TIMEOUT } from './maintenance-helpers';
import { seriousViolations, siteUrl } from './support/browser';
import { browserSuite } from './support/suite';

jest.setTimeout(TEST_TIMEOUT);

const suite = browserSuite({ each: { admin: true } });
beforeAll(async () => {
  // The appointment screens are checked with an appointment on them, whatever other files left.
  const [treatment] = await clinicTreatments();
  const slot = await findOpenSlot('clinic', treatment.id);
  await book({ preferredDate: slot.date, preferredTime: slot.time, treatments: [treatment.id] });
});

/** Every screen of the console, by its address and the h1 it opens with. */
const SCREENS: [path: string, heading: string][] = [
  ['/maintenance', 'Maintenance'],
  ['/maintenance/packages', 'Packages'],
  ['/maintenance/portfolio', 'Portfolio'],
  ['/maintenance/news', 'News'],
  ['/maintenance/staff', 'Staff'],
  ['/maintenance/treatments', 'Treatments'],
  ['/maintenance/results', 'Results'],
  ['/maintenance/appointments', 'Appointments'],
  ['/maintenance/email-subscribers', 'Email List'],
  ['/maintenance/settings', 'Settings'],
  ['/maintenance/notifications', 'Notifications'],
  ['/maintenance/chat', 'Chat'],
  ['/maintenance/chat-api', 'Chat API'],
  ['/maintenance/reports', 'Reports'],
  ['/maintenance/privacy', 'Privacy'],
  ['/maintenance/no-such-screen', 'Page Not Found'],
  ['/admin/appointments', 'Appointments'],
  ['/admin/email-subscribers', 'Email List'],
];

describe('accessibility of the console (axe: no serious or critical violation)', () => {
  it.each(SCREENS)('%s', async (path, heading) => {
    const { page } = suite;
    await page.goto(siteUrl(path));
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    await page
      .getByText(/^Loading\b.*\.\.\.$/)
      .first()
      .waitFor({ state: 'detached' });
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('the detail screens of a treatment, a result and a news article', async () => {
    // The oldest treatment and result: other files add them and remove them while this runs.
    const treatment = (await api<Treatment[]>('/api/treatments')).body.at(-1) as Treatment;
    const result = (await api<Result[]>('/api/results')).body.at(-1) as Result;
    const [article] = (await api<NewsArticle[]>('/api/news')).body;
    const { page } = suite;
    for (const [path, edit] of [
      [`/maintenance/treatments/${treatment.id}`, 'Edit Treatment'],
      [`/maintenance/results/${result.id}`, 'Edit Result'],
      [`/maintenance/news/${article.id}`, 'Edit Article'],
    ]) {
      await page.goto(siteUrl(path));
      await page.getByRole('button', { name: edit }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('button', { name: edit }).click();
      await page.getByRole('dialog').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
    }
  });

  it('the appointments calendar, and the edit dialog', async () => {
    const { page } = suite;
    await page.goto(siteUrl('/maintenance/appointments'));
    await page.getByText(/^Total appointments: \d+$/).waitFor();
    await page.locator('tr[data-appointment-id] button').first().click();
    await page.getByRole('dialog', { name: 'Edit Appointment' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Calendar' }).click();
    await page.getByTestId('calendar-period').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('the add dialogs of packages, portfolio, staff and news, empty and with their errors', async () => {
    const { page } = suite;
    for (const [path, button, dialog] of [
      ['/maintenance/packages', /^Add (Package|Your First Package)$/, 'Add Package'],
      ['/maintenance/portfolio', /^Add Item$/, 'Add Portfolio Item'],
      ['/maintenance/staff', /^Add Staff Member$/, 'Add Staff Member'],
      ['/maintenance/news', /^Add Article$/, 'Add Article'],
    ] as const) {
      await page.goto(siteUrl(path));
      await page.getByRole('button', { name: button }).first().click();
      const form = page.getByRole('dialog', { name: dialog });
      await form.waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      // Sent empty: each required field says so.
      await form.getByRole('button', { name: 'Create' }).click();
      await form.getByText('This field is required').first().waitFor();
      expect(await seriousViolations(page)).toEqual([]);
    }
  });

  it('the appointments and the menu on a phone', async () => {
    const page = await suite.open({ admin: true, viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
    await page.goto(siteUrl('/maintenance/appointments'));
    await page.getByText(/^Total appointments: \d+$/).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Calendar' }).click();
    await page.getByTestId('calendar-period').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Toggle Sidebar' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
