import type { NotificationSettings } from '@bb/contracts';
import type { RenderedMail } from './appointment-mails';
import { renderHtml, renderText } from './mail-layout';

export interface NewsletterMailInput {
  email: string;
  confirmToken: string;
  settings: NotificationSettings;
  publicUrl: string;
}

/** Where the confirmation link of a newsletter sign-up points (subscribers' confirm route). */
export const newsletterConfirmUrl = (publicUrl: string, token: string): string =>
  `${publicUrl.replace(/\/+$/, '')}/api/email-subscribers/confirm?token=${encodeURIComponent(token)}`;

/** The double opt-in mail: one button that confirms the address. No I/O. */
export async function renderNewsletterMail(input: NewsletterMailInput): Promise<RenderedMail> {
  const business = input.settings.senderName;
  const body = {
    side: input.settings.offeringType,
    businessName: business,
    subject: 'Please confirm your newsletter subscription',
    preheader: `One click and you will receive the ${business} newsletter.`,
    heading: 'Please confirm your subscription',
    paragraphs: ['Hello,', `Someone, hopefully you, asked to receive the ${business} newsletter at ${input.email}. Please confirm that this is your address:`],
    details: [],
    action: { label: 'Confirm my subscription', url: newsletterConfirmUrl(input.publicUrl, input.confirmToken) },
    closing: ['If you did not ask for it, ignore this e-mail: without your confirmation you will not hear from us.', `Thank you,\n${business}`],
    footer: `You receive this e-mail because this address was entered in the ${business} newsletter form.`,
  };
  return { subject: body.subject, html: await renderHtml(body), text: renderText(body), attachments: [] };
}
