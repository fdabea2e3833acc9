import type { EventData } from '@bb/contracts';
import { confirmTokenHash, newConfirmToken } from '../src/domain/confirm-token';
import {
  CONFIRMATION_MAIL_INTERVAL_MS,
  contactFromBooking,
  contactFromChat,
  contactFromNewsletter,
  emailKeyOf,
  mayMailConfirmation,
  mergeContact,
  mergeOffering,
  needsConfirmation,
  newSubscriber,
  unconfirmedSubscriber,
  type Contact,
} from '../src/domain/contact';
import { subscriberIdFromToken, unsubscribeToken, unsubscribeUrl } from '../src/domain/unsubscribe-token';
import { bookingCreated as booking } from './events';

const chat = (over: Partial<EventData<'chat.conversation.started'>> = {}): EventData<'chat.conversation.started'> => ({
  conversationId: 'c1',
  customerName: 'Ana',
  customerEmail: 'ana.cruz@example.com',
  offeringType: 'studio',
  createdAt: '2026-02-02T00:00:00.000Z',
  ...over,
});

describe('contacts from events and the form', () => {
  it('takes full name, phone, offering and time from a booking', () => {
    expect(contactFromBooking(booking())).toEqual({
      email: 'Ana.Cruz@Example.com',
      fullName: 'Ana Cruz',
      phone: '+63 917 000 0000',
      source: 'booking',
      offeringType: 'clinic',
      at: new Date('2026-02-01T00:00:00.000Z'),
    });
  });

  it('takes name and offering from a chat, with no phone', () => {
    expect(contactFromChat(chat())).toMatchObject({ fullName: 'Ana', phone: '', source: 'chat', offeringType: 'studio' });
  });

  it('ignores an event without a usable address', () => {
    expect(contactFromBooking(booking({ email: '  ' }))).toBeNull();
    expect(contactFromChat(chat({ customerEmail: 'nobody' }))).toBeNull();
  });

  it('treats the newsletter form as an explicit opt-in', () => {
    expect(contactFromNewsletter({ email: 'a@b.c', offeringType: 'both', consentMarketing: true }, new Date(0))).toMatchObject({
      source: 'newsletter',
      optIn: { consentMarketing: true },
    });
  });

  it('keys an address without case or surrounding spaces', () => {
    expect(emailKeyOf(' Ana.Cruz@Example.COM ')).toBe('ana.cruz@example.com');
  });
});

describe('a new subscriber', () => {
  it('is subscribed, tagged with its source, and consents to marketing only through the form', () => {
    const fromBooking = newSubscriber(contactFromBooking(booking())!);
    expect(fromBooking).toMatchObject({
      emailKey: 'ana.cruz@example.com',
      source: 'booking',
      tags: ['booking'],
      subscribed: true,
      consentMarketing: false,
      notes: '',
    });
    expect(fromBooking.createdAt).toEqual(fromBooking.lastInteraction);
    const fromForm = newSubscriber(contactFromNewsletter({ email: 'a@b.c', offeringType: 'both', consentMarketing: true }, new Date()));
    expect(fromForm.consentMarketing).toBe(true);
  });
});

describe('merging a contact into an existing subscriber', () => {
  const held = newSubscriber(contactFromChat(chat())!);

  it('keeps the first source, gains the new channel as a tag, and takes the latest name and phone', () => {
    const next = mergeContact(held, contactFromBooking(booking({ createdAt: '2026-02-03T00:00:00.000Z' }))!);
    expect(next).toMatchObject({
      fullName: 'Ana Cruz',
      phone: '+63 917 000 0000',
      tags: ['chat', 'booking'],
      lastInteraction: new Date('2026-02-03T00:00:00.000Z'),
    });
    expect(next).not.toHaveProperty('source');
  });

  it('changes nothing when the same contact comes again', () => {
    const once = { ...held, ...mergeContact(held, contactFromBooking(booking())!)! };
    expect(mergeContact(once, contactFromBooking(booking())!)).toBeNull();
    expect(mergeContact(held, contactFromChat(chat())!)).toBeNull();
  });

  it('does not let an older contact move the last interaction back or overwrite a newer name', () => {
    const newer = { ...held, fullName: 'Ana Maria Cruz', lastInteraction: new Date('2026-05-01T00:00:00.000Z') };
    const next = mergeContact(newer, contactFromBooking(booking())!)!;
    expect(next.lastInteraction).toEqual(newer.lastInteraction);
    expect(next.fullName).toBe('Ana Maria Cruz');
    // An older contact still fills what is missing.
    expect(next.phone).toBe('+63 917 000 0000');
  });

  it('never re-subscribes someone who unsubscribed, unless they sign up again', () => {
    const unsubscribed = { ...held, subscribed: false };
    expect(mergeContact(unsubscribed, contactFromBooking(booking({ createdAt: '2027-01-01T00:00:00.000Z' }))!)!.subscribed).toBe(false);
    const signup: Contact = contactFromNewsletter({ email: held.email, offeringType: 'both', consentMarketing: true }, new Date('2027-01-01T00:00:00.000Z'));
    expect(mergeContact(unsubscribed, signup)).toMatchObject({ subscribed: true, consentMarketing: true, tags: ['chat', 'newsletter'] });
  });

  it('makes the offering both once both sides were seen', () => {
    expect(mergeOffering('clinic', 'clinic')).toBe('clinic');
    expect(mergeOffering('clinic', 'studio')).toBe('both');
    expect(mergeOffering('both', 'studio')).toBe('both');
    expect(mergeOffering('studio', 'both')).toBe('both');
  });
});

