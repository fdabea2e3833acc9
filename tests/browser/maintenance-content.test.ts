import type { NewsArticle, Package, Treatment } from '@bb/contracts';
import { api, scrollUntilVisible, seeText, TEST_TIMEOUT, tinyPng, unique } from './maintenance-helpers';
import { siteUrl } from './support/browser';
import { browserSuite } from './support/suite';

jest.setTimeout(TEST_TIMEOUT);

const suite = browserSuite({ each: { admin: true }, signIn: true });

describe('maintenance content screens', () => {
  it('creates a studio package with an uploaded image, and the studio page shows it', async () => {
    const name = unique('Golden Hour Session');
    const { page } = suite;
    await page.goto(siteUrl('/maintenance'));
    await page.getByRole('button', { name: 'Studio' }).click();
    await page.getByRole('navigation', { name: 'Maintenance' }).getByRole('link', { name: 'Packages' }).click();
    await page.getByRole('heading', { level: 1, name: 'Packages' }).waitFor();
    await page
      .getByRole('button', { name: /^Add (Package|Your First Package)$/ })
      .first()
      .click();

    const dialog = page.getByRole('dialog', { name: 'Add Package' });
    await dialog.getByLabel(/^Name/).fill(name);
    await dialog.getByLabel(/^Description/).fill('Outdoor portraits in the last light of the day.');
    await dialog.getByLabel(/^Price/).fill('4500');
    await dialog.getByLabel(/^Duration/).fill('90 minutes');
    await dialog.getByLabel(/^Booking Duration/).fill('90');
    await dialog.getByLabel(/^Features/).fill('30 edited photos, 2 outfits, , Online gallery');
    await dialog.getByLabel('Upload image file for Image').setInputFiles({ name: 'golden.png', mimeType: 'image/png', buffer: tinyPng() });
    await seeText(page, 'Image uploaded successfully');
    await dialog.getByRole('img', { name: 'Image preview' }).waitFor();
    await dialog.getByRole('button', { name: 'Create' }).click();
    await seeText(page, 'Package created successfully');
    await page.getByRole('heading', { name }).waitFor();
    await seeText(page, 'Booking duration: 1h 30m');
    await seeText(page, '₱4,500');

    const { body: studio } = await api<Package[]>('/api/packages?offering=studio');
    const saved = studio.find((p) => p.name === name);
    expect(saved).toMatchObject({ price: 4500, defaultDuration: 90, offeringType: 'studio', features: ['30 edited photos', '2 outfits', 'Online gallery'] });
    expect(saved?.imageUrl).toMatch(/^\/api\/uploads\/[a-f0-9]{32}\.png$/);

    const visitor = await suite.open();
    await visitor.goto(siteUrl('/studio'));
    await scrollUntilVisible(visitor, visitor.getByRole('heading', { name }));
    await visitor.context().close();
  });

  it('refuses a file that is not JPG or PNG before uploading it', async () => {
    const { page } = suite;
    await page.goto(siteUrl('/maintenance/staff'));
    await page.getByRole('button', { name: 'Add Staff Member' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Staff Member' });
    await dialog.getByLabel('Upload image file for Photo').setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });
    await seeText(page, 'Please upload a JPG or PNG image');
    await dialog.getByRole('button', { name: 'Create' }).click();
    expect(await dialog.getByText('This field is required').count()).toBe(3);
  });

  it('edits a treatment (name and what to expect) and its public page shows the change', async () => {
    const created = await api<Treatment>('/api/treatments', {
      method: 'POST',
      token: suite.token,
      body: {
        name: unique('Glow Facial'),
        description: 'A gentle facial.',
        duration: '45 minutes',
        price: '1800',
        defaultDuration: 45,
        whatToExpect: ['Cleansing'],
      },
    });
    expect(created.status).toBe(201);
    const renamed = unique('Radiance Facial');
    const { page } = suite;
    await page.goto(siteUrl(`/maintenance/treatments/${created.body.id}`));
    await page.getByRole('heading', { level: 1, name: created.body.name }).waitFor();
    await page.getByRole('button', { name: 'Edit Treatment' }).click();

    const dialog = page.getByRole('dialog', { name: 'Edit Treatment' });
    await dialog.getByLabel(/^Name/).fill(renamed);
    await dialog.getByLabel('New what-to-expect item').fill('LED light therapy');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await dialog.getByRole('button', { name: 'Remove Cleansing' }).click();
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await seeText(page, 'Treatment updated successfully');
    await page.getByRole('heading', { level: 1, name: renamed }).waitFor();

    const { body: saved } = await api<Treatment>(`/api/treatments/${created.body.id}`);
    expect(saved).toMatchObject({ name: renamed, whatToExpect: ['LED light therapy'] });

    const visitor = await suite.open();
    await visitor.goto(siteUrl(`/treatment/${created.body.id}`));
    await visitor.getByRole('heading', { name: renamed }).first().waitFor();
    await seeText(visitor, 'LED light therapy');
    await visitor.context().close();
  });

  it('shows Treatment not found for an unknown id', async () => {
    const { page } = suite;
    await page.goto(siteUrl('/maintenance/treatments/000000000000000000000000'));
    await seeText(page, 'Treatment not found');
  });

  it('says a treatment could not be loaded, not that it does not exist, when the server fails, and Try again reads it again', async () => {
    // The oldest: other files add treatments and remove them while this runs.
    const treatment = (await api<Treatment[]>('/api/treatments')).body.at(-1) as Treatment;
    const { page } = suite;
    let failing = true;
    await page.route(`**/api/treatments/${treatment.id}`, (route) =>
      failing ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Internal error"}' }) : route.continue(),
    );
    await page.goto(siteUrl(`/maintenance/treatments/${treatment.id}`));
    await seeText(page, 'The treatment could not be loaded.');
    expect(await page.getByText('Treatment not found').count()).toBe(0);
    failing = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('heading', { level: 1, name: treatment.name }).waitFor();
  });

  it('says a news article could not be loaded when the connection drops', async () => {
    const [article] = (await api<NewsArticle[]>('/api/news')).body;
    const { page } = suite;
    await page.route(`**/api/news/${article.id}`, (route) => route.abort('internetdisconnected'));
    await page.goto(siteUrl(`/maintenance/news/${article.id}`));
    await seeText(page, 'The article could not be loaded.');
    expect(await page.getByText('News article not found').count()).toBe(0);
    await page.getByRole('link', { name: 'Back to News' }).waitFor();
  });

  it('still offers Add Package when the package list fails to load', async () => {
    const { page } = suite;
    await page.route('**/api/packages?offering=*', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Internal error"}' }),
    );
    await page.goto(siteUrl('/maintenance/packages'));
    await seeText(page, 'Packages could not be loaded.');
    await page.getByRole('button', { name: 'Add Package' }).click();
    await page.getByRole('dialog', { name: 'Add Package' }).waitFor();
  });
});
