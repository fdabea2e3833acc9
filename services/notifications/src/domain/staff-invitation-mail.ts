import type { EventData, NotificationSettings } from '@bb/contracts';
import type { RenderedMail } from './appointment-mails';
import { renderHtml, renderText, type MailBody } from './mail-layout';
import { manilaDateTime } from './manila-format';

export interface StaffInvitationMailInput {
  invitation: EventData<'auth.user.invited'>;
  settings: NotificationSettings;
  publicUrl: string;
}

/** The console's set-password page of an invitation. */
export const invitationUrl = (publicUrl: string, token: string): string => `${publicUrl.replace(/\/+$/, '')}/maintenance/invite/${encodeURIComponent(token)}`;

/** The mail inviting a staff member to the console: the link to set a password, and when it stops working. No I/O. */
export async function renderStaffInvitationMail(input: StaffInvitationMailInput): Promise<RenderedMail> {
  const { invitation, settings } = input;
  const business = settings.senderName;
  const expires = manilaDateTime(new Date(invitation.expiresAt));
  const body: MailBody = {
    side: settings.offeringType,
    businessName: business,
    subject: `You're invited to the ${business} console`,
    preheader: `Set your password to sign in as ${invitation.username}. The link works until ${expires}.`,
    heading: `You're invited to the ${business} console`,
    paragraphs: [
      'Hello,',
      `You have a staff account at ${business}: your username is ${invitation.username}. Choose your password with the button below to start signing in.`,
    ],
    details: [
      { label: 'Username', value: invitation.username },
      { label: 'Link works until', value: expires },
    ],
    action: { label: 'Set my password', url: invitationUrl(input.publicUrl, invitation.token) },
    closing: ['The link works once. When it has expired, ask the owner to send a new invitation.', `Welcome,\n${business}`],
    footer: `You receive this e-mail because the owner of ${business} invited this address to its staff console.`,
  };
  return { subject: body.subject, html: await renderHtml(body), text: renderText(body), attachments: [] };
}
