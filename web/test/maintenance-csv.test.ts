import type { Subscriber } from '@bb/contracts';
import { SUBSCRIBER_CSV_COLUMNS } from '@bb/contracts';
import { csvCell, toCsv } from '../src/maintenance/domain/csv';
import { bookableIndex } from '../src/maintenance/domain/bookables';
import { appointmentsForReport, appointmentsReportCsv, REPORT_CSV_COLUMNS, reportFileName } from '../src/maintenance/domain/reports';
import { subscriberCounts, subscribersCsv, subscribersFileName, subscriptionStatus } from '../src/maintenance/domain/subscribers';
import { appointment } from './maintenance-fixtures';

const lines = (csv: string) => csv.trimEnd().split('\r\n');

describe('CSV cells', () => {
  it('quotes cells with commas, quotes or line breaks and doubles quotes', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(31)).toBe('31');
  });

  it('neutralises cells a spreadsheet would run as formulas, but keeps phone numbers and negatives', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('+cmd|calc')).toBe("'+cmd|calc");
    expect(csvCell('+63 917 123 4567')).toBe('+63 917 123 4567');
    expect(csvCell('-5')).toBe('-5');
  });

  it('writes a header and rows with CRLF line endings', () => {
    expect(toCsv(['A', 'B'], [[1, 'x']])).toBe('A,B\r\n1,x\r\n');
  });
});

const subscriber = (over: Partial<Subscriber> = {}): Subscriber => ({
  id: 's1',
  email: 'ana@example.com',
  fullName: 'Ana Cruz',
  phone: '09171234567',
  source: 'booking',
  offeringType: 'clinic',
  subscribed: true,
  consentMarketing: false,
  createdAt: '2026-03-01T16:30:00.000Z',
  lastInteraction: '2026-03-02T01:00:00.000Z',
  tags: ['vip', 'facial'],
  notes: 'Prefers mornings',
  unsubscribeUrl: '/api/email-subscribers/unsubscribe?token=t',
  pendingConfirmation: false,
  ...over,
});

describe('subscriber export', () => {
  it('has the 11 columns of the spec, tags joined by semicolons and Manila times', () => {
    const [header, row] = lines(subscribersCsv([subscriber()]));
    expect(header.split(',')).toEqual([...SUBSCRIBER_CSV_COLUMNS]);
    expect(header.split(',')).toHaveLength(11);
    expect(row).toBe('ana@example.com,Ana Cruz,09171234567,booking,clinic,Yes,No,2026-03-02 00:30,2026-03-02 09:00,vip;facial,Prefers mornings');
  });

  it('writes one row per subscriber and leaves a missing time empty', () => {
    const csv = subscribersCsv([subscriber(), subscriber({ id: 's2', email: 'b@example.com', subscribed: false, lastInteraction: '' })]);
    const rows = lines(csv);
    expect(rows).toHaveLength(3);
    expect(rows[2].split(',')[5]).toBe('No');
    expect(rows[2].split(',')[8]).toBe('');
  });

  it('names the file with the date as yyyy-MM-dd', () => {
    expect(subscribersFileName('2026-03-05')).toBe('email-subscribers-2026-03-05.csv');
  });

  it('shows a double opt-in sign-up as awaiting confirmation until it is subscribed', () => {
    expect(subscriptionStatus(subscriber({ subscribed: false, pendingConfirmation: true })).label).toBe('Awaiting confirmation');
    expect(subscriptionStatus(subscriber({ subscribed: true, pendingConfirmation: false })).label).toBe('Subscribed');
    expect(subscriptionStatus(subscriber({ subscribed: false, pendingConfirmation: false })).label).toBe('Unsubscribed');
  });

  it('counts total, subscribed and unsubscribed', () => {
    expect(subscriberCounts([subscriber(), subscriber({ subscribed: false }), subscriber()])).toEqual({ total: 3, subscribed: 2, unsubscribed: 1 });
  });
});

describe('appointments report export', () => {
  const index = bookableIndex(
    [
      { id: 't1', name: 'Hydrafacial', defaultDuration: 60 },
      { id: 't2', name: 'Peel', defaultDuration: 30 },
    ],
    [],
  );

  it('has the columns Date, Time, Name, Gender, Age, Email, Contact, Treatments, Notes', () => {
    expect([...REPORT_CSV_COLUMNS]).toEqual(['Date', 'Time', 'Name', 'Gender', 'Age', 'Email', 'Contact', 'Treatments', 'Notes']);
    const [header, row] = lines(appointmentsReportCsv([appointment({ treatments: ['t1', 't2', 'gone'], notes: 'First visit, nervous' })], index));
    expect(header).toBe('Date,Time,Name,Gender,Age,Email,Contact,Treatments,Notes');
    expect(row).toBe('2026-03-10,10:00,Maria Santos,female,31,maria@example.com,+63 917 123 4567,Hydrafacial;Peel;Unknown Service,"First visit, nervous"');
  });

  it('lists the range and side without cancelled bookings, by date then time', () => {
    const list = [
      appointment({ id: 'late', preferredDate: '2026-03-12', preferredTime: '09:00' }),
      appointment({ id: 'early', preferredDate: '2026-03-10', preferredTime: '14:00' }),
      appointment({ id: 'first', preferredDate: '2026-03-10', preferredTime: '09:30' }),
      appointment({ id: 'cancelled', status: 'cancelled' }),
      appointment({ id: 'outside', preferredDate: '2026-04-01' }),
      appointment({ id: 'studio', offeringType: 'studio' }),
      appointment({ id: 'both', offeringType: 'both', preferredDate: '2026-03-11' }),
    ];
    expect(appointmentsForReport(list, '2026-03-01', '2026-03-31', 'clinic').map((a) => a.id)).toEqual(['first', 'early', 'both', 'late']);
  });

  it('names the file appointments-report-{yyyy-MM-dd}.csv', () => {
    expect(reportFileName('2026-03-05')).toBe('appointments-report-2026-03-05.csv');
  });
});
