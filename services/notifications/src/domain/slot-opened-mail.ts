import { bookingLinkPath, type EventData, type NotificationSettings } from '@bb/contracts';
import { greeting, itemsDetail, siteUrl, type RenderedMail } from './appointment-mails';
import { renderHtml, renderText, type MailBody } from './mail-layout';
import { manilaDateTime } from './manila-format';

export interface SlotOpenedMailInput {
  /** The waitlist entry and its slot, as booking published them. */
  entry: EventData<'booking.waitlist.slot-opened'>;
  settings: NotificationSettings;
  publicUrl: string;
}

/** The offering's booking form, filled in with the freed slot and the items the visitor wanted. */
export const slotBookingUrl = (publicUrl: string, entry: SlotOpenedMailInput['entry']): string =>
  siteUrl(publicUrl, bookingLinkPath(entry.offeringType, { date: entry.preferredDate, time: entry.preferredTime, items: entry.items.map((i) => i.id) }));

/** The mail to a waitlisted visitor whose slot freed up: the time, and one button to book it. No I/O. */
export async function renderSlotOpenedMail(input: SlotOpenedMailInput): Promise<RenderedMail> {
  const { entry, settings } = input;
  const when = manilaDateTime(new Date(entry.startTime));
  const business = settings.senderName;
  const body: MailBody = {
    side: entry.offeringType,
    businessName: business,
    subject: `A time you wanted is free: ${when}`,
    preheader: `${when} has just become free. The first to book it gets it.`,
    heading: 'A time you wanted is free',
    paragraphs: [greeting(entry), `Good news: the time you asked us to watch at ${business} has just become free:`],
    details: [{ label: 'When', value: when }, itemsDetail(entry.offeringType, entry.items)],
    action: { label: 'Book this time', url: slotBookingUrl(input.publicUrl, entry) },
    closing: [
      // Booking mails everyone waiting at once; first come, first served (issue 17).
      'Everyone on the waitlist for this time hears about it at the same moment, and the first to book it gets it. If it is gone when you try, you can pick another time on the same page.',
      `Hope to see you soon,\n${business}`,
    ],
    footer: `You receive this e-mail because this address joined the ${business} waitlist for this time. We will not write about it again.`,
  };
  return { subject: body.subject, html: await renderHtml(body), text: renderText(body), attachments: [] };
}
