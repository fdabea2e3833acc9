import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { NewsArticle, Result, Treatment } from '@bb/contracts';
import { adminApiToken, api, seeText, unique } from './maintenance-helpers';
import { choose, fillDetails, openBookingForm, openSchedule, pickFreeSlot, untilLoaded, weekLoaded } from './public-helpers';
import { launchBrowser, newContext, seriousViolations, siteUrl } from './support/browser';

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
});
beforeEach(async () => {
  context = await newContext(browser);
  page = await context.newPage();
});
afterEach(() => context.close());
afterAll(() => browser.close());

const heading = (name: string, level = 1) => page.getByRole('heading', { name, level });

/** Sections below the hero render when near the screen, or at the first Tab: show them all. */
async function revealSections() {
  await page.keyboard.press('Tab');
  await untilLoaded(page);
}

describe('start and landing screens', () => {
  it('offers the Landing Page and the Backend, with the contact block', async () => {
    await page.goto(siteUrl('/'));
    await seeText(page, 'Choose your destination to continue');
    expect(await page.getByRole('link', { name: 'Enter Landing Page' }).getAttribute('href')).toBe('/landing');
    expect(await page.getByRole('link', { name: 'Enter Backend' }).getAttribute('href')).toBe('/maintenance');
    for (const text of ['BGC, Philippines', '+63 917 555 0148', 'hello@lumiere.ph']) await seeText(page, text);
  });

  it('splits the landing screen into the clinic and the studio, and each Enter sets the offering', async () => {
    await page.goto(siteUrl('/landing'));
    await seeText(page, 'Premium facial treatments and beauty services for radiant, healthy skin');
    await seeText(page, 'Professional photography services capturing your most precious moments');
    await page.getByRole('link', { name: 'Enter Studio' }).click();
    await heading('Lumière Studio').waitFor();
    expect(await page.evaluate(`localStorage.getItem('maintenance-offering')`)).toBe('studio');
    await page.getByRole('link', { name: 'Switch to Clinic' }).first().click();
    await heading('Reveal your most radiant skin').waitFor();
    expect(await page.evaluate(`localStorage.getItem('maintenance-offering')`)).toBe('clinic');
  });

  it('sends /landing#booking to the booking section of the current offering', async () => {
    await page.goto(siteUrl('/studio'));
    await heading('Lumière Studio').waitFor();
    await page.goto(siteUrl('/landing#booking'));
    await page.waitForURL(/\/studio#booking$/);
    await page.getByRole('form', { name: 'Book a package' }).waitFor();
  });
});

describe('clinic landing page', () => {
  it('shows the hero with its trust badge, every section, the stats and the footer', async () => {
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    await page.goto(siteUrl('/clinic'));
    await seeText(page, 'Trusted by 5,000+ clients');
    await revealSections();
    for (const name of ['Our Treatments', 'Real Results', 'Our Staff', 'Latest News', 'Book Your Appointment']) await heading(name, 2).waitFor();
    for (const text of ['10+', 'Years of Excellence', '15,000+', 'Treatments Performed', '98%', 'Client Satisfaction', '25+', 'Certified Experts'])
      await seeText(page, text);
    const footer = page.getByRole('contentinfo');
    for (const link of ['Treatments', 'About Us', 'Results', 'News', 'Contact'])
      expect(await footer.getByRole('link', { name: link, exact: true }).getAttribute('href')).toMatch(/^#/);
    expect(await footer.innerText()).toContain('Metro Manila');
    // A visitor never downloads the staff console.
    expect(requests.filter((u) => /Maintenance|FullSystemProvider/.test(u))).toEqual([]);
  });

  it('filters Real Results by category', async () => {
    const results = (await api<Result[]>('/api/results?offering=clinic')).body;
    await page.goto(siteUrl('/clinic#results'));
    await revealSections();
    const gallery = page.locator('#results');
    const cards = gallery.getByRole('article');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(results.length);
    const filters = gallery.getByRole('group', { name: 'Filter results by category' });
    expect(await filters.getByRole('button').allInnerTexts()).toEqual(['All', 'Facials', 'Anti-Aging', 'Skin Rejuvenation', 'Acne Treatment']);
    await filters.getByRole('button', { name: 'Acne Treatment' }).click();
    expect(await filters.getByRole('button', { name: 'Acne Treatment' }).getAttribute('aria-pressed')).toBe('true');
    expect(await cards.count()).toBe(results.filter((r) => r.category === 'Acne Treatment').length);
    await filters.getByRole('button', { name: 'All' }).click();
    expect(await cards.count()).toBe(results.length);
  });

  it("names each result's treatment on its card in Real Results", async () => {
    const results = (await api<Result[]>('/api/results?offering=clinic')).body;
    const named = results.filter((r) => r.treatmentName);
    expect(named.length).toBeGreaterThan(0);
    await page.goto(siteUrl('/clinic#results'));
    await revealSections();
    const cards = page.locator('#results').getByRole('article');
    await cards.first().waitFor();
    expect((await cards.getByTestId('result-treatment').allInnerTexts()).sort()).toEqual(named.map((r) => r.treatmentName).sort());
  });

  it('opens a treatment from Learn More, with its details and a way back', async () => {
    const treatment = (await api<Treatment[]>('/api/treatments?offering=clinic')).body.find((t) => t.whatToExpect.length > 0) as Treatment;
    await page.goto(siteUrl('/clinic'));
    await revealSections();
    await page.getByRole('link', { name: `Learn More about ${treatment.name}` }).click();
    await heading(treatment.name).waitFor();
    await seeText(page, treatment.description);
    await heading('What to Expect', 2).waitFor();
    for (const step of treatment.whatToExpect) await seeText(page, step);
    await seeText(page, treatment.duration);
    // The booking section (/landing#booking), with this treatment to be ticked there.
    expect(await page.getByRole('link', { name: 'Book This Treatment' }).getAttribute('href')).toBe(`/landing?item=${treatment.id}#booking`);
    await page.getByRole('link', { name: 'Back to Treatments' }).click();
    await page.waitForURL(/\/clinic#treatments$/);
  });

  it('opens a result as Amazing Results with its treatment', async () => {
    const result = (await api<Result[]>('/api/results?offering=clinic')).body.find((r) => r.treatmentId) as Result;
    const treatment = (await api<Treatment[]>('/api/treatments')).body.find((t) => t.id === result.treatmentId) as Treatment;
    await page.goto(siteUrl(`/result/${result.id}`));
    await heading('Amazing Results').waitFor();
    await seeText(page, result.description);
    await heading('About This Treatment', 2).waitFor();
    await heading(treatment.name, 3).waitFor();
  });

  it('shows a news article with its date, its line breaks kept and its text never read as HTML', async () => {
    const token = await adminApiToken();
    const content = 'First paragraph.\nSecond line <b>not bold</b>.';
    const { body: article } = await api<NewsArticle>('/api/news', {
      method: 'POST',
      token,
      body: {
        title: unique('Clinic opens on Saturdays'),
        excerpt: 'More time for you.',
        content,
        publishedAt: '2026-03-05',
        category: 'Announcements',
        offeringType: 'clinic',
      },
    });
    try {
      await page.goto(siteUrl(`/news/${article.id}`));
      await heading(article.title).waitFor();
      await seeText(page, 'March 5, 2026');
      const text = page.getByText('First paragraph.');
      expect(await text.innerText()).toBe(content);
      expect(await page.locator('article b').count()).toBe(0);
      expect(await page.getByRole('link', { name: 'Book Your Appointment' }).getAttribute('href')).toBe('/landing#booking');
    } finally {
      await api(`/api/news/${article.id}`, { method: 'DELETE', token });
    }
  });

  it('says Not Found for unknown items and pages', async () => {
    await page.goto(siteUrl('/treatment/no-such-treatment'));
    await heading('Treatment Not Found').waitFor();
    expect(await page.getByRole('link', { name: 'Return to Home' }).count()).toBe(1);
    // Home is the start screen, as in the console's Back to Home (/).
    expect(await page.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
    await page.goto(siteUrl('/result/no-such-result'));
    await heading('Result Not Found').waitFor();
    await page.goto(siteUrl('/news/no-such-article'));
    await heading('Article Not Found').waitFor();
    await page.goto(siteUrl('/somewhere/else'));
    await heading('Page Not Found').waitFor();
  });
});

describe('studio landing page', () => {
  it('has its sections in order, the call to action and the studio texts', async () => {
    await page.goto(siteUrl('/studio'));
    await heading('Lumière Studio').waitFor();
    expect(await page.getByRole('link', { name: 'Book Your Session' }).first().getAttribute('href')).toBe('#booking');
    await revealSections();
    const order = await page.locator('main h2').allInnerTexts();
    expect(order).toEqual(['Photography Packages', 'Our Portfolio', 'Our Photographers', 'Capture Your Precious Moments', 'Book Your Photography Session']);
  });

  it("keeps the visitor on the studio when they follow the footer's Contact link", async () => {
    await page.goto(siteUrl('/studio'));
    await heading('Lumière Studio').waitFor();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Contact', exact: true }).click();
    await page.waitForURL(/\/studio#contact$/);
    expect(new URL(page.url()).pathname).toBe('/studio');
    expect(await heading('Lumière Studio').count()).toBe(1);
    expect(await page.evaluate(`localStorage.getItem('maintenance-offering')`)).toBe('studio');
  });
});

describe('sections below the hero', () => {
  it.each([
    ['/clinic', 'staff?offering=clinic', 'news?offering=clinic'],
    ['/studio', 'packages?offering=studio', 'portfolio?offering=studio'],
  ])('%s: are all in the document within 5 s of load, unscrolled, so find-in-page finds "View Available Schedule"', async (path, first, second) => {
    const [a] = (await api<{ name?: string; title?: string }[]>(`/api/${first}`)).body;
    const [b] = (await api<{ name?: string; title?: string }[]>(`/api/${second}`)).body;
    await page.goto(siteUrl(path), { waitUntil: 'load' });
    await page.getByText('View Available Schedule').waitFor({ state: 'attached', timeout: 5000 });
    for (const text of [a.name ?? a.title, b.name ?? b.title])
      await page
        .getByText(text as string, { exact: true })
        .first()
        .waitFor({ state: 'attached', timeout: 5000 });
    expect(await page.evaluate('window.scrollY')).toBe(0);
  });
});

describe('a part of the site that fails to load', () => {
  it('shows the error screen instead of a blank page, and Try again loads the chunk and the page', async () => {
    const [treatment] = (await api<Treatment[]>('/api/treatments?offering=clinic')).body;
    await page.goto(siteUrl('/clinic'));
    await revealSections();
    let offline = true;
    await page.route(/\/assets\/TreatmentPage-[^/]+\.js$/, (route) => (offline ? route.abort('internetdisconnected') : route.continue()));
    await page.getByRole('link', { name: `Learn More about ${treatment.name}` }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'This page could not be loaded' });
    await alert.waitFor();
    expect(await heading(treatment.name).count()).toBe(0);

    offline = false;
    await alert.getByRole('button', { name: 'Try again' }).click();
    await heading(treatment.name).waitFor();
    expect(await alert.count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe(`/treatment/${treatment.id}`);
  });

  it('shows a section that did not arrive as such, with Try again', async () => {
    let offline = true;
    await page.route(/\/assets\/sections-[^/]+\.js$/, (route) => (offline ? route.abort('internetdisconnected') : route.continue()));
    await page.goto(siteUrl('/clinic'));
    await page.keyboard.press('Tab');
    const failed = page.locator('#staff').getByRole('alert');
    await failed.getByText('This section could not be loaded.').waitFor();
    offline = false;
    await failed.getByRole('button', { name: 'Try again' }).click();
    await page.locator('#staff').getByRole('heading', { level: 3 }).first().waitFor();
  });
});

describe('production build as the gateway serves it', () => {
  it('sends the hashed scripts compressed (brotli or gzip), cached for a year', async () => {
    const html = await (await fetch(siteUrl('/clinic'))).text();
    const entry = /src="(\/assets\/index-[^"]+\.js)"/.exec(html)?.[1] as string;
    expect(entry).toBeDefined();
    for (const encoding of ['br', 'gzip']) {
      const res = await fetch(siteUrl(entry), { headers: { 'accept-encoding': encoding } });
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(res.headers.get('content-type')).toMatch(/javascript/);
      expect(res.headers.get('cache-control')).toContain('immutable');
      expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
    }
    const plain = await fetch(siteUrl(entry), { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
  });
});

describe('on a phone (375 px)', () => {
  it('folds the menu behind a button that opens and closes it', async () => {
    const phone = await newContext(browser, { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
    const p = await phone.newPage();
    try {
      await p.goto(siteUrl('/clinic'));
      const toggle = p.getByRole('button', { name: 'Open menu' });
      await toggle.waitFor();
      const menu = p.getByRole('navigation', { name: 'Mobile menu' });
      expect(await menu.isVisible()).toBe(false);
      expect(await p.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Results' }).isVisible()).toBe(false);
      await toggle.click();
      await menu.waitFor({ state: 'visible' });
      expect(await p.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded')).toBe('true');
      for (const name of ['Treatments', 'Results', 'Staff', 'News', 'Book Now', 'Switch to Studio', 'Book Appointment'])
        expect(await menu.getByRole('link', { name }).isVisible()).toBe(true);
      await menu.getByRole('link', { name: 'Results' }).click();
      await menu.waitFor({ state: 'hidden' });
      await p.waitForURL(/#results$/);
      expect(await p.evaluate(`document.documentElement.scrollWidth`)).toBeLessThanOrEqual(375);
    } finally {
      await phone.close();
    }
  });
});

describe('accessibility (axe: no serious or critical violation)', () => {
  it.each(['/', '/landing', '/clinic', '/studio'])('%s', async (path) => {
    await page.goto(siteUrl(path));
    await page.locator('h1').first().waitFor();
    if (path === '/clinic' || path === '/studio') await revealSections();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('a treatment page, and the schedule dialog', async () => {
    const treatment = (await api<Treatment[]>('/api/treatments?offering=clinic')).body[0];
    await page.goto(siteUrl(`/treatment/${treatment.id}`));
    await heading(treatment.name).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto(siteUrl('/clinic#booking'));
    const form = page.getByRole('form', { name: 'Book a treatment' });
    await form.locator('label', { hasText: treatment.name }).first().click();
    await form.getByRole('button', { name: 'View Available Schedule' }).click();
    const dialog = page.getByRole('dialog', { name: 'View Available Schedule' });
    await dialog.waitFor();
    await weekLoaded(dialog);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('a result page and a news article', async () => {
    const [result] = (await api<Result[]>('/api/results?offering=clinic')).body;
    await page.goto(siteUrl(`/result/${result.id}`));
    await heading('Amazing Results').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    const [article] = (await api<NewsArticle[]>('/api/news?offering=clinic')).body;
    await page.goto(siteUrl(`/news/${article.id}`));
    await heading(article.title).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it.each(['/somewhere/else', '/treatment/no-such-treatment'])('the Not Found screen at %s', async (path) => {
    await page.goto(siteUrl(path));
    await page.locator('h1').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('the booking form showing its problems, and its success panel', async () => {
    const [treatment] = (await api<Treatment[]>('/api/treatments?offering=clinic')).body;
    const form = await openBookingForm(page, 'clinic');
    await form.getByRole('button', { name: 'Book Appointment' }).click();
    await seeText(page, 'First Name Required');
    expect(await seriousViolations(page)).toEqual([]);

    await choose(form, treatment.name);
    await fillDetails(form, { firstName: 'Alma', lastName: unique('Reyes').replace(' ', '-'), email: `${unique('alma').replace(' ', '.')}@example.ph` });
    await pickFreeSlot(await openSchedule(page, form), 4);
    await form.getByRole('button', { name: 'Book Appointment' }).click();
    await page.getByTestId('booking-success').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('the chat panel, before and after starting a conversation', async () => {
    await page.goto(siteUrl('/studio'));
    await page.getByRole('button', { name: /Chat with us/ }).click();
    const panel = page.getByRole('dialog', { name: 'Chat' });
    await panel.getByRole('button', { name: 'Start Chat' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await panel.getByLabel('Name').fill('Lia Go');
    await panel.getByLabel('Email').fill(`${unique('lia').replace(' ', '.')}@example.ph`);
    await panel.getByRole('button', { name: 'Start Chat' }).click();
    await panel.getByRole('textbox', { name: 'Message' }).fill('Hello!');
    await panel.getByRole('button', { name: 'Send' }).click();
    await panel.getByText('Hello!').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('the screen of a page that failed to load', async () => {
    await page.route(/\/assets\/NewsPage-[^/]+\.js$/, (route) => route.abort('internetdisconnected'));
    await page.goto(siteUrl('/news/any'));
    await page.getByRole('alert').filter({ hasText: 'This page could not be loaded' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('a landing page on a phone', async () => {
    const phone = await newContext(browser, { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
    const p = await phone.newPage();
    try {
      await p.goto(siteUrl('/clinic'));
      await p.keyboard.press('Tab');
      await untilLoaded(p);
      expect(await seriousViolations(p)).toEqual([]);
    } finally {
      await phone.close();
    }
  });
});
