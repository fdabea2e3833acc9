import { manilaInstant } from '@bb/service-kit';
import { countsAgree, type LedgerDoc } from '../src/domain/ledger';
import {
  blocksOf,
  firstMigratedBlock,
  ledgerAddition,
  ledgerMismatch,
  planLedger,
  seatDisagreements,
  type SeatEraAppointment,
} from '../src/domain/ledger-migration';

// The ledger migration's rules: which appointments the ledger holds, in which blocks, and the
// one update per document that adds what a document lacks.

const seat = (offering: string, date: string, minutes: number, n = 0) => `${offering}|${manilaInstant(date, minutes).toISOString()}|${n}`;

const appointment = (over: Partial<SeatEraAppointment> & { id: string }): SeatEraAppointment => ({
  offering: 'clinic',
  status: 'pending',
  deleted: false,
  seats: [],
  start: manilaInstant('2030-01-07', 9 * 60),
  end: manilaInstant('2030-01-07', 10 * 60),
  ...over,
});

describe('what the ledger holds after the migration', () => {
  it('starts at the first day of the business clock’s Manila month (Manila is 8 hours ahead of UTC)', () => {
    expect(firstMigratedBlock(new Date('2030-01-02T09:00:00+08:00'))).toBe('2030-01-01T00:00');
    expect(firstMigratedBlock(new Date('2029-12-31T16:30:00Z'))).toBe('2030-01-01T00:00');
    expect(firstMigratedBlock(new Date('2029-12-31T15:59:00Z'))).toBe('2029-12-01T00:00');
  });

  it('takes an appointment’s blocks from its seats (a buffer’s included), or from its interval when it lists none', () => {
    const withBuffer = appointment({
      id: 'a',
      seats: [seat('clinic', '2030-01-07', 570), seat('clinic', '2030-01-07', 540, 1), seat('clinic', '2030-01-07', 600)],
    });
    expect(blocksOf(withBuffer)).toEqual(['2030-01-07T09:00', '2030-01-07T09:30', '2030-01-07T10:00']);
    expect(blocksOf(appointment({ id: 'b' }))).toEqual(['2030-01-07T09:00', '2030-01-07T09:30']);
  });

  it('counts every active appointment from the first block on under its holder, and leaves out cancelled, deleted and wholly past ones', () => {
    const plan = planLedger(
      [
        appointment({ id: 'kept', seats: [seat('clinic', '2030-01-07', 540), seat('clinic', '2030-01-07', 570)] }),
        appointment({ id: 'other', seats: [seat('clinic', '2030-01-07', 540, 1)] }),
        appointment({ id: 'studio', offering: 'studio', seats: [seat('studio', '2030-02-01', 540)] }),
        appointment({ id: 'cancelled', status: 'cancelled', seats: [] }),
        appointment({ id: 'deleted', deleted: true, seats: [seat('clinic', '2030-01-08', 540)] }),
        appointment({ id: 'past', status: 'done', seats: [seat('clinic', '2029-12-30', 540)] }),
        appointment({ id: 'noSeats', start: manilaInstant('2030-01-09', 600), end: manilaInstant('2030-01-09', 630) }),
      ],
      '2030-01-01T00:00',
    );
    expect(Object.fromEntries([...plan.documents].map(([id, holders]) => [id, Object.fromEntries(holders)]))).toEqual({
      'clinic|2030-01': { akept: ['07T0900', '07T0930'], aother: ['07T0900'], anoSeats: ['09T1000'] },
      'studio|2030-02': { astudio: ['01T0900'] },
    });
    expect([...plan.blocks.keys()].sort()).toEqual(['kept', 'noSeats', 'other', 'studio']);
    expect(plan.fromInterval).toEqual(['noSeats']);
  });

  it('keeps all the blocks of an appointment that runs into the first month, its blocks before it in the month before', () => {
    const overMidnight = appointment({ id: 'late', seats: [seat('clinic', '2029-12-31', 23 * 60 + 30), seat('clinic', '2030-01-01', 0)] });
    const plan = planLedger([overMidnight], '2030-01-01T00:00');
    expect(Object.fromEntries([...plan.documents].map(([id, holders]) => [id, Object.fromEntries(holders)]))).toEqual({
      'clinic|2029-12': { alate: ['31T2330'] },
      'clinic|2030-01': { alate: ['01T0000'] },
    });
  });
});

