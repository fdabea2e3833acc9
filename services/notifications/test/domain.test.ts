import ICAL from 'ical.js';
import { renderAppointmentMail } from '../src/domain/appointment-mails';
import { appointmentMailId, messageIdOf, newsletterMailId, slotOpenedMailId } from '../src/domain/mail-ids';
import { MAIL_OUTCOMES, mailOutcome } from '../src/domain/mail-outcome';
import { MANAGE_TOKEN_PLACEHOLDER, withManageToken, withoutManageTokens } from '../src/domain/manage-link';
import { newsletterConfirmUrl, renderNewsletterMail } from '../src/domain/newsletter-mail';
import { NOT_SENT, outgoingMail, type StoredMail } from '../src/domain/outgoing-mail';
import { isPermanent, nextAfterFailure, retryDelayMs } from '../src/domain/retry-schedule';
import { defaultSettings, reminderDueAt } from '../src/domain/settings';
import { PUBLIC_URL, hrefs, input } from './support/mail-fixtures';

describe('newsletter confirmation mail', () => {
  it('links to the confirm route with the token, absolute and encoded', async () => {
    const mail = await renderNewsletterMail({ email: 'ana@example.com', confirmToken: 'a+b/c=', settings: defaultSettings('studio'), publicUrl: PUBLIC_URL });
    const link = 'https://booking.example.com/api/email-subscribers/confirm?token=a%2Bb%2Fc%3D';
    expect(newsletterConfirmUrl(PUBLIC_URL, 'a+b/c=')).toBe(link);
    expect(mail.subject).toBe('One last step: confirm your newsletter subscription');
    expect(mail.text).toContain(link);
    expect(hrefs(mail.html)).toEqual([link]);
    expect(mail.html).toContain('#6d3165');
  });

  it('takes up what the sign-up form said ("You\'ve been subscribed to our newsletter.") and asks for the one step left', async () => {
    const mail = await renderNewsletterMail({ email: 'ana@example.com', confirmToken: 't', settings: defaultSettings('clinic'), publicUrl: PUBLIC_URL });
    expect(mail.text).toContain('Thank you for subscribing to the Lumière Clinic newsletter with ana@example.com. One last step');
    expect(mail.text).not.toMatch(/hopefully you/i);
  });
});

describe('what became of a mail, in words for the mail log', () => {
  it('says a mail the server took was accepted, whatever its line said', () => {
    expect(mailOutcome({ status: 'sent', attempts: 1, lastResponse: '250 2.0.0 Ok: queued as 4ZxK1C0bq3z9' })).toBe('Accepted by the mail server');
  });

  it('tells a mail still waiting from one the server has not taken yet', () => {
    expect(mailOutcome({ status: 'queued', attempts: 0, lastResponse: null })).toBe(MAIL_OUTCOMES.waiting);
    expect(mailOutcome({ status: 'queued', attempts: 2, lastResponse: 'connect ECONNREFUSED 127.0.0.1:1025' })).toBe(MAIL_OUTCOMES.retrying);
  });

  it('tells a refusal (a 5xx answer) from attempts that all failed, and keeps our own reasons for a mail never tried', () => {
    expect(
      mailOutcome({
        status: 'failed',
        attempts: 1,
        lastResponse: "Can't send mail - all recipients were rejected: 550 5.1.1 <x@y.test>: Recipient address rejected",
      }),
    ).toBe(MAIL_OUTCOMES.refused);
    expect(mailOutcome({ status: 'failed', attempts: 20, lastResponse: 'Connection timeout' })).toBe(MAIL_OUTCOMES.gaveUp);
    expect(mailOutcome({ status: 'failed', attempts: 0, lastResponse: NOT_SENT.recipient })).toBe(NOT_SENT.recipient);
  });

  it('says why a mail was not sent: our reason when it has one, else that it was no longer needed (a dropped reminder)', () => {
    expect(mailOutcome({ status: 'cancelled', attempts: 0, lastResponse: 'Not sent: its time had passed' })).toBe('Not sent: its time had passed');
    expect(mailOutcome({ status: 'cancelled', attempts: 0, lastResponse: null })).toBe(MAIL_OUTCOMES.notNeeded);
  });
});

describe('mail ids', () => {
  it('are the same for the same appointment, kind and revision, and differ otherwise', () => {
    const id = appointmentMailId('a1', 'confirmation', 0);
    expect(appointmentMailId('a1', 'confirmation', 0)).toBe(id);
    expect(
      new Set([id, appointmentMailId('a1', 'confirmation', 1), appointmentMailId('a1', 'reminder', 0), appointmentMailId('a2', 'confirmation', 0)]).size,
    ).toBe(4);
    expect(newsletterMailId('s1', 't1')).not.toBe(newsletterMailId('s1', 't2'));
    expect(slotOpenedMailId('w1')).toBe(slotOpenedMailId('w1'));
    expect(slotOpenedMailId('w1')).not.toBe(slotOpenedMailId('w2'));
  });

  it('make a valid Message-ID', () => {
    expect(messageIdOf(appointmentMailId('weird id/with spaces', 'confirmation', 0))).toMatch(/^<[0-9a-f]{32}@beauty-booking>$/);
  });
});

