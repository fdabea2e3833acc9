// Staff accounts in the console: the owner invites a receptionist, who sets a password from the
// mailed link, is made to set up two-factor sign-in, signs in with a code and sees only the
// screens of their role. Accessibility and the phone layout of Users, Audit, Security and the
// invitation page.
import type { Page } from 'playwright-core';
import type { SignInPolicy } from '@bb/contracts';
import { mailpit } from '@bb/service-kit/testing';
import { invitationPath, mailBody } from './mail-helpers';
import { seeText, TEST_TIMEOUT, unique } from './maintenance-helpers';
import { nextTotp, readPolicy, savePolicy, totpAt } from './support/accounts';
import { seriousViolations, siteUrl } from './support/browser';
import { browserSuite } from './support/suite';

jest.setTimeout(TEST_TIMEOUT);

const suite = browserSuite({ signIn: true });
const phone = { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true };
let policy: SignInPolicy;

beforeAll(async () => {
  policy = await readPolicy(suite.token);
});
afterAll(async () => {
  await savePolicy(suite.token, policy);
});

const nav = (page: Page) => page.getByRole('navigation', { name: 'Maintenance' });

async function signIn(page: Page, username: string, password: string) {
  await page.getByLabel(/^Username/).fill(username);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

describe('staff accounts', () => {
  it(
    'an invited receptionist sets a password, enrols in two-factor sign-in, signs in with a code and cannot use Settings',
    async () => {
      // The owner's policy: receptionists must use two-factor sign-in (put back after the file).
      await savePolicy(suite.token, { twoFactorRequiredFor: [...new Set([...policy.twoFactorRequiredFor, 'receptionist' as const])] });

      // The owner invites a receptionist on the Users screen.
      const username = unique('desk').replace(' ', '-');
      const email = `${username}@example.com`;
      const owner = await suite.open({ admin: true });
      await owner.goto(siteUrl('/maintenance/users'));
      await owner.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
      await owner.getByRole('heading', { name: 'Sign-in policy' }).waitFor();
      await owner.getByText('Always on in production mode, whatever is chosen here.').waitFor();
      expect(await seriousViolations(owner)).toEqual([]);
      await owner.getByRole('button', { name: 'Invite' }).click();
      const dialog = owner.getByRole('dialog', { name: 'Invite a staff member' });
      await dialog.getByLabel(/^Username/).fill(username);
      await dialog.getByLabel(/^Email/).fill(email);
      await dialog.getByLabel(/^Role/).selectOption('receptionist');
      expect(await seriousViolations(owner)).toEqual([]);
      await dialog.getByRole('button', { name: 'Send invitation' }).click();
      await seeText(owner, 'Invitation sent');
      await owner.getByRole('cell', { name: username, exact: true }).waitFor();

      // The set-password link arrives by mail; the page needs no sign-in.
      const [mail] = await mailpit.waitForMails(email);
      const path = invitationPath(await mailBody(mail.ID));
      const page = await suite.open();
      await page.goto(siteUrl(path));
      await page.getByRole('heading', { level: 1, name: 'Set your password' }).waitFor();
      await seeText(page, username);
      await seeText(page, 'Receptionist');
      expect(await seriousViolations(page)).toEqual([]);
      const password = `pw-${unique('x').replace(' ', '')}-long`;
      await page.getByLabel(/^New password/).fill(password);
      await page.getByLabel(/^Repeat the password/).fill(`${password}!`);
      await page.getByRole('button', { name: 'Set password' }).click();
      await seeText(page, 'The two passwords are not the same');
      await page.getByLabel(/^Repeat the password/).fill(password);
      await page.getByRole('button', { name: 'Set password' }).click();
      await page.waitForURL('**/admin/login');
      await seeText(page, 'Your password is set');

      // The first sign-in leads to the Security page and nowhere else until two-factor is on.
      await signIn(page, username, password);
      await page.waitForURL('**/maintenance/security');
      await seeText(page, 'Your account must use two-factor sign-in');
      expect(await nav(page).getByRole('link', { name: 'Appointments' }).count()).toBe(0);
      await page.goto(siteUrl('/maintenance/appointments'));
      await page.waitForURL('**/maintenance/security');
      await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
      await page.getByRole('img', { name: 'QR code to scan with your authenticator app' }).waitFor();
      const secret = (await page.getByRole('textbox', { name: 'Secret key' }).inputValue()).replace(/\s/g, '');
      expect(secret).toMatch(/^[A-Z2-7]+=*$/);
      const code = page.getByLabel(/^Authentication code/);
      expect(await code.getAttribute('inputmode')).toBe('numeric');
      expect(await code.getAttribute('autocomplete')).toBe('one-time-code');
      expect(await seriousViolations(page)).toEqual([]);
      await code.fill(totpAt(secret));
      await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
      const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
      await codes.first().waitFor();
      expect(await codes.count()).toBe(10);
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'I have saved them' }).click();
      await page.waitForURL(/\/maintenance$/);
      await nav(page).getByRole('link', { name: 'Appointments' }).waitFor();

      // Signed out and in again: the password, then a code from the app.
      await page.getByRole('button', { name: 'Logout' }).click();
      await page.waitForURL('**/admin/login');
      await signIn(page, username, password);
      await seeText(page, 'Enter the 6-digit code from your authenticator app');
      await page.getByRole('button', { name: 'Use a recovery code instead' }).waitFor();
      await page.getByLabel(/^Authentication code/).fill(await nextTotp(secret));
      await page.getByRole('button', { name: 'Verify' }).click();
      await seeText(page, 'Welcome back!');
      await page.waitForURL(/\/maintenance$/);

      // A receptionist's console: no Settings, no Users; their address says so instead of failing.
      await nav(page).getByRole('link', { name: 'Appointments' }).waitFor();
      await nav(page).getByRole('link', { name: 'Chat' }).waitFor();
      for (const hidden of ['Settings', 'Users', 'Audit', 'Reports']) expect(await nav(page).getByRole('link', { name: hidden, exact: true }).count()).toBe(0);
      await page.goto(siteUrl('/maintenance/settings'));
      await page.getByRole('heading', { level: 1, name: "This page isn't available for your role" }).waitFor();
      expect(await page.getByText('Failed to').count()).toBe(0);
      // Receptionists run the email list but do not export it.
      await nav(page).getByRole('link', { name: 'Email List' }).click();
      await page.getByRole('heading', { level: 1, name: 'Email List' }).waitFor();
      await page
        .getByText(/^Total: \d+$|^No Subscribers Yet$/)
        .first()
        .waitFor();
      expect(await page.getByRole('button', { name: 'Export to CSV' }).count()).toBe(0);
    },
    4 * TEST_TIMEOUT,
  );

  it('the Users and Audit screens on a phone: cards, no sideways scrolling, and axe finds nothing serious', async () => {
    const page = await suite.open({ admin: true, ...phone });
    await page.goto(siteUrl('/maintenance/users'));
    await page.getByRole('list', { name: 'Users' }).getByRole('listitem').first().waitFor();
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto(siteUrl('/maintenance/audit'));
    await page.getByRole('heading', { level: 1, name: 'Audit' }).waitFor();
    await page.getByRole('list', { name: 'Audit entries' }).getByRole('listitem').first().waitFor();
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('the Security page of a signed-in owner, and an invitation link that is no longer valid', async () => {
    const page = await suite.open({ admin: true });
    await page.goto(siteUrl('/maintenance'));
    await page.getByRole('link', { name: 'Security' }).click();
    await page.getByRole('heading', { level: 1, name: 'Security' }).waitFor();
    await page.getByRole('heading', { name: 'Two-factor sign-in' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    const visitor = await suite.open();
    await visitor.goto(siteUrl(`/maintenance/invite/${'x'.repeat(43)}`));
    await visitor.getByRole('heading', { level: 1, name: 'Set your password' }).waitFor();
    await visitor.getByRole('alert').waitFor();
    expect(await visitor.getByRole('button', { name: 'Set password' }).count()).toBe(0);
  });
});
