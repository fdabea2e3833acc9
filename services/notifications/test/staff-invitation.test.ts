import { randomBytes } from 'node:crypto';
import type { EventData } from '@bb/contracts';
import { buildEnvelope } from '@bb/service-kit';
import { mailpit, waitFor } from '@bb/service-kit/testing';
import { staffInvitationMailId } from '../src/domain/mail-ids';
import { mailsTo, PUBLIC_URL, startNotifications, uniqueAddress, type NotificationsHarness } from './harness';

/** An invitation as auth publishes it. */
const invited = (email: string, expiresAt = '2099-01-08T04:30:00.000Z'): EventData<'auth.user.invited'> => ({
  userId: randomBytes(12).toString('hex'),
  username: 'ana.reyes',
  email,
  role: 'receptionist',
  token: randomBytes(32).toString('base64url'),
  expiresAt,
});
const settle = () => new Promise((r) => setTimeout(r, 800));

describe('a staff member invited to the console', () => {
  let svc: NotificationsHarness;
  beforeAll(async () => {
    svc = await startNotifications('notif_invite');
  });
  afterAll(() => svc.close());

  it('mails exactly the invited address once, with the set-password link and when it expires', async () => {
    const email = uniqueAddress('invited');
    const data = invited(email);
    const event = buildEnvelope('auth', 'auth.user.invited', data);
    await svc.publisher.publishEnvelope(event);
    const [summary] = await mailsTo(mailpit, email, /invited/);
    expect(summary.Subject).toBe("You're invited to the Lumière Clinic console");
    expect(summary.To.map((to) => to.Address)).toEqual([email]);
    expect(summary.MessageID).toBe(`${staffInvitationMailId(data.userId, data.token)}@beauty-booking`);
    const message = await mailpit.message(summary.ID);
    const link = `${PUBLIC_URL}/maintenance/invite/${data.token}`;
    expect(message.HTML).toContain(`href="${link}"`);
    expect(message.Text).toContain(link);
    expect(message.Text).toContain('ana.reyes');
    // 04:30 UTC is 12:30 PM in Manila.
    expect(message.Text).toContain('Thursday, 8 January 2099, 12:30 PM');
    // The same event again (a redelivery) mails nothing more.
    await svc.publisher.publishEnvelope(event);
    await settle();
    await waitFor(
      'the mail recorded as sent',
      async () => (await svc.models.Mail.findById(staffInvitationMailId(data.userId, data.token)).lean())?.status === 'sent',
    );
    expect(await mailpit.messagesTo(email)).toHaveLength(1);
  });

  it('mails again for a resent invitation (a new link)', async () => {
    const email = uniqueAddress('resent');
    const first = invited(email);
    await svc.publisher.publish('auth.user.invited', first);
    await mailsTo(mailpit, email, /invited/);
    const second = { ...first, token: randomBytes(32).toString('base64url') };
    await svc.publisher.publish('auth.user.invited', second);
    const both = await mailsTo(mailpit, email, /invited/, 2);
    expect(both).toHaveLength(2);
    const texts = await Promise.all(both.map(async (m) => (await mailpit.message(m.ID)).Text));
    expect(texts.some((t) => t.includes(second.token))).toBe(true);
    expect(texts.some((t) => t.includes(first.token))).toBe(true);
  });
});
