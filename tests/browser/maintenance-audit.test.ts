// The Audit screen: a setting changed through the API appears on it, the chain is checked in
// words, and what is shown downloads as CSV (the export itself recorded first).
import fs from 'node:fs';
import type { Settings } from '@bb/contracts';
import { api, parseCsv, seeText, TEST_TIMEOUT } from './maintenance-helpers';
import { aMomentAgo, auditEntrySince } from './support/audit';
import { siteUrl } from './support/browser';
import { browserSuite } from './support/suite';

jest.setTimeout(TEST_TIMEOUT);

const suite = browserSuite({ each: { admin: true, acceptDownloads: true }, signIn: true });

describe('the audit screen', () => {
  it('shows a setting change, checks the chain and downloads what it shows as CSV', async () => {
    // A change nobody else notices: the clinic's horizon moves by one day of its ten years (the
    // most it takes is 3650), then back.
    const { body: settings } = await api<Settings>('/api/settings/clinic', { token: suite.token });
    const horizonDays = settings.horizonDays >= 3650 ? settings.horizonDays - 1 : settings.horizonDays + 1;
    const since = aMomentAgo();
    expect((await api('/api/settings/clinic', { method: 'PUT', token: suite.token, body: { horizonDays } })).status).toBe(200);
    try {
      // Other files change settings as admin meanwhile: this entry is found by what it says, and on the screen by its seq.
      const changed = await auditEntrySince(
        suite.token,
        'setting-changed',
        since,
        (e) => e.actor?.username === 'admin' && e.subject === 'settings clinic' && (e.after ?? '').includes(`horizonDays ${horizonDays}`),
      );

      const { page } = suite;
      await page.goto(siteUrl('/maintenance/audit'));
      await page.getByRole('heading', { level: 1, name: 'Audit' }).waitFor();
      await page.getByLabel('Action').selectOption('setting-changed');
      await page.getByLabel('Username').fill('admin');
      await page.getByRole('button', { name: 'Apply filters' }).click();
      await page.locator(`[data-audit-seq="${changed.seq}"]`).getByText(changed.subject).waitFor();

      await page.getByRole('button', { name: 'Check integrity' }).click();
      await seeText(page, /The audit trail (is intact|has been tampered with)/);

      const shown = await page.locator('[data-audit-seq]').count();
      const clicked = aMomentAgo();
      const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
      expect(file.suggestedFilename()).toMatch(/^audit-\d{4}-\d{2}-\d{2}\.csv$/);
      const rows = parseCsv(fs.readFileSync(await file.path(), 'utf8')).filter((r) => r.some((c) => c !== ''));
      expect(rows[0].slice(0, 4)).toEqual(['Seq', 'Time', 'Action', 'Username']);
      expect(rows).toHaveLength(shown + 1);
      expect(rows.filter((r) => r[0] === String(changed.seq))).toHaveLength(1);
      expect(rows.slice(1).every((r) => r[2] === 'setting-changed' && r[3] === 'admin')).toBe(true);
      await seeText(page, `Exported ${shown} ${shown === 1 ? 'entry' : 'entries'} to CSV`);

      // The download was recorded before the file was made.
      const exported = await auditEntrySince(suite.token, 'export', clicked, (e) => e.subject.startsWith('audit CSV'));
      expect(exported.actor?.username).toBe('admin');
      expect(exported.subject).toContain(`audit CSV, ${shown} row`);
    } finally {
      await api('/api/settings/clinic', { method: 'PUT', token: suite.token, body: { horizonDays: settings.horizonDays } });
    }
  });
});