describe('unsubscribe token', () => {
  const secret = 'unsubscribe-secret-for-tests';

  it('gives back the subscriber it was made for', () => {
    expect(subscriberIdFromToken(unsubscribeToken('65f0c0ffee0000000000abcd', secret), secret)).toBe('65f0c0ffee0000000000abcd');
  });

  it('refuses a token for another id, another secret, or a mangled one', () => {
    const token = unsubscribeToken('65f0c0ffee0000000000abcd', secret);
    const [, mac] = token.split('.');
    expect(subscriberIdFromToken(`65f0c0ffee0000000000abce.${mac}`, secret)).toBeNull();
    expect(subscriberIdFromToken(token, 'another-secret-entirely')).toBeNull();
    expect(subscriberIdFromToken(token.slice(0, -1), secret)).toBeNull();
    expect(subscriberIdFromToken('65f0c0ffee0000000000abcd', secret)).toBeNull();
    expect(subscriberIdFromToken('.abc', secret)).toBeNull();
  });

  it('makes a link on the public site', () => {
    expect(unsubscribeUrl('https://example.com/', 'a.b+c')).toBe('https://example.com/api/email-subscribers/unsubscribe?token=a.b%2Bc');
  });
});

describe('double opt-in', () => {
  const signUp = (consentMarketing = true) =>
    contactFromNewsletter({ email: 'ana.cruz@example.com', offeringType: 'both', consentMarketing }, new Date('2026-03-01T00:00:00.000Z'));
  const captured = newSubscriber(contactFromBooking(booking())!);

  it('asks a new or unsubscribed address, or one without the consent asked for, to confirm', () => {
    expect(needsConfirmation(null, signUp())).toBe(true);
    expect(needsConfirmation({ ...captured, subscribed: false, consentMarketing: true }, signUp())).toBe(true);
    expect(needsConfirmation(captured, signUp())).toBe(true);
  });

  it('asks nothing of an address that already holds what the sign-up asks for', () => {
    expect(needsConfirmation({ ...captured, consentMarketing: true }, signUp())).toBe(false);
    expect(needsConfirmation(captured, signUp(false))).toBe(false);
  });

  it('puts a new address on the list unsubscribed and without consent until it confirms', () => {
    expect(unconfirmedSubscriber(signUp())).toMatchObject({ source: 'newsletter', tags: ['newsletter'], subscribed: false, consentMarketing: false });
  });

  it('mails an address at most once in ten minutes', () => {
    const at = new Date('2026-03-01T00:10:00.000Z');
    expect(CONFIRMATION_MAIL_INTERVAL_MS).toBe(600_000);
    expect(mayMailConfirmation(undefined, at)).toBe(true);
    expect(mayMailConfirmation(new Date('2026-03-01T00:00:00.000Z'), at)).toBe(true);
    expect(mayMailConfirmation(new Date('2026-03-01T00:00:00.001Z'), at)).toBe(false);
    expect(mayMailConfirmation(at, at)).toBe(false);
  });

  it('makes a 32-character token for a link, fresh each time, and keeps its SHA-256', () => {
    const token = newConfirmToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(newConfirmToken()).not.toBe(token);
    expect(confirmTokenHash(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(confirmTokenHash('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
