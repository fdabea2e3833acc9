import {
  appointmentFieldsSchema,
  BOOKING_MESSAGES,
  conversationCreateSchema,
  emailAddressSchema,
  isOnePlainAddress,
  notificationSettingsUpdateSchema,
  ONE_ADDRESS_MESSAGE,
  subscribeRequestSchema,
} from '../src';

const SPEC = 'Please enter a valid email address.';
const firstError = (value: unknown) => {
  const parsed = emailAddressSchema(SPEC).safeParse(value);
  return parsed.success ? null : parsed.error.issues[0].message;
};

describe('one plain e-mail address', () => {
  it.each(['ana@example.com', "o'neil@example.ph", 'ana.santos+spa@mail.example.com', 'x@y', 'ñoño@ejemplo.ph', '  ana@example.com  '])('takes %j', (value) => {
    expect(firstError(value)).toBeNull();
  });

  it('checks the spec first: empty or without @ gets the spec message', () => {
    for (const value of ['', '   ', 'ana.example.com', 42, null, ['a@x.test']]) expect(firstError(value)).toBe(SPEC);
  });

  it.each([
    'a@x.test, b@y.test',
    'a@x.test;b@y.test',
    'Ana <a@x.test>',
    '<a@x.test>',
    '"Ana" a@x.test',
    'a@x.test (Ana)',
    'group: a@x.test;',
    'a b@x.test',
    'a@x.test\nBcc: b@y.test',
    'a@x\r.test',
    'a\u0000@x.test',
    'a\u200b@x.test',
    'a@b@x.test',
    '@x.test',
    'a@',
    'a@x..test',
    'a@.x.test',
    '.a@x.test',
    'a..b@x.test',
    'a\\@x.test',
    'a@[127.0.0.1]',
    `${'a'.repeat(65)}@x.test`,
    `a@${'b'.repeat(250)}.test`,
  ])('refuses %j with its own message', (value) => {
    expect(isOnePlainAddress(value)).toBe(false);
    expect(firstError(value)).toBe(ONE_ADDRESS_MESSAGE);
  });

  it('holds on every form that takes an address: booking, newsletter, chat, staff settings', () => {
    const list = 'a@x.test, b@y.test';
    const booking = appointmentFieldsSchema.safeParse({
      firstName: 'A',
      lastName: 'B',
      email: list,
      contact: '0917',
      preferredDate: '2030-01-01',
      preferredTime: '10:00',
      treatments: ['t'],
    });
    expect(booking.success ? null : booking.error.issues.map((i) => i.message)).toEqual([ONE_ADDRESS_MESSAGE]);
    expect(appointmentFieldsSchema.safeParse({ email: 'nope' }).error?.issues.find((i) => i.path[0] === 'email')?.message).toBe(BOOKING_MESSAGES.email);
    expect(subscribeRequestSchema.safeParse({ email: list }).error?.issues[0].message).toBe(ONE_ADDRESS_MESSAGE);
    expect(conversationCreateSchema.safeParse({ customerName: 'A', customerEmail: list }).error?.issues[0].message).toBe(ONE_ADDRESS_MESSAGE);
    const settings = { staffAlertEmail: list, senderName: 'Clinic', senderEmail: 'hello@clinic.test', reminderLeadHours: 24, enabled: {} };
    expect(notificationSettingsUpdateSchema.safeParse(settings).error?.issues.some((i) => i.path[0] === 'staffAlertEmail')).toBe(true);
  });
});
