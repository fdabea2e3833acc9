// The console's Notifications screen: an offering's values saved and read back after a reload,
// a bad value refused under its field, the newsletter's double opt-in switched. Serial: these
// are settings every other file meets (a staff alert address, the cut-off, double opt-in for
// every sign-up), and a save of the whole form would undo what another file set meanwhile.
import type { NotificationSettings, Settings, SubscriberSettings } from '@bb/contracts';
import { waitFor } from '@bb/service-kit/testing';
import { api, seeText, TEST_TIMEOUT, unique } from '../maintenance-helpers';
import { seriousViolations, siteUrl } from '../support/browser';
import { browserSuite } from '../support/suite';

jest.setTimeout(TEST_TIMEOUT);

const suite = browserSuite({ each: { admin: true }, signIn: true });

describe('the Notifications screen', () => {
  it("saves an offering's mail settings and cut-off, shows them again after a reload, and refuses a bad address under its field", async () => {
    const stored = (await api<NotificationSettings>('/api/notification-settings/clinic', { token: suite.token })).body;
    const { offeringType: _offering, ...original } = stored;
    const cutoff = (await api<Settings>('/api/settings/clinic', { token: suite.token })).body.changeCutoffHours;
    const senderName = unique('Lumière Clinic');
    // Changes nothing another test relies on: the clinic's sender name, reminders (its bookings are
    // months ahead) and a cut-off below the weeks ahead the booking tests book.
    const lead = stored.reminderLeadHours === 30 ? '36' : '30';
    const newCutoff = cutoff === 30 ? 36 : 30;
    const { page } = suite;
    try {
      await page.goto(siteUrl('/maintenance'));
      await page.getByRole('navigation', { name: 'Maintenance' }).getByRole('link', { name: 'Notifications' }).click();
      await page.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();
      const name = page.getByLabel(/^Sender name/);
      await name.waitFor();
      expect(await name.inputValue()).toBe(stored.senderName);
      expect(await page.getByLabel(/^Change cut-off/).inputValue()).toBe(String(cutoff));
      expect(await seriousViolations(page)).toEqual([]);

      const reminder = page.getByRole('checkbox', { name: 'Reminder', exact: true });
      expect(await reminder.isChecked()).toBe(stored.enabled.reminder);
      await name.fill(senderName);
      await page.getByLabel(/^Reminder lead time/).fill(lead);
      await page.getByLabel(/^Change cut-off/).fill(String(newCutoff));
      await page
        .getByRole('group', { name: 'Mails sent' })
        .locator('label', { hasText: /^Reminder$/ })
        .click();
      expect(await reminder.isChecked()).toBe(!stored.enabled.reminder);
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await seeText(page, 'Notification settings saved');

      expect((await api<NotificationSettings>('/api/notification-settings/clinic', { token: suite.token })).body).toMatchObject({
        senderName,
        reminderLeadHours: Number(lead),
        enabled: { ...stored.enabled, reminder: !stored.enabled.reminder },
      });
      expect((await api<Settings>('/api/settings/clinic', { token: suite.token })).body.changeCutoffHours).toBe(newCutoff);

      await page.reload();
      await page.getByLabel(/^Sender name/).waitFor();
      expect(await page.getByLabel(/^Sender name/).inputValue()).toBe(senderName);
      expect(await page.getByLabel(/^Reminder lead time/).inputValue()).toBe(lead);
      expect(await page.getByLabel(/^Change cut-off/).inputValue()).toBe(String(newCutoff));
      expect(await page.getByRole('checkbox', { name: 'Reminder', exact: true }).isChecked()).toBe(!stored.enabled.reminder);

      // A sender address that is not one: the field says why, in the server's words, and nothing is saved.
      const address = page.getByLabel(/^Sender address/);
      await address.fill('front desk');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await seeText(page, 'Failed to save notification settings');
      expect(await address.getAttribute('aria-invalid')).toBe('true');
      await page
        .getByText(/^senderEmail must be an e-mail address/)
        .first()
        .waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      expect((await api<NotificationSettings>('/api/notification-settings/clinic', { token: suite.token })).body.senderEmail).toBe(stored.senderEmail);
    } finally {
      await api('/api/notification-settings/clinic', { method: 'PUT', token: suite.token, body: original });
      await api('/api/settings/clinic', { method: 'PUT', token: suite.token, body: { changeCutoffHours: cutoff } });
    }
  });

  it('switches newsletter double opt-in, a setting of the whole site as its help text says', async () => {
    const before = (await api<SubscriberSettings>('/api/subscriber-settings', { token: suite.token })).body.doubleOptIn;
    const { page } = suite;
    try {
      await page.goto(siteUrl('/maintenance/notifications'));
      const toggle = page.getByRole('checkbox', { name: 'Newsletter double opt-in' });
      await toggle.waitFor({ state: 'attached' });
      expect(await toggle.isChecked()).toBe(before);
      const help = await page.locator(`[id="${await toggle.getAttribute('aria-describedby')}"]`).innerText();
      expect(help).toMatch(/clinic and the studio alike/);

      // Switched and back. Each switch is saved as it is made (the switch waits, disabled, for the answer).
      for (const wanted of [!before, before]) {
        await page.locator('label', { hasText: /^Newsletter double opt-in$/ }).click();
        await waitFor('the switch to settle', async () => (await toggle.isEnabled()) && (await toggle.isChecked()) === wanted);
        await waitFor(
          'the saved opt-in',
          async () => (await api<SubscriberSettings>('/api/subscriber-settings', { token: suite.token })).body.doubleOptIn === wanted,
        );
      }
      await seeText(page, 'Newsletter setting saved');
    } finally {
      await api('/api/subscriber-settings', { method: 'PUT', token: suite.token, body: { doubleOptIn: before } });
    }
  });
});
