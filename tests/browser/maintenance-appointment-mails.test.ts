// The mails of an appointment in its dialog, with Resend. The Notifications screen, which saves
// settings every other file meets, is in serial/notifications-screen.test.ts.
import type { Mail } from '@bb/contracts';
import { mailpit, waitFor } from '@bb/service-kit/testing';
import { api, book, clinicTreatments, findOpenSlot, seeText, TEST_TIMEOUT } from './maintenance-helpers';
import { seriousViolations, siteUrl } from './support/browser';
import { browserSuite } from './support/suite';

jest.setTimeout(TEST_TIMEOUT);

const suite = browserSuite({ each: { admin: true }, signIn: true });

describe("an appointment's mails", () => {
  it('lists them in the appointment dialog with their status, and Resend sends one more', async () => {
    const [treatment] = await clinicTreatments();
    const slot = await findOpenSlot('clinic', treatment.id, 20 + Math.floor(Math.random() * 30));
    const booked = await book({ preferredDate: slot.date, preferredTime: slot.time, treatments: [treatment.id] });
    const mailsOf = async () => (await api<Mail[]>(`/api/appointments/${booked.id}/mails`, { token: suite.token })).body;
    // The confirmation has been sent before the dialog is opened, so it reads Sent.
    await waitFor('the confirmation sent', async () => (await mailsOf()).some((m) => m.kind === 'confirmation' && m.status === 'sent'), 30000, 250);
    const before = await mailsOf();

    const { page } = suite;
    await page.goto(siteUrl('/maintenance/appointments'));
    await page.getByRole('button', { name: `${booked.firstName} ${booked.lastName}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Appointment' });
    const mails = dialog.getByRole('region', { name: 'Mails' });
    const rows = mails.locator('[data-mail-id]');
    await rows.nth(before.length - 1).waitFor();
    expect(await rows.count()).toBe(before.length);
    const confirmation = mails.locator('[data-kind="confirmation"]').first();
    const text = await confirmation.innerText();
    for (const piece of ['Confirmation', 'Sent', `To ${booked.email}`]) expect(text).toContain(piece);
    expect(text).toMatch(/\b\d+ attempts?\b/);
    expect(await seriousViolations(page)).toEqual([]);

    await confirmation.getByRole('button', { name: `Resend confirmation mail to ${booked.email}` }).click();
    await seeText(page, 'Mail queued to be sent again');
    await rows.nth(before.length).waitFor();
    // The copy is listed at once and turns Sent by itself once delivered.
    await mails.locator('[data-kind="confirmation"][data-status="sent"]').nth(1).waitFor();
    const after = await mailsOf();
    const original = before.find((m) => m.kind === 'confirmation') as Mail;
    expect(after.filter((m) => m.resendOf === original.id)).toHaveLength(1);
    await mailpit.waitForMails(booked.email, /request received/i, 2);
  });
});