describe('the update that adds holders to a document', () => {
  const planned = new Map([
    ['a1', ['07T0900', '07T0930']],
    ['a2', ['07T0900']],
  ]);

  it('counts each missing holder once in its blocks, and requires each to be absent', () => {
    expect(ledgerAddition('clinic|2030-01', planned, new Set())).toEqual({
      filter: { _id: 'clinic|2030-01', 'h.a1': { $exists: false }, 'h.a2': { $exists: false } },
      update: { $inc: { 'b.07T0900': 2, 'b.07T0930': 1 }, $set: { 'h.a1': 'k 07T0900 07T0930', 'h.a2': 'k 07T0900' } },
      holders: 2,
    });
  });

  it('adds only the holders a document lacks, and nothing when it has them all', () => {
    expect(ledgerAddition('clinic|2030-01', planned, new Set(['a1', 'v-token']))?.update).toEqual({
      $inc: { 'b.07T0900': 1 },
      $set: { 'h.a2': 'k 07T0900' },
    });
    expect(ledgerAddition('clinic|2030-01', planned, new Set(['a1', 'a2']))).toBeNull();
  });

  it('says what is wrong with a stored document: missing, counts against holders, a holder not kept', () => {
    const good: LedgerDoc = { _id: 'x', b: { '07T0900': 2, '07T0930': 1 }, h: { a1: { b: ['07T0900', '07T0930'], s: 'k' }, a2: { b: ['07T0900'], s: 'k' } } };
    expect(countsAgree(good)).toBe(true);
    expect(ledgerMismatch('x', good, planned)).toBeNull();
    expect(ledgerMismatch('x', null, planned)).toBe('x is missing');
    expect(ledgerMismatch('x', { ...good, b: { '07T0900': 1, '07T0930': 1 } }, planned)).toBe('x: counts disagree with holders');
    expect(ledgerMismatch('x', { _id: 'x', b: { '07T0930': 1 }, h: { a1: { b: ['07T0930'], s: 'k' } } }, planned)).toBe('x: a1 is not kept in 07T0900,07T0930');
  });
});

describe('the seats and day sheets against the appointments', () => {
  it('names seats and sheet entries missing or held for no appointment, from the first block on only', () => {
    const listed = seat('clinic', '2030-01-07', 540);
    const lost = seat('clinic', '2030-01-07', 570);
    const wrongSide = seat('studio', '2030-01-07', 600);
    const old = seat('clinic', '2029-12-20', 540);
    const appointments = [
      appointment({ id: 'a', seats: [listed, lost, wrongSide] }),
      appointment({ id: 'gone', status: 'cancelled', seats: [] }),
      appointment({ id: 'p', status: 'done', seats: [old] }),
    ];
    const orphan = seat('clinic', '2030-01-08', 540);
    const found = seatDisagreements(
      appointments,
      [
        { id: listed, appointmentId: 'a' },
        { id: wrongSide, appointmentId: 'a' },
        { id: orphan, appointmentId: 'gone' },
      ],
      [{ id: 'clinic|2030-01-07', holds: [`${listed}#a`, `${lost}#a`, `${orphan}#gone`] }],
      '2030-01-01T00:00',
    );
    expect(found).toEqual({
      seatMissing: [`${lost}#a`],
      seatOrphaned: [`${orphan}#gone`],
      sheetMissing: [`${wrongSide}#a`],
      sheetOrphaned: [`${orphan}#gone`],
      otherOffering: [`${wrongSide}#a`],
    });
  });
});
