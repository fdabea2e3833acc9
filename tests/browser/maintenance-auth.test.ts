import type { AuthConfig } from '@bb/contracts';
import { adminToken, requireEnv, waitFor } from '@bb/service-kit/testing';
import { adminApiToken, api, seeText, signInThroughForm, TEST_TIMEOUT } from './maintenance-helpers';
import { seriousViolations, siteUrl } from './support/browser';
import { browserSuite } from './support/suite';

jest.setTimeout(TEST_TIMEOUT);

const suite = browserSuite();

describe('maintenance sign-in and protection', () => {
  it('sends an unauthenticated visit to /maintenance/staff to /admin/login', async () => {
    const page = await suite.open();
    await page.goto(siteUrl('/maintenance/staff'));
    await page.waitForURL('**/admin/login');
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    expect(await page.getByText('No staff members yet...').count()).toBe(0);
  });

  it('shows the demo credentials only because the server runs in demo mode, and axe finds nothing serious', async () => {
    const { body: config } = await api<AuthConfig>('/api/auth/config');
    const page = await suite.open();
    await page.goto(siteUrl('/admin/login'));
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    if (config.demo && config.demoCredentials) await seeText(page, config.demoCredentials.password);
    else expect(await page.getByText('Demo mode').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('says Login Failed for a wrong password and stays on the form', async () => {
    const page = await suite.open();
    await page.goto(siteUrl('/admin/login'));
    await signInThroughForm(page, 'wrong-password');
    await seeText(page, 'Login Failed');
    expect(new URL(page.url()).pathname).toBe('/admin/login');
  });

  it('signs an admin in through the form: Welcome back!, then /admin leads to the Maintenance home', async () => {
    const page = await suite.open();
    await page.goto(siteUrl('/admin/login'));
    await signInThroughForm(page);
    await seeText(page, 'Welcome back!');
    await page.waitForURL('**/maintenance');
    await page.getByRole('heading', { level: 1, name: 'Maintenance' }).waitFor();
    for (const tile of ['Packages', 'News', 'Treatments', 'Results', 'Chat API', 'Reports']) {
      await page.getByRole('main').getByRole('link', { name: tile, exact: true }).waitFor();
    }
  });

  it('brings the admin back to the page they asked for once signed in', async () => {
    const page = await suite.open();
    await page.goto(siteUrl('/maintenance/chat-api'));
    await page.waitForURL('**/admin/login');
    await signInThroughForm(page);
    await seeText(page, 'Welcome back!');
    await page.waitForURL('**/maintenance/chat-api');
    await page.getByRole('heading', { level: 1, name: 'Chat API' }).waitFor();
  });

  it('says Session Expired when the session lapses while the admin reads, and signs them back in on the same page', async () => {
    const page = await suite.open();
    await page.goto(siteUrl('/maintenance/staff'));
    await page.waitForURL('**/admin/login');
    await signInThroughForm(page);
    await page.getByRole('heading', { level: 1, name: 'Staff' }).waitFor();

    // The session ends elsewhere (signed out on another device): its token is refused from now on.
    const token = (await page.evaluate(`localStorage.getItem('auth_token')`)) as string;
    expect((await api('/api/auth/logout', { method: 'POST', token })).status).toBe(200);
    await waitFor('the token to be refused', async () => (await api('/api/appointments', { token })).status === 401);

    await page.getByRole('navigation', { name: 'Maintenance' }).getByRole('link', { name: 'Appointments' }).click();
    // On screen only until the 1.5 s pause ends, so looked for first; the toast outlasts it.
    await seeText(page, 'Your session has expired: taking you to the login screen...');
    expect(await page.getByText('Appointments could not be loaded.').count()).toBe(0);
    await seeText(page, 'Session Expired');
    await seeText(page, 'Please log in again to continue');
    expect(await page.getByText('Failed to fetch appointments').count()).toBe(0);
    await page.waitForURL('**/admin/login', { timeout: 5000 });
    expect(await page.evaluate(`localStorage.getItem('auth_token')`)).toBeNull();

    await signInThroughForm(page);
    await page.waitForURL('**/maintenance/appointments');
    await page.getByRole('heading', { level: 1, name: 'Appointments' }).waitFor();
  });

  describe('started with a stored token that is no longer good', () => {
    /** Signed with the stack's key, its expiry a minute ago. */
    const lapsed = async () => adminToken({ secret: requireEnv('JWT_SECRET'), expiresIn: -60 });
    /** Within its lifetime, but signed out elsewhere: only the server can tell. */
    const signedOut = async () => {
      const token = await adminApiToken();
      expect((await api('/api/auth/logout', { method: 'POST', token })).status).toBe(200);
      await waitFor('the token to be refused', async () => (await api('/api/auth/me', { token })).status === 401);
      return token;
    };
    const cases = [
      ['a lapsed token', lapsed, 1280],
      ['a lapsed token', lapsed, 375],
      ['a signed-out token', signedOut, 1280],
      ['a signed-out token', signedOut, 375],
    ] as const;

    it.each(cases)('%s at %i px: says Session Expired, lands on the login screen and comes back to the page once signed in', async (_, tokenFor, width) => {
      const phone = { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true };
      const page = await suite.open(width === 375 ? phone : {});
      // Stored once, as a visit days ago would have left it.
      await page.goto(siteUrl('/api/auth/config'));
      await page.evaluate(`localStorage.setItem('auth_token', ${JSON.stringify(await tokenFor())})`);
      await page.goto(siteUrl('/maintenance/staff'));

      // On screen only until the 1.5 s pause ends, so looked for first; the toast outlasts it.
      await seeText(page, 'Your session has expired: taking you to the login screen...');
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
      await seeText(page, 'Session Expired');
      await seeText(page, 'Please log in again to continue');
      await page.waitForURL('**/admin/login', { timeout: 5000 });
      await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
      expect(await page.evaluate(`localStorage.getItem('auth_token')`)).toBeNull();
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);

      await signInThroughForm(page);
      await page.waitForURL('**/maintenance/staff');
      await page.getByRole('heading', { level: 1, name: 'Staff' }).waitFor();
    });
  });

  it("shows the error screen when the console's code does not arrive, and Try again loads it", async () => {
    const page = await suite.open({ admin: true });
    let offline = true;
    await page.route(/\/assets\/MaintenanceApp-[^/]+\.js$/, (route) => (offline ? route.abort('internetdisconnected') : route.continue()));
    await page.goto(siteUrl('/maintenance/staff'));
    const alert = page.getByRole('alert').filter({ hasText: 'This page could not be loaded' });
    await alert.waitFor();
    offline = false;
    await alert.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('heading', { level: 1, name: 'Staff' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/maintenance/staff');
  });

  it('switches to the studio menu (no News) and back to the home page; Ctrl+B collapses the sidebar and remembers it', async () => {
    const page = await suite.open({ admin: true });
    const { context } = suite;
    await page.goto(siteUrl('/maintenance/staff'));
    await page.getByRole('heading', { level: 1, name: 'Staff' }).waitFor();
    await page.getByRole('button', { name: 'Studio' }).click();
    await page.waitForURL(/\/maintenance$/);
    const nav = page.getByRole('navigation', { name: 'Maintenance' });
    await nav.getByRole('link', { name: 'Packages' }).waitFor();
    expect(await nav.getByRole('link', { name: 'News' }).count()).toBe(0);
    expect(await nav.getByRole('link', { name: 'Treatments' }).count()).toBe(0);

    await page.keyboard.press('Control+b');
    await page.locator('aside[data-state="collapsed"]').waitFor();
    const cookie = (await context.cookies()).find((c) => c.name === 'sidebar_state');
    expect(cookie?.value).toBe('false');
    expect((cookie?.expires ?? 0) * 1000 - Date.now()).toBeGreaterThan(6.9 * 24 * 3600_000);
    await page.reload();
    await page.locator('aside[data-state="collapsed"]').waitFor();
  });
});
