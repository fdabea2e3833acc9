// Issue 26 in the console at 1280 and 375 px: the chat list keeps the conversation just
// answered in view and marks the ones with new messages instead of re-sorting; a dialog's
// "This field is required" goes once the field is filled; "1 appointment to export"; the mail
// log says in words what became of a mail.
import type { Locator, Page } from 'playwright-core';
import type { AppointmentReport, Mail, Treatment } from '@bb/contracts';
import { waitFor } from '@bb/service-kit/testing';
import { api, ask, book, clinicTreatments, conversationAsking, findOpenSlot, seeText, TEST_TIMEOUT, unique } from './maintenance-helpers';
import { farDateOn, SCREENS } from './public-helpers';
import { seriousViolations, siteUrl } from './support/browser';
import { browserSuite, type ContextOptions } from './support/suite';

jest.setTimeout(TEST_TIMEOUT);

const suite = browserSuite({ signIn: true });
let treatment: Treatment;
beforeAll(async () => {
  [treatment] = await clinicTreatments();
});

const open = (screen: ContextOptions, admin = true): Promise<Page> => suite.open({ admin, ...screen });

/** Whether the row shows within the list's visible part (the list scrolls on its own). */
async function inView(row: Locator, list: Locator): Promise<boolean> {
  const [r, l] = [await row.boundingBox(), await list.boundingBox()];
  return r !== null && l !== null && r.y >= l.y - 1 && r.y + r.height <= l.y + l.height + 1;
}

describe.each(SCREENS)('the console at %s', (_, screen) => {
  it('keeps the conversation just answered in view in Unanswered, and marks one with new messages without moving it', async () => {
    const first = await conversationAsking('Do you do weekend sessions?');
    const second = await conversationAsking('Is parking free?');
    const page = await open(screen);
    await page.goto(siteUrl('/maintenance/chat'));
    await page.getByRole('tab', { name: /^Unanswered/ }).click();
    const list = page.getByRole('tabpanel');
    const row = (name: string) => list.getByRole('button', { name: new RegExp(name) });
    await row(first.name).waitFor();
    await row(second.name).waitFor();
    const order = async () =>
      (await list.getByRole('button').allInnerTexts())
        .filter((t) => t.includes(first.name) || t.includes(second.name))
        .map((t) => (t.includes(first.name) ? 'first' : 'second'));
    const before = await order();

    await row(first.name).click();
    await page.getByRole('log').getByText('Do you do weekend sessions?').waitFor();
    const reply = unique('Yes, on Saturdays');
    await page.getByPlaceholder('Type your reply...').fill(reply);
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByRole('log').getByText(reply).waitFor();

    // The list has read the answer (the row's preview is the reply), and the row is still there, open and in view.
    await row(first.name).filter({ hasText: reply }).waitFor();
    expect(await row(first.name).getAttribute('aria-current')).toBe('true');
    expect(await inView(row(first.name), list)).toBe(true);
    expect(await order()).toEqual(before);

    // The other visitor writes again: that row is marked as changed, and stays where it was.
    await ask(second.id, second.name, 'And for motorbikes?');
    const changed = list.locator('li[data-changed="true"]', { hasText: second.name });
    await changed.waitFor({ timeout: 30_000 });
    expect(await changed.getByTestId('conversation-new-dot').count()).toBe(1);
    expect(await order()).toEqual(before);
    expect(await row(first.name).getAttribute('aria-current')).toBe('true');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('clears a dialog’s "This field is required" as soon as the field is filled, and the login’s too', async () => {
    const page = await open(screen);
    await page.goto(siteUrl('/maintenance/staff'));
    await page.getByRole('button', { name: 'Add Staff Member' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Staff Member' });
    await dialog.getByRole('button', { name: 'Create' }).click();
    const required = dialog.getByText('This field is required');
    for (let i = 0; i < 20 && (await required.count()) < 3; i++) await page.waitForTimeout(100);
    expect(await required.count()).toBe(3);
    await dialog.getByLabel(/^Name/).fill('Dr. Reyes');
    expect(await required.count()).toBe(2);
    expect(await dialog.getByLabel(/^Name/).getAttribute('aria-invalid')).toBeNull();
    await dialog.getByLabel(/^Position/).fill('   ');
    expect(await required.count()).toBe(2);
    await dialog.getByLabel(/^Position/).fill('Dermatologist');
    expect(await required.count()).toBe(1);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    const signedOut = await suite.open(screen);
    try {
      await signedOut.goto(siteUrl('/maintenance'));
      await signedOut.getByRole('button', { name: 'Sign In' }).click();
      await signedOut.getByText('Username is required').waitFor();
      await signedOut.getByLabel(/^Username/).fill('admin');
      expect(await signedOut.getByText('Username is required').count()).toBe(0);
      expect(await signedOut.getByText('Password is required').count()).toBe(1);
    } finally {
      await signedOut.context().close();
    }
  });

  it('says "1 appointment to export" and exports "1 appointment"', async () => {
    let date = farDateOn(4);
    const matching = async (d: string) =>
      (await api<AppointmentReport>(`/api/reports/appointments?from=${d}&to=${d}&offering=clinic`, { token: suite.token })).body.total;
    for (let tries = 0; tries < 10 && (await matching(date)) > 0; tries++) date = farDateOn(4);
    expect(await matching(date)).toBe(0);
    const slot = (
      await api<{ slots: { time: string; available: boolean }[] }>(`/api/available-slots?offeringType=clinic&date=${date}&treatmentId=${treatment.id}`)
    ).body.slots.find((s) => s.available);
    if (!slot) throw new Error(`no free slot on ${date}`);
    await book({ preferredDate: date, preferredTime: slot.time, treatments: [treatment.id] });

    const page = await open({ ...screen, acceptDownloads: true });
    await page.goto(siteUrl('/maintenance/reports'));
    await page.getByLabel('From', { exact: true }).fill(date);
    await page.getByLabel('To', { exact: true }).fill(date);
    await seeText(page, '1 appointment to export (cancelled ones left out)');
    await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    await seeText(page, 'Exported 1 appointment to CSV');
  });

  it('says in words what became of each mail, not the mail server’s raw answer', async () => {
    const slot = await findOpenSlot('clinic', treatment.id, 20 + Math.floor(Math.random() * 30));
    const booked = await book({ preferredDate: slot.date, preferredTime: slot.time, treatments: [treatment.id] });
    const mailsOf = async () => (await api<(Mail & { outcome?: string })[]>(`/api/appointments/${booked.id}/mails`, { token: suite.token })).body;
    await waitFor('the confirmation sent', async () => (await mailsOf()).some((m) => m.kind === 'confirmation' && m.status === 'sent'), 30000, 250);
    const sent = (await mailsOf()).find((m) => m.kind === 'confirmation' && m.status === 'sent') as Mail & { outcome?: string };

    const page = await open(screen);
    await page.goto(siteUrl('/maintenance/appointments'));
    await page.getByRole('button', { name: `${booked.firstName} ${booked.lastName}`, exact: true }).click();
    const mails = page.getByRole('dialog', { name: 'Edit Appointment' }).getByRole('region', { name: 'Mails' });
    const row = mails.locator(`[data-mail-id="${sent.id}"]`);
    await row.waitFor();
    // The server's words when it gives them, else the page's reading of "250 …".
    expect(await row.getByTestId('mail-outcome').innerText()).toBe(sent.outcome ?? 'Accepted by the mail server');
    expect(await mails.innerText()).not.toMatch(/SMTP|queued as|\b250\b/);
  });
});