describe('reminder time', () => {
  const now = new Date('2026-11-29T00:00:00Z');
  it('is the lead before the start, fractions of an hour included', () => {
    expect(reminderDueAt(new Date('2026-12-01T02:00:00Z'), 24, now)?.toISOString()).toBe('2026-11-30T02:00:00.000Z');
    expect(reminderDueAt(new Date('2026-12-01T02:00:00Z'), 1.5, now)?.toISOString()).toBe('2026-12-01T00:30:00.000Z');
  });
  it('is none when that moment has passed', () => {
    expect(reminderDueAt(new Date('2026-11-29T10:00:00Z'), 24, now)).toBeNull();
  });
});

describe('retry schedule', () => {
  const policy = { baseMs: 2000, maxMs: 60_000, maxAttempts: 20 };

  it('doubles from the base up to the maximum', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map((n) => retryDelayMs(n, policy, 0.5))).toEqual([2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000, 60_000]);
  });

  it('spreads each wait by a quarter either way, never past the maximum', () => {
    expect(retryDelayMs(3, policy, 0)).toBe(6000);
    expect(retryDelayMs(3, policy, 0.999999)).toBe(10_000);
    expect(retryDelayMs(10, policy, 0.999999)).toBe(60_000);
    expect(retryDelayMs(10, policy, 0)).toBe(45_000);
  });

  it('outlasts a two-minute SMTP outage with the default settings', () => {
    let waited = 0;
    for (let attempt = 1; attempt < policy.maxAttempts; attempt++) waited += retryDelayMs(attempt, policy, 0);
    expect(waited).toBeGreaterThan(10 * 60_000);
  });

  it('gives up after the last attempt, or at once on a permanent refusal', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    expect(nextAfterFailure(1, { code: 'ECONNECTION' }, policy, now, 0.5)).toEqual({ retryAt: new Date('2026-01-01T00:00:02Z') });
    expect(nextAfterFailure(20, { code: 'ECONNECTION' }, policy, now)).toBe('failed');
    expect(nextAfterFailure(1, { code: 'EENVELOPE', responseCode: 550 }, policy, now)).toBe('failed');
  });

  it('counts 5xx answers and unusable addresses as permanent; 4xx, connection errors and failed logins are retried', () => {
    expect(isPermanent({ responseCode: 550 })).toBe(true);
    expect(isPermanent({ code: 'EENVELOPE' })).toBe(true);
    expect(isPermanent({ responseCode: 451 })).toBe(false);
    expect(isPermanent({ responseCode: 421, code: 'EENVELOPE' })).toBe(false);
    expect(isPermanent({ code: 'ESOCKET' })).toBe(false);
    expect(isPermanent({ code: 'ETIMEDOUT' })).toBe(false);
    expect(isPermanent({ code: 'EAUTH', responseCode: 535 })).toBe(false);
  });
});

