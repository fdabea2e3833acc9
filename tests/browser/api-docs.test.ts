import { siteUrl } from './support/browser';
import { browserSuite } from './support/suite';

const suite = browserSuite();

describe('API reference page', () => {
  it('opens /api/docs in headless Chromium and shows the API title and every resource', async () => {
    const page = await suite.open();
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await page.goto(siteUrl('/api/docs'));
    await expect(page.locator('h1').textContent()).resolves.toBe('Clinic & Studio Booking API');
    for (const tag of ['Auth', 'Treatments', 'Appointments', 'Chat', 'Subscribers']) {
      await expect(page.locator(`h2#${tag}`).count()).resolves.toBe(1);
    }
    expect(errors).toEqual([]);
  });
});
