import { contactKeys } from '../src/domain/contact-keys';

describe('contact keys of the per-contact cap', () => {
  it('read an e-mail trimmed and in lower case, and a phone number as its digits', () => {
    expect(contactKeys(' Ana@Example.COM ', '+63 (917) 000-0000')).toEqual(['e:ana@example.com', 'p:639170000000']);
    expect(contactKeys('ana@example.com', '0917 000 0000')).toEqual(contactKeys('ANA@example.com', '09170000000'));
  });

  it('give no phone key for a contact without digits', () => {
    expect(contactKeys('ana@example.com', 'none')).toEqual(['e:ana@example.com']);
  });
});
