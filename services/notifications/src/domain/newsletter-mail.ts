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

/**
 * The double opt-in mail: one button that confirms the address. The sign-up form has just told
 * the visitor "You've been subscribed to our newsletter." (the spec's words), so the mail takes
 * that up and asks for the one step left, rather than contradict it. No I/O.
 */
export async function renderNewsletterMail(input: NewsletterMailInput): Promise<RenderedMail> {
  const business = input.settings.senderName;
  const body = {
    side: input.settings.offeringType,
    businessName: business,
    subject: 'One last step: confirm your newsletter subscription',
    preheader: `One click and you will receive the ${business} newsletter.`,
    heading: 'One last step: confirm your address',
    paragraphs: [
      'Hello,',
      `Thank you for subscribing to the ${business} newsletter with ${input.email}. One last step: please confirm that this is your address, and the newsletter will start coming:`,
    ],
    details: [],
    action: { label: 'Confirm my subscription', url: newsletterConfirmUrl(input.publicUrl, input.confirmToken) },
    closing: ['If you did not subscribe, ignore this e-mail: without your confirmation you will not hear from us.', `Thank you,\n${business}`],
    footer: `You receive this e-mail because this address was entered in the ${business} newsletter form.`,
  };
  return { subject: body.subject, html: await renderHtml(body), text: renderText(body), attachments: [] };
}
