import { appointmentRequestSchema, officeHoursBulkSchema, slotsQuerySchema } from '@bb/contracts';

const valid = {
  firstName: 'Ana',
  lastName: 'Reyes',
  gender: 'female',
  age: 30,
  email: 'ana@example.com',
  contact: '0917 000 0000',
  preferredDate: '2030-01-07',
  preferredTime: '09:00',
  treatments: ['t1'],
  notes: '',
  offeringType: 'clinic',
};

/** The message the API answers with: the first problem found. */
const firstMessage = (body: Record<string, unknown>) => {
  const result = appointmentRequestSchema.safeParse(body);
  return result.success ? null : result.error.issues[0].message;
};

describe('booking request validation', () => {
  it('reports problems in the order the booking form checks them, with its messages', () => {
    const steps: [string, unknown, string][] = [
      ['firstName', ' ', 'Please enter your first name.'],
      ['lastName', '', 'Please enter your last name.'],
      ['age', 0, 'Please enter a valid age greater than 0.'],
      ['email', 'ana.example.com', 'Please enter a valid email address.'],
      ['contact', '', 'Please enter your contact number.'],
      ['preferredDate', '', 'Please select a preferred date for your appointment.'],
      ['preferredTime', '', 'Please select a preferred time for your appointment.'],
      ['treatments', [], 'Please select at least one treatment.'],
    ];
    // Break every field at once, then mend them in order: each time the next message shows.
    const body: Record<string, unknown> = { ...valid, ...Object.fromEntries(steps.map(([field, bad]) => [field, bad])) };
    for (const [field, , message] of steps) {
      expect(firstMessage(body)).toBe(message);
      body[field] = valid[field as keyof typeof valid];
    }
    expect(firstMessage(body)).toBeNull();
  });

  it('names the studio item a package', () => {
    expect(firstMessage({ ...valid, offeringType: 'studio', treatments: [] })).toBe('Please select at least one package.');
  });

  it('accepts a blank or missing age and gender, and rejects ages that are not whole positive numbers', () => {
    expect(firstMessage({ ...valid, age: '', gender: '' })).toBeNull();
    expect(firstMessage({ ...valid, age: undefined, gender: undefined })).toBeNull();
    for (const age of [-1, 2.5, 'abc', true]) expect(firstMessage({ ...valid, age })).toBe('Please enter a valid age greater than 0.');
    expect(appointmentRequestSchema.parse({ ...valid, age: '42' }).age).toBe(42);
  });

  it('rejects dates that are not real calendar dates and normalises 12-hour times', () => {
    expect(firstMessage({ ...valid, preferredDate: '2030-02-30' })).toMatch(/calendar date/);
    expect(appointmentRequestSchema.parse({ ...valid, preferredTime: '2:30 PM' }).preferredTime).toBe('14:30');
    expect(appointmentRequestSchema.parse({ ...valid, preferredTime: '9:00' }).preferredTime).toBe('09:00');
    expect(firstMessage({ ...valid, preferredTime: '25:00' })).toBe('Please select a preferred time for your appointment.');
  });

  it('books an item chosen twice once', () => {
    expect(appointmentRequestSchema.parse({ ...valid, treatments: ['t1', 't2', 't1'] }).treatments).toEqual(['t1', 't2']);
  });

  it('takes one or many treatmentId query values for slots', () => {
    expect(slotsQuerySchema.parse({ offeringType: 'clinic', date: '2030-01-07', treatmentId: 'a' }).treatmentId).toEqual(['a']);
    expect(slotsQuerySchema.parse({ offeringType: 'clinic', date: '2030-01-07', treatmentId: ['a', 'b', ''] }).treatmentId).toEqual(['a', 'b']);
    expect(slotsQuerySchema.parse({ offeringType: 'clinic', date: '2030-01-07' }).treatmentId).toEqual([]);
  });

  it('accepts office hours as HH:mm or HH:mm:ss, open days ending after they start, closed days without times', () => {
    const parsed = officeHoursBulkSchema.parse({
      offeringType: 'clinic',
      hours: [
        { dayOfWeek: 1, startTime: '08:00:00', endTime: '12:30', isActive: true },
        { dayOfWeek: 0, startTime: '', endTime: '', isActive: false, offeringType: 'clinic' },
      ],
    });
    expect(parsed.hours[0]).toMatchObject({ startTime: '08:00', endTime: '12:30' });
    expect(parsed.hours[1].startTime).toBeUndefined();
    const problems = (hours: unknown[]) => officeHoursBulkSchema.safeParse({ offeringType: 'clinic', hours }).error?.issues.map((i) => i.message);
    expect(problems([{ dayOfWeek: 1, startTime: '12:00', endTime: '09:00', isActive: true }])).toEqual(['endTime must be after startTime']);
    expect(problems([{ dayOfWeek: 1, startTime: '9am', endTime: '17:00', isActive: true }])).toContain('times must be HH:mm or HH:mm:ss');
    expect(problems([{ dayOfWeek: 1, isActive: true }])).toEqual(['an open day needs startTime and endTime']);
    expect(problems([{ dayOfWeek: 7, startTime: '09:00', endTime: '17:00', isActive: true }])).toEqual(['dayOfWeek must be 0 (Sunday) to 6 (Saturday)']);
    expect(problems([{ dayOfWeek: 1, startTime: '09:00', endTime: '17:00', isActive: true, offeringType: 'studio' }])).toEqual([
      'every day must belong to the offeringType of the request',
    ]);
  });
});