describe('the manage link in a stored mail', () => {
  const TOKEN = 'Zl8cLpsdSgASq80053XqXeNcV0dWF9O7';
  const linkIn = (publicUrl: string, token: string) => `${publicUrl.replace(/\/+$/, '')}/manage/${token}`;
  const eventOf = (ics: string) => new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent('vevent')!;

  it('is stored as the placeholder and gets the token at sending, in the HTML, the text and the calendar file, through its folded lines', async () => {
    expect(MANAGE_TOKEN_PLACEHOLDER).toHaveLength(TOKEN.length);
    let foldedThrough = 0;
    // Site addresses of every length from 20 to 60 characters put the link at every place of the calendar's 75-octet lines.
    for (let extra = 0; extra <= 40; extra++) {
      const publicUrl = `https://b${'x'.repeat(extra)}.example.com`;
      const stored = await renderAppointmentMail({ ...input('confirmation'), manageToken: MANAGE_TOKEN_PLACEHOLDER, publicUrl });
      for (const part of [stored.html, stored.text, stored.attachments[0].content]) expect(part).not.toMatch(/\/manage\/[A-Za-z0-9_-]{32}/);
      const sent = withManageToken(stored, TOKEN);
      const link = linkIn(publicUrl, TOKEN);
      expect(hrefs(sent.html)).toEqual([link]);
      expect(sent.text).toContain(`View your booking: ${link}`);
      const ics = sent.attachments[0].content;
      const event = eventOf(ics);
      expect(event.getFirstPropertyValue('url')).toBe(link);
      expect(String(event.getFirstPropertyValue('description'))).toContain(link);
      expect(ics.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
      if (!ics.includes(TOKEN)) foldedThrough += 1;
    }
    // The check above read links split by a fold, not only whole ones.
    expect(foldedThrough).toBeGreaterThan(0);
  });

  it('takes the tokens out of a mail stored with them, in every part and through folds, so the token of the day goes in at sending', async () => {
    for (let extra = 0; extra <= 40; extra += 7) {
      const publicUrl = `https://b${'x'.repeat(extra)}.example.com`;
      const legacy = await renderAppointmentMail({ ...input('reminder'), kind: 'confirmation', manageToken: TOKEN, publicUrl });
      const kept = withoutManageTokens(legacy);
      for (const part of [kept.html, kept.text, kept.attachments[0].content]) {
        expect(part.replace(/\r\n[ \t]/g, '')).not.toContain(TOKEN);
      }
      // As if stored with the placeholder, but for the stamp of the moment the calendar file was written.
      const unstamped = (mail: typeof kept) => ({
        ...mail,
        attachments: mail.attachments.map((a) => ({ ...a, content: a.content.replace(/DTSTAMP:\w+/, '') })),
      });
      expect(unstamped(kept)).toEqual(
        unstamped(await renderAppointmentMail({ ...input('reminder'), kind: 'confirmation', manageToken: MANAGE_TOKEN_PLACEHOLDER, publicUrl })),
      );
    }
  });
});

describe('a stored mail on its way out', () => {
  const stored = async (over: Partial<StoredMail> = {}): Promise<StoredMail> => ({
    ...(await renderAppointmentMail({ ...input('confirmation'), manageToken: MANAGE_TOKEN_PLACEHOLDER })),
    kind: 'confirmation',
    appointmentId: '665f1c2e9b1d4a0012abcd34',
    recipient: 'ana@example.com',
    from: { name: 'Lumière Clinic', address: 'clinic@beauty-booking.local' },
    messageId: '<m1@beauty-booking>',
    ...over,
  });
  const token = (id: string) => (id === '665f1c2e9b1d4a0012abcd34' ? 'Zl8cLpsdSgASq80053XqXeNcV0dWF9O7' : null);

  it('goes to exactly the one address stored, from the sender, with the token of its appointment', async () => {
    const out = outgoingMail(await stored({ recipient: ' ana@example.com ' }), token);
    if (!out.ok) throw new Error(out.reason);
    expect(out.mail).toMatchObject({
      to: 'ana@example.com',
      from: { name: 'Lumière Clinic', address: 'clinic@beauty-booking.local' },
      messageId: '<m1@beauty-booking>',
    });
    expect(out.mail.text).toContain('/manage/Zl8cLpsdSgASq80053XqXeNcV0dWF9O7');
    expect(out.mail).not.toHaveProperty('listUnsubscribeUrl');
  });

  it('does not go to a stored list of addresses, a display name or a group, nor from a sender that is no one address', async () => {
    for (const recipient of [
      'a@x.test, b@y.test',
      'a@x.test;b@y.test',
      'Ana <a@x.test>',
      'friends: a@x.test, b@y.test;',
      'a@x.test b@y.test',
      '',
      'no-at-sign',
    ]) {
      expect(outgoingMail(await stored({ recipient }), token)).toEqual({ ok: false, reason: NOT_SENT.recipient });
    }
    expect(outgoingMail(await stored({ from: { name: 'Clinic', address: 'clinic@x.test, b@y.test' } }), token)).toEqual({ ok: false, reason: NOT_SENT.sender });
  });

  it('never gets a token into a staff alert, and fails a customer mail whose appointment can have no link', async () => {
    const alert = outgoingMail(await stored({ kind: 'staff-alert', text: `Customer: ${MANAGE_TOKEN_PLACEHOLDER}` }), token);
    if (!alert.ok) throw new Error(alert.reason);
    expect(alert.mail.text).toBe(`Customer: ${MANAGE_TOKEN_PLACEHOLDER}`);
    expect(outgoingMail(await stored({ appointmentId: 'not-an-appointment' }), token)).toEqual({ ok: false, reason: NOT_SENT.manageLink });
  });

  it('carries the unsubscribe link of a newsletter mail', async () => {
    const out = outgoingMail(
      await stored({
        kind: 'newsletter-confirmation',
        appointmentId: null,
        listUnsubscribeUrl: 'https://b.example.com/api/email-subscribers/unsubscribe?token=t',
      }),
      token,
    );
    expect(out.ok && out.mail.listUnsubscribeUrl).toBe('https://b.example.com/api/email-subscribers/unsubscribe?token=t');
  });
});
