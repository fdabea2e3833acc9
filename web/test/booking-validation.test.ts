import { BOOKING_MESSAGES, isPhoneNumber } from '@bb/contracts';
import {
  bookingProblems,
  EMPTY_BOOKING,
  problemsByField,
  toAppointmentRequest,
  toggled,
  validateBooking,
  withPrefill,
  withSelection,
  type BookingForm,
} from '../src/public/booking/domain/validation';

const complete: BookingForm = {
  firstName: 'Maria',
  lastName: 'Santos',
  gender: 'female',
  age: '31',
  email: 'maria@example.ph',
  contact: '+63 917 000 0000',
  preferredDate: '2026-12-01',
  preferredTime: '10:30',
  treatments: ['t1'],
  practitionerId: '',
  notes: '',
};

describe('booking form validation (spec §5, in order)', () => {
  it('accepts a complete form', () => {
    expect(validateBooking(complete, 'clinic')).toBeNull();
  });

  it('reports only the first problem, in the spec order, with its message', () => {
    const order: [Partial<BookingForm>, string, string][] = [
      [{ firstName: ' ' }, 'firstName', BOOKING_MESSAGES.firstName],
      [{ lastName: '' }, 'lastName', BOOKING_MESSAGES.lastName],
      [{ age: '0' }, 'age', BOOKING_MESSAGES.age],
      [{ email: 'maria.example.ph' }, 'email', BOOKING_MESSAGES.email],
      [{ contact: '' }, 'contact', BOOKING_MESSAGES.contact],
      [{ preferredDate: '' }, 'preferredDate', BOOKING_MESSAGES.preferredDate],
      [{ preferredTime: '' }, 'preferredTime', BOOKING_MESSAGES.preferredTime],
      [{ treatments: [] }, 'treatments', 'Please select at least one treatment.'],
    ];
    // Break every field from the i-th on: the i-th must be the one reported.
    order.forEach(([, field, message], i) => {
      const broken = Object.assign({}, complete, ...order.slice(i).map(([change]) => change));
      expect(validateBooking(broken, 'clinic')).toEqual(expect.objectContaining({ field, description: message }));
    });
  });

  it('checks everything on an empty form and starts with the first name', () => {
    expect(validateBooking(EMPTY_BOOKING, 'clinic')).toEqual({
      field: 'firstName',
      title: 'First Name Required',
      description: 'Please enter your first name.',
    });
  });

  it('titles the age and e-mail problems as the spec does', () => {
    expect(validateBooking({ ...complete, age: 'abc' }, 'clinic')?.title).toBe('Invalid Age');
    expect(validateBooking({ ...complete, age: '-4' }, 'clinic')?.description).toBe('Please enter a valid age greater than 0.');
    expect(validateBooking({ ...complete, email: '' }, 'clinic')).toEqual(
      expect.objectContaining({ title: 'Email Required', description: 'Please enter a valid email address.' }),
    );
  });

  it('lets age be left out, and rejects what the server would (fractions, over 150)', () => {
    expect(validateBooking({ ...complete, age: '' }, 'clinic')).toBeNull();
    expect(validateBooking({ ...complete, age: '2.5' }, 'clinic')?.field).toBe('age');
    expect(validateBooking({ ...complete, age: '151' }, 'clinic')?.field).toBe('age');
  });

  it('lists every problem for the inline errors, the first being the one the toast reports', () => {
    const problems = bookingProblems({ ...EMPTY_BOOKING, lastName: 'Santos', age: '0' }, 'clinic');
    expect(problems.map((p) => p.field)).toEqual(['firstName', 'age', 'email', 'contact', 'preferredDate', 'preferredTime', 'treatments']);
    expect(problems[0]).toEqual(validateBooking({ ...EMPTY_BOOKING, lastName: 'Santos', age: '0' }, 'clinic'));
    expect(problemsByField(problems)).toEqual(expect.objectContaining({ firstName: BOOKING_MESSAGES.firstName, age: BOOKING_MESSAGES.age }));
    expect(bookingProblems(complete, 'clinic')).toEqual([]);
  });

  it('names the studio service a package', () => {
    expect(validateBooking({ ...complete, treatments: [] }, 'studio')).toEqual({
      field: 'treatments',
      title: 'Package Required',
      description: 'Please select at least one package.',
    });
  });
});

describe('booking request', () => {
  it('trims the text, drops blank optional fields and tags the side', () => {
    const body = toAppointmentRequest({ ...complete, firstName: ' Maria ', gender: '', age: '', notes: '  ' }, 'studio');
    // The complete form's fields as they are, the blank optional ones dropped and the notes trimmed.
    expect(body).toEqual({ ...complete, gender: undefined, age: undefined, notes: '', offeringType: 'studio', practitionerId: undefined });
    expect(toAppointmentRequest(complete, 'clinic').age).toBe(31);
  });
});

describe('changing the selection', () => {
  it('clears the chosen date and time and says whether there was one', () => {
    expect(withSelection(complete, ['t1', 't2'])).toEqual({
      form: { ...complete, treatments: ['t1', 't2'], preferredDate: '', preferredTime: '' },
      cleared: true,
    });
    expect(withSelection({ ...complete, preferredDate: '', preferredTime: '' }, []).cleared).toBe(false);
  });

  it('ticks and unticks a treatment, keeping the order of choice', () => {
    expect(toggled(['a'], 'b')).toEqual(['a', 'b']);
    expect(toggled(['a', 'b'], 'a')).toEqual(['b']);
  });
});

describe('the contact number (issue 26)', () => {
  it('is a phone number, Philippine unless it says otherwise, however it is spaced', () => {
    for (const number of ['0917 123 4567', '09171234567', '+63 917 123 4567', '(02) 8123 4567', '917-123-4567', '+1 415 555 2671'])
      expect(isPhoneNumber(number)).toBe(true);
    for (const text of ['abc', '12345', '0917', 'call me']) expect(isPhoneNumber(text)).toBe(false);
  });

  it('says so when it is not one, after the spec’s "required"', () => {
    expect(validateBooking({ ...complete, contact: 'abc' }, 'clinic')).toEqual({
      field: 'contact',
      title: 'Invalid Contact Number',
      description: BOOKING_MESSAGES.contactNotAPhone,
    });
    expect(validateBooking({ ...complete, contact: ' ' }, 'clinic')?.description).toBe(BOOKING_MESSAGES.contact);
  });
});

describe('a link asking for items (issue 26)', () => {
  const prefill = { treatments: ['p2'], preferredDate: '', preferredTime: '' };

  it('fills an untouched form', () => {
    expect(withPrefill(EMPTY_BOOKING, { treatments: ['p1'], preferredDate: '2026-12-01', preferredTime: '10:30' })).toEqual({
      form: { ...EMPTY_BOOKING, treatments: ['p1'], preferredDate: '2026-12-01', preferredTime: '10:30' },
      cleared: false,
    });
  });

  it('adds the item to a begun selection, clearing a chosen time as any change of selection does', () => {
    expect(withPrefill(complete, prefill)).toEqual({ form: { ...complete, treatments: ['t1', 'p2'], preferredDate: '', preferredTime: '' }, cleared: true });
    expect(withPrefill({ ...complete, treatments: ['t1', 'p2'] }, prefill)).toEqual({ form: { ...complete, treatments: ['t1', 'p2'] }, cleared: false });
  });
});
