import type { PrivacyRequest } from '@bb/contracts';
import { archiveReady, erasureConfirmed, requestProgress, retentionFromFields, subjectOf } from '../src/maintenance/domain/privacy';

const request = (over: Partial<PrivacyRequest> = {}): PrivacyRequest => ({
  id: 'r1',
  kind: 'access',
  status: 'pending',
  subjectHint: 'e-mail ending @example.com',
  requestedBy: 'olga',
  createdAt: '2030-01-01T00:00:00.000Z',
  services: [
    { service: 'booking', status: 'done', counts: { appointments: 1 } },
    { service: 'chat', status: 'pending', counts: {} },
    { service: 'subscribers', status: 'done', counts: {} },
    { service: 'notifications', status: 'pending', counts: {} },
  ],
  ...over,
});

describe('the Privacy screen', () => {
  it('sends only the fields staff filled in', () => {
    expect(subjectOf(' ana@example.com ', '  ')).toEqual({ email: 'ana@example.com' });
    expect(subjectOf('', '0917 111 2222')).toEqual({ phone: '0917 111 2222' });
  });

  it('erases only when the address (any case) or the number (however written) is typed again', () => {
    const subject = { email: 'Ana@Example.com', phone: '0917 111 2222' };
    expect(erasureConfirmed('ana@example.COM', subject)).toBe(true);
    expect(erasureConfirmed('+63 917-111-2222', subject)).toBe(true);
    expect(erasureConfirmed('', subject)).toBe(false);
    expect(erasureConfirmed('ana@example.org', subject)).toBe(false);
    expect(erasureConfirmed('0917 111 2223', subject)).toBe(false);
    expect(erasureConfirmed('yes', { email: 'ana@example.com' })).toBe(false);
  });

  it('says which services a request still waits for, and offers the archive only while it is kept', () => {
    expect(requestProgress(request())).toBe('Waiting for chat, notifications');
    expect(requestProgress(request({ status: 'done' }))).toBe('Done');
    const done = request({ status: 'done', archiveUntil: '2030-01-08T00:00:00.000Z' });
    expect(archiveReady(done, new Date('2030-01-07T00:00:00Z'))).toBe(true);
    expect(archiveReady(done, new Date('2030-01-09T00:00:00Z'))).toBe(false);
    expect(archiveReady(request(), new Date('2030-01-02T00:00:00Z'))).toBe(false);
    expect(archiveReady({ ...done, kind: 'erasure' }, new Date('2030-01-02T00:00:00Z'))).toBe(false);
  });

  it('reads the retention fields as months, blank as kept for good, and says what to fix', () => {
    expect(retentionFromFields('12', '')).toEqual({ value: { chatMonths: 12, customerMonths: null } });
    expect(retentionFromFields('', ' ')).toEqual({ value: { chatMonths: null, customerMonths: null } });
    expect(retentionFromFields('0', '')).toEqual({ error: 'Chat transcripts: a whole number of months from 1 to 240, or blank to keep' });
    expect(retentionFromFields('6', '1.5')).toEqual({ error: "Past customers' details: a whole number of months from 1 to 240, or blank to keep" });
  });
});
