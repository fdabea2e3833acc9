import {
  appointmentReference,
  PENDING_PROMISE,
  SERVICE_LABEL,
  type AppointmentFacts,
  type ChangedBy,
  type NotificationSettings,
  type Side,
} from '@bb/contracts';
import { appointmentIcs, type AppointmentCalendarEntry } from '@bb/service-kit';
import { renderHtml, renderText, type MailBody } from './mail-layout';
import { manilaClock, manilaDateTime } from './manila-format';

/** A file sent with a mail (kept on the mail record, so a retry or a resend carries the same one). */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

/** A mail ready to queue: what the recipient will read. */
export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
  attachments: MailAttachment[];
}

/** What a mail about an appointment is written from; the kind-specific part says why it is sent. */
export type AppointmentMailInput = {
  appointment: AppointmentFacts;
  /** The manage link's token; a stored mail is written with MANAGE_TOKEN_PLACEHOLDER, the token goes in at sending. */
  manageToken: string;
  settings: NotificationSettings;
  /** The site's address (PUBLIC_URL): every link is absolute from it. */
  publicUrl: string;
} & (
  { kind: 'confirmation' | 'reminder' | 'staff-alert' } | { kind: 'reschedule'; previousStart: Date; by: ChangedBy } | { kind: 'cancellation'; by: ChangedBy }
);

/** An absolute link into the site. */
export const siteUrl = (publicUrl: string, path: string) => `${publicUrl.replace(/\/+$/, '')}${path}`;

export const manageUrl = (publicUrl: string, token: string): string => siteUrl(publicUrl, `/manage/${encodeURIComponent(token)}`);

const ICS_FILENAME = 'invite.ics';
const icsContentType = (method: 'REQUEST' | 'CANCEL') => `text/calendar; method=${method}; charset=utf-8`;

/**
 * The appointment as a calendar entry; its SEQUENCE is the appointment's revision, so each file
 * replaces the last, and its STATUS claims no more than the appointment's state (TENTATIVE
 * while pending, with the page's promise to confirm it in the details).
 */
export function calendarEntry(input: AppointmentMailInput): AppointmentCalendarEntry {
  const { appointment: a, settings } = input;
  const link = manageUrl(input.publicUrl, input.manageToken);
  const items = a.items.map((i) => i.name).join(', ');
  return {
    appointmentId: a.appointmentId,
    sequence: a.revision,
    status: a.status,
    summary: `${items || 'Appointment'}${a.practitioner ? ` with ${a.practitioner.name}` : ''} – ${settings.senderName}`,
    description: [
      ...(a.practitioner ? [`With: ${a.practitioner.name}`] : []),
      `Reference: ${appointmentReference(a.appointmentId)}`,
      ...(a.status === 'pending' ? [PENDING_PROMISE] : []),
      `View your booking: ${link}`,
    ].join('\n'),
    start: new Date(a.startTime),
    end: new Date(a.endTime),
    location: settings.senderName,
    url: link,
    organizer: { name: settings.senderName, email: settings.senderEmail },
    attendee: { name: fullName(a), email: a.email },
  };
}

const fullName = (a: AppointmentFacts) => `${a.firstName.trim()} ${a.lastName.trim()}`.trim();
export const greeting = (person: Pick<AppointmentFacts, 'firstName'>) => (person.firstName.trim() ? `Hi ${person.firstName.trim()},` : 'Hello,');

/** "Tuesday, 1 December 2026, 10:00 AM to 11:00 AM" */
const interval = (a: AppointmentFacts) => `${manilaDateTime(new Date(a.startTime))} to ${manilaClock(new Date(a.endTime))}`;

/** The row naming what was booked: "Treatment" or "Packages", then their names. */
export function itemsDetail(side: Side, items: readonly { name: string }[]): MailBody['details'][number] {
  const itemLabel = capitalise(SERVICE_LABEL[side]);
  return { label: items.length === 1 ? itemLabel : `${itemLabel}s`, value: items.map((i) => i.name) };
}

function appointmentDetails(a: AppointmentFacts): MailBody['details'] {
  return [
    { label: 'When', value: interval(a) },
    itemsDetail(a.offeringType, a.items),
    ...(a.practitioner ? [{ label: 'With', value: a.practitioner.name }] : []),
    { label: 'Reference', value: appointmentReference(a.appointmentId) },
  ];
}

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * How a customer's mail points at the manage page: it shows the booking as it stands and
 * whether it can still be changed online (the cut-off, the move limit), which this service
 * does not know; so the mail promises no more than the page will offer.
 */
const MANAGE_HINT = 'Plans changed? The link above shows your booking and how to change or cancel it.';

/**
 * What each kind says: subject, words, details, its one button. Each says no more than the
 * pages say of the booking at that moment: a pending booking is a request received, which the
 * business will contact the customer to confirm (the booking page's own promise), never
 * "confirmed"; a cancelled one is cancelled.
 */
