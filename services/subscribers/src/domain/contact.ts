import type { EventData, OfferingType, SubscriberSource } from '@bb/contracts';

/** Someone who reached the business through one channel, at one moment. */
export interface Contact {
  email: string;
  fullName: string;
  phone: string;
  source: SubscriberSource;
  offeringType: OfferingType;
  at: Date;
  /** Only the newsletter form is an explicit sign-up; booking and chat contacts are captured. */
  optIn?: { consentMarketing: boolean };
}

/** A contact from the newsletter form, which always carries its opt-in. */
export type SignUp = Contact & Required<Pick<Contact, 'optIn'>>;

/** What the list holds about a person and a new contact can change. */
export interface SubscriberState {
  fullName: string;
  phone: string;
  offeringType: OfferingType;
  tags: string[];
  lastInteraction: Date;
  subscribed: boolean;
  consentMarketing: boolean;
}

export interface NewSubscriber extends SubscriberState {
  email: string;
  emailKey: string;
  source: SubscriberSource;
  createdAt: Date;
  notes: string;
}

/** One person per address, whatever its capitals. */
export const emailKeyOf = (email: string): string => email.trim().toLowerCase();

const isAddress = (email: string) => email.trim().includes('@');

export function contactFromBooking(data: EventData<'booking.appointment.created'>): Contact | null {
  if (!isAddress(data.email)) return null;
  return {
    email: data.email.trim(),
    fullName: `${data.firstName.trim()} ${data.lastName.trim()}`.trim(),
    phone: data.contact.trim(),
    source: 'booking',
    offeringType: data.offeringType,
    at: new Date(data.createdAt),
  };
}

export function contactFromChat(data: EventData<'chat.conversation.started'>): Contact | null {
  if (!isAddress(data.customerEmail)) return null;
  return {
    email: data.customerEmail.trim(),
    fullName: data.customerName.trim(),
    phone: '',
    source: 'chat',
    offeringType: data.offeringType,
    at: new Date(data.createdAt),
  };
}

export function contactFromNewsletter(body: { email: string; offeringType: OfferingType; consentMarketing: boolean }, at: Date): SignUp {
  return {
    email: body.email.trim(),
    fullName: '',
    phone: '',
    source: 'newsletter',
    offeringType: body.offeringType,
    at,
    optIn: { consentMarketing: body.consentMarketing },
  };
}

/** Someone seen on both sides is interested in both. */
export function mergeOffering(held: OfferingType, seen: OfferingType): OfferingType {
  return held === seen ? held : 'both';
}

export function newSubscriber(contact: Contact): NewSubscriber {
  return {
    email: contact.email,
    emailKey: emailKeyOf(contact.email),
    source: contact.source,
    fullName: contact.fullName,
    phone: contact.phone,
    offeringType: contact.offeringType,
    tags: [contact.source],
    lastInteraction: contact.at,
    createdAt: contact.at,
    subscribed: true,
    consentMarketing: contact.optIn?.consentMarketing ?? false,
    notes: '',
  };
}

/**
 * Whether a sign-up asks for more than the list holds for its address (being on the list, or
 * a marketing consent not given before): only that waits for confirmation under double
 * opt-in. Someone already subscribed with consent stays subscribed and is sent nothing.
 */
export function needsConfirmation(held: SubscriberState | null, signUp: SignUp): boolean {
  return !held || !held.subscribed || (signUp.optIn.consentMarketing && !held.consentMarketing);
}

/** The shortest time between two confirmation mails to one address: sign-ups in between send none. */
export const CONFIRMATION_MAIL_INTERVAL_MS = 10 * 60_000;

/** Whether a confirmation mail may go to an address last mailed one at `lastMailedAt`. */
export const mayMailConfirmation = (lastMailedAt: Date | undefined, at: Date): boolean =>
  !lastMailedAt || at.getTime() - lastMailedAt.getTime() >= CONFIRMATION_MAIL_INTERVAL_MS;

/** A sign-up seen as a mere contact: what it says about the person, without its opt-in, which waits for confirmation. */
export function unconfirmed(signUp: SignUp): Contact {
  const { optIn: _waiting, ...contact } = signUp;
  return contact;
}

/** A new address signed up under double opt-in: on the list, but not subscribed until confirmed. */
export const unconfirmedSubscriber = (signUp: SignUp): NewSubscriber => ({ ...newSubscriber(unconfirmed(signUp)), subscribed: false });

/**
 * A contact applied to someone already on the list. The first source stays; the channel
 * becomes a tag; a name or phone given at the latest interaction wins; a capture never
 * undoes an unsubscribe, only a new newsletter sign-up does. Null when nothing changes, which
 * makes a redelivered event a no-op.
 */
export function mergeContact(held: SubscriberState, contact: Contact): SubscriberState | null {
  const latest = contact.at.getTime() >= held.lastInteraction.getTime();
  const pick = (current: string, offered: string) => (offered && (latest || !current) ? offered : current);
  const next: SubscriberState = {
    fullName: pick(held.fullName, contact.fullName),
    phone: pick(held.phone, contact.phone),
    offeringType: mergeOffering(held.offeringType, contact.offeringType),
    tags: held.tags.includes(contact.source) ? held.tags : [...held.tags, contact.source],
    lastInteraction: latest ? contact.at : held.lastInteraction,
    subscribed: contact.optIn ? true : held.subscribed,
    consentMarketing: contact.optIn ? contact.optIn.consentMarketing : held.consentMarketing,
  };
  const unchanged =
    next.fullName === held.fullName &&
    next.phone === held.phone &&
    next.offeringType === held.offeringType &&
    next.tags === held.tags &&
    next.lastInteraction.getTime() === held.lastInteraction.getTime() &&
    next.subscribed === held.subscribed &&
    next.consentMarketing === held.consentMarketing;
  return unchanged ? null : next;
}
