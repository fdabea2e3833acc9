import type { Browser } from 'playwright-core';
import { launchBrowser, newContext, siteUrl } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

describe('API reference page', () => {
  it('opens /api/docs in headless Chromium and shows the API title and every resource', async () => {
    const page = await (await newContext(browser)).newPage();
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
