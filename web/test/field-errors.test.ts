// Issue 26: a field's error goes as soon as the field is valid, in every form, and not before.
import { BOOKING_MESSAGES } from '@bb/contracts';
import { errorsNow, noErrors } from '../src/shared/forms/field-errors';
import { bookingProblems, EMPTY_BOOKING, problemsByField, type BookingForm } from '../src/public/booking/domain/validation';
import { startProblems } from '../src/public/chat/domain/start';
import {
  loginProblems,
  newsProblems,
  packageProblems,
  portfolioProblems,
  REQUIRED_MESSAGE,
  resultProblems,
  staffProblems,
  treatmentProblems,
} from '../src/maintenance/domain/forms';
import { notificationProblems, type NotificationForm } from '../src/maintenance/domain/notifications';

describe('errors shown as the fields change', () => {
  const check = ({ name, email }: { name: string; email: string }) => ({
    ...(name.trim() ? {} : { name: 'Please enter your name.' }),
    ...(email.includes('@') ? {} : { email: 'Please enter a valid email address.' }),
  });
  const given = { errors: { name: 'Please enter your name.', email: 'Please enter a valid email address.' }, values: { name: '', email: '' } };

  it('shows nothing before a submit gave any', () => {
    expect(errorsNow(null, { name: '', email: '' }, check)).toEqual({});
  });

  it('keeps an error while its field is unchanged or still invalid, and drops it the moment the field is valid', () => {
    expect(errorsNow(given, { name: '', email: '' }, check)).toEqual(given.errors);
    expect(errorsNow(given, { name: 'A', email: 'ana' }, check)).toEqual({ email: 'Please enter a valid email address.' });
    expect(errorsNow(given, { name: 'A', email: 'ana@example.ph' }, check)).toEqual({});
  });

  it('does not fault a field that had no error when the errors were given', () => {
    expect(errorsNow({ errors: { email: 'Please enter a valid email address.' }, values: { name: 'Ana', email: '' } }, { name: '', email: '' }, check)).toEqual(
      {
        email: 'Please enter a valid email address.',
      },
    );
  });

  it('keeps the server’s words for a value it refused, and lets the form’s own check speak once the value changes', () => {
    const server = { errors: { email: 'must be one address' }, values: { name: 'Ana', email: 'a@x.ph, b@x.ph' } };
    expect(errorsNow(server, { name: 'Ana', email: 'a@x.ph, b@x.ph' }, check)).toEqual({ email: 'must be one address' });
    expect(errorsNow(server, { name: 'Ana', email: 'a@x.ph' }, check)).toEqual({});
  });

  it('compares lists by their items (the ticked treatments)', () => {
    const ticks = ({ treatments }: { treatments: string[] }) => (treatments.length ? {} : { treatments: 'Please select at least one treatment.' });
    const before = { errors: { treatments: 'Please select at least one treatment.' }, values: { treatments: [] as string[] } };
    expect(errorsNow(before, { treatments: [] }, ticks)).toEqual(before.errors);
    expect(errorsNow(before, { treatments: ['t1'] }, ticks)).toEqual({});
  });

  it('tells an empty check from one with problems', () => {
    expect(noErrors({})).toBe(true);
    expect(noErrors({ name: undefined })).toBe(true);
    expect(noErrors({ name: 'x' })).toBe(false);
  });
});

describe('the public forms', () => {
  it('booking: the first name’s error goes when a name is typed, the e-mail’s only once it is an address', () => {
    const check = (f: BookingForm) => problemsByField(bookingProblems(f, 'clinic'));
    const given = { errors: check(EMPTY_BOOKING), values: EMPTY_BOOKING };
    const typing = { ...EMPTY_BOOKING, firstName: 'Ana', email: 'ana' };
    expect(errorsNow(given, typing, check).firstName).toBeUndefined();
    expect(errorsNow(given, typing, check).email).toBe(BOOKING_MESSAGES.email);
    expect(errorsNow(given, { ...typing, email: 'ana@example.ph' }, check).email).toBeUndefined();
    expect(errorsNow(given, typing, check).lastName).toBe(BOOKING_MESSAGES.lastName);
  });

  it('chat start: a name and an e-mail address, each with its own message', () => {
    expect(startProblems({ name: ' ', email: '' })).toEqual({ name: 'Please enter your name.', email: 'Please enter a valid email address.' });
    expect(startProblems({ name: 'Ana', email: 'ana' })).toEqual({ email: 'Please enter a valid email address.' });
    expect(startProblems({ name: 'Ana', email: 'ana@example.ph' })).toEqual({});
  });
});

describe('the console’s dialogs check their fields with the spec’s rules', () => {
  it('staff, portfolio, news and results: required fields', () => {
    expect(staffProblems({ name: 'Dr. Cruz', position: '', bio: ' ' })).toEqual({ position: REQUIRED_MESSAGE, bio: REQUIRED_MESSAGE });
    expect(portfolioProblems({ title: 'Bride', category: 'Weddings', imageUrl: '' })).toEqual({ imageUrl: REQUIRED_MESSAGE });
    expect(newsProblems({ title: 'Open', excerpt: 'x', content: 'y', publishedAt: '2026-11-22' })).toEqual({});
    expect(resultProblems({ description: '' })).toEqual({ description: REQUIRED_MESSAGE });
  });

  it('treatments and packages: required fields, whole booking minutes, and a package price in pesos', () => {
    const treatment = { name: 'Facial', description: 'Deep clean', duration: '60 minutes', price: '₱2,500', defaultDuration: '' };
    expect(treatmentProblems(treatment)).toEqual({});
    expect(treatmentProblems({ ...treatment, defaultDuration: '0' })).toEqual({ defaultDuration: 'Enter whole minutes, at least 1' });
    expect(packageProblems({ ...treatment, price: 'a lot' })).toEqual({ price: 'Price must be a number' });
    expect(packageProblems({ ...treatment, price: '' })).toEqual({ price: REQUIRED_MESSAGE });
  });

  it('a dialog’s "This field is required" goes as soon as the field is filled', () => {
    const empty = { name: '', position: '', bio: '' };
    const given = { errors: staffProblems(empty), values: empty };
    expect(errorsNow(given, { ...empty, name: 'Dr. Cruz' }, staffProblems)).toEqual({ position: REQUIRED_MESSAGE, bio: REQUIRED_MESSAGE });
  });

  it('login: both fields', () => {
    expect(loginProblems({ username: ' ', password: '' })).toEqual({ username: 'Username is required', password: 'Password is required' });
    expect(loginProblems({ username: 'admin', password: 'x' })).toEqual({});
  });

  it('notifications: a refused address is cleared once it is a valid one', () => {
    const form: NotificationForm = {
      staffAlertEmail: 'front desk',
      senderName: 'Lumière',
      senderEmail: 'hello@lumiere.ph',
      reminderLeadHours: '24',
      changeCutoffHours: '24',
      maxReschedulesPerBooking: '3',
      enabled: { confirmation: true, reschedule: true, cancellation: true, reminder: true, 'staff-alert': true },
    };
    const given = { errors: notificationProblems(form), values: form };
    expect(given.errors.staffAlertEmail).toBeDefined();
    expect(errorsNow(given, { ...form, staffAlertEmail: 'desk@lumiere' }, notificationProblems).staffAlertEmail).toBeDefined();
    expect(errorsNow(given, { ...form, staffAlertEmail: 'desk@lumiere.ph' }, notificationProblems)).toEqual({});
  });
});
