import { settingChanges } from '../src/audit/setting-changes';

describe('settingChanges', () => {
  it('names only the fields that changed, before and after', () => {
    expect(settingChanges({ maxSessionsPerSlot: 1, bufferMinutes: 0 }, { maxSessionsPerSlot: 2, bufferMinutes: 0 })).toEqual({
      before: 'maxSessionsPerSlot 1',
      after: 'maxSessionsPerSlot 2',
    });
    expect(settingChanges({ a: 1, b: 'x', c: [1] }, { a: 3, b: 'y', c: [1, 2] })).toEqual({ before: 'a 1, b x, c [1]', after: 'a 3, b y, c [1,2]' });
  });

  it('says nothing when nothing changed, and shows a field that had no value as none', () => {
    expect(settingChanges({ a: 1 }, { a: 1 })).toEqual({});
    expect(settingChanges({}, { enabled: true })).toEqual({ before: 'enabled none', after: 'enabled true' });
  });

  it('writes only that a hidden field changed, never its value', () => {
    expect(settingChanges({ staffAlertEmail: 'a@x.ph', hours: 24 }, { staffAlertEmail: 'b@x.ph', hours: 24 }, ['staffAlertEmail'])).toEqual({
      before: 'staffAlertEmail (not shown)',
      after: 'staffAlertEmail (not shown)',
    });
  });

  it('keeps each text within 500 characters', () => {
    const long = settingChanges({ note: '' }, { note: 'x'.repeat(2000) });
    expect(long.after!.length).toBe(500);
  });
});