function bodyOf(input: AppointmentMailInput): MailBody {
  const { appointment: a, settings } = input;
  const when = manilaDateTime(new Date(a.startTime));
  const business = settings.senderName;
  const pending = a.status === 'pending';
  const manageAction = { label: 'View your booking', url: manageUrl(input.publicUrl, input.manageToken) };
  const customerFooter = `You receive this e-mail because an appointment was booked with ${business} for this address. Please quote your reference when you contact us.`;
  const base = { side: a.offeringType, businessName: business, details: appointmentDetails(a), footer: customerFooter };

  switch (input.kind) {
    case 'confirmation':
      return {
        ...base,
        subject: `Appointment request received: ${when}`,
        preheader: `${PENDING_PROMISE} Reference ${appointmentReference(a.appointmentId)}.`,
        heading: 'We have received your appointment request',
        paragraphs: [greeting(a), `Thank you for booking with ${business}. We have received your request for this appointment:`],
        action: manageAction,
        closing: [PENDING_PROMISE, 'The attached calendar invitation adds it to your calendar as tentative.', MANAGE_HINT, `Thank you,\n${business}`],
      };
    case 'reschedule':
      // Same time, another practitioner: staff reassigned it (a customer's move always changes the time).
      if (input.previousStart.getTime() === new Date(a.startTime).getTime() && a.practitioner)
        return {
          ...base,
          subject: `Appointment update: ${when}`,
          preheader: `Your appointment on ${when} is now with ${a.practitioner.name}.`,
          heading: `Your appointment is now with ${a.practitioner.name}`,
          paragraphs: [greeting(a), `Our team has arranged for ${a.practitioner.name} to take your appointment. The time stays the same:`],
          action: manageAction,
          closing: ['The attached calendar invitation updates the entry in your calendar.', MANAGE_HINT, `Thank you,\n${business}`],
        };
      return {
        ...base,
        subject: `Appointment rescheduled: ${when}`,
        preheader: `Your appointment moved to ${when}.`,
        heading: 'Your appointment has a new time',
        paragraphs: [
          greeting(a),
          input.by === 'staff'
            ? `Our team has moved your appointment from ${manilaDateTime(input.previousStart)} to a new time:`
            : `As you asked, your appointment has moved from ${manilaDateTime(input.previousStart)} to a new time:`,
        ],
        action: manageAction,
        closing: [
          // A time the customer chose is a request like the first one; one staff chose they arranged.
          ...(pending && input.by === 'customer' ? ["We'll contact you shortly to confirm your new time."] : []),
          'The attached calendar invitation updates the entry in your calendar.',
          MANAGE_HINT,
          `Thank you,\n${business}`,
        ],
      };
    case 'cancellation':
      return {
        ...base,
        subject: `Appointment cancelled: ${when}`,
        preheader: `Your appointment on ${when} will not take place.`,
        heading: 'Your appointment is cancelled',
        paragraphs: [
          greeting(a),
          input.by === 'staff'
            ? `We are sorry to let you know that your appointment on ${when} has been cancelled.`
            : `As you asked, we have cancelled your appointment on ${when}.`,
        ],
        action: { label: 'Book another time', url: siteUrl(input.publicUrl, `/${a.offeringType}`) },
        closing: ['The attached calendar file removes the entry from your calendar.', `We hope to see you another time,\n${business}`],
      };
    case 'reminder':
      return {
        ...base,
        subject: `Reminder: your appointment on ${when}`,
        preheader: `Your appointment with ${business} is on ${when}.`,
        heading: 'Your appointment is coming up',
        paragraphs: [greeting(a), `A reminder of your appointment with ${business}:`],
        action: manageAction,
        closing: ['Cannot make it? Please let us know: the link above shows your booking and how to change or cancel it.', `See you soon,\n${business}`],
      };
    case 'staff-alert':
      return {
        side: a.offeringType,
        businessName: business,
        subject: `New booking: ${fullName(a) || a.email}, ${when}`,
        preheader: `${fullName(a)} booked ${a.items.map((i) => i.name).join(', ')} for ${when}. It is pending.`,
        heading: 'New booking',
        // Staff keep the page's promise: the alert says what the customer was told.
        paragraphs: [`${fullName(a) || 'A customer'} has booked an appointment; it is pending. The booking page told them: "${PENDING_PROMISE}"`],
        details: [
          { label: 'Customer', value: fullName(a) },
          { label: 'E-mail', value: a.email },
          { label: 'Phone', value: a.contact },
          ...appointmentDetails(a),
        ],
        action: { label: 'Open the appointments', url: siteUrl(input.publicUrl, '/maintenance/appointments') },
        closing: [],
        footer: `Sent to the staff alert address in the ${business} notification settings.`,
      };
  }
}

/** The calendar file each kind carries: an invitation, an update (same UID, higher SEQUENCE), or a withdrawal. */
function attachmentsOf(input: AppointmentMailInput): MailAttachment[] {
  if (input.kind === 'confirmation' || input.kind === 'reschedule') {
    return [{ filename: ICS_FILENAME, contentType: icsContentType('REQUEST'), content: appointmentIcs(calendarEntry(input), 'request') }];
  }
  if (input.kind === 'cancellation') {
    return [{ filename: ICS_FILENAME, contentType: icsContentType('CANCEL'), content: appointmentIcs(calendarEntry(input), 'cancel') }];
  }
  return [];
}

/** Writes one appointment mail: subject, HTML, plain text and its calendar file. No I/O. */
export async function renderAppointmentMail(input: AppointmentMailInput): Promise<RenderedMail> {
  const body = bodyOf(input);
  return { subject: body.subject, html: await renderHtml(body), text: renderText(body), attachments: attachmentsOf(input) };
}
