import { isPhoneNumber, possiblePhone } from '@bb/contracts';
import { claimIsStale, contactKeys, mailboxOf, phoneOf } from '../src/domain/contact-keys';

describe('contact keys of the per-contact cap', () => {
  it('read an e-mail as its mailbox: trimmed, in lower case, without the +tag of its local part', () => {
    expect(mailboxOf(' Ana@Example.COM ')).toBe('ana@example.com');
    expect(mailboxOf('ana+1@example.com')).toBe('ana@example.com');
    expect(mailboxOf('Ana+Course+Six@Example.com')).toBe('ana@example.com');
    // Only the local part: a plus elsewhere is not a tag.
    expect(mailboxOf('ana.reyes@example.com')).toBe('ana.reyes@example.com');
    expect(mailboxOf('not-an-address')).toBe('not-an-address');
  });

  it('read a phone number in E.164, a number without country code as a Philippine one', () => {
    for (const written of ['0917 000 0000', '+63 917 000 0000', '+63 (917) 000-0000', '09170000000', '639170000000', '(0917) 000-0000']) {
      expect([written, phoneOf(written)]).toEqual([written, '+639170000000']);
    }
    expect(phoneOf('+1 415 555 0100')).toBe('+14155550100');
  });

  it('keep the digits of a number libphonenumber cannot read, and give no phone key without digits', () => {
    expect(phoneOf('ext. 12')).toBe('12');
    expect(phoneOf('none')).toBeNull();
    expect(contactKeys('ana@example.com', 'none')).toEqual(['e:ana@example.com']);
  });

  it('are the mailbox first and then the number', () => {
    expect(contactKeys('Ana+x@Example.com', '+63 917 000 0000')).toEqual(['e:ana@example.com', 'p:+639170000000']);
    expect(contactKeys('ana+kids@example.com', '0917 000 0000')).toEqual(contactKeys('ANA@example.com', '+639170000000'));
  });
});

describe('a contact number', () => {
  it('is a phone number libphonenumber reads as possible, a Philippine one when written without a country code', () => {
    for (const written of ['0917 123 4567', '+63 917 123 4567', '(0918) 444-4444', '09189991111', '02 8123 4567', '+1 415 555 0100'])
      expect([written, isPhoneNumber(written)]).toEqual([written, true]);
    expect(possiblePhone('0917 123 4567')).toBe('+639171234567');
  });

  it('is not letters, too few digits or too many', () => {
    for (const written of ['abc', '', '0917', '12', '0917-0', '09171234567890123', '<script>1</script>'])
      expect([written, isPhoneNumber(written)]).toEqual([written, false]);
    expect(possiblePhone('abc')).toBeNull();
  });
});

describe('a contact claim', () => {
  const now = new Date('2030-01-02T01:00:00.000Z');
  const wallClock = new Date('2026-05-01T00:00:00.000Z');
  const claimedAt = new Date(wallClock.getTime() - 60_000);
  const upcoming = { status: 'pending', start: new Date('2030-01-03T01:00:00.000Z'), deleted: false };

  it('still counts while its appointment is to come, done early or not', () => {
    expect(claimIsStale(upcoming, claimedAt, now, wallClock, 120_000)).toBe(false);
    expect(claimIsStale({ ...upcoming, status: 'done' }, claimedAt, now, wallClock, 120_000)).toBe(false);
  });

  it('may be taken over once its appointment has started, is cancelled or deleted', () => {
    expect(claimIsStale({ ...upcoming, start: now }, claimedAt, now, wallClock, 120_000)).toBe(true);
    expect(claimIsStale({ ...upcoming, status: 'cancelled' }, claimedAt, now, wallClock, 120_000)).toBe(true);
    expect(claimIsStale({ ...upcoming, deleted: true }, claimedAt, now, wallClock, 120_000)).toBe(true);
  });

  it('without an appointment counts during the grace period (a booking in progress), not after', () => {
    expect(claimIsStale(undefined, claimedAt, now, wallClock, 120_000)).toBe(false);
    expect(claimIsStale(undefined, claimedAt, now, wallClock, 30_000)).toBe(true);
  });
});
