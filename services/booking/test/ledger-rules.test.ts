import { manilaInstant } from '@bb/service-kit';
import {
  blockField,
  blockOfField,
  blockStart,
  blocksToKeep,
  countChanges,
  countersOf,
  fieldsOf,
  countsAgree,
  decodeEntry,
  encodeEntry,
  expired,
  fieldOfCounter,
  fieldsByLedger,
  ledgerBlock,
  ledgerBlocks,
  ledgerId,
  liveHold,
  practitionerKey,
  resourceOfCounter,
  resourcesOf,
  roomKey,
  staleEntries,
  takenBlocks,
  takenPlaces,
  type LedgerDoc,
} from '../src/domain/ledger';

// The ledger's rules without a database: which blocks a booking covers and where they are
// kept, what counts as taken at a moment, what a claim changes, what is stale.

const NOW = new Date('2030-01-02T01:00:00Z');
const later = (minutes: number) => new Date(NOW.getTime() + minutes * 60000);

describe('blocks', () => {
  it('are Manila wall-clock half hours, kept in the document of their offering and Manila month', () => {
    const start = manilaInstant('2030-01-31', 22 * 60 + 30);
    const blocks = ledgerBlocks(start, new Date(start.getTime() + 150 * 60000));
    expect(blocks).toEqual(['2030-01-31T22:30', '2030-01-31T23:00', '2030-01-31T23:30', '2030-02-01T00:00', '2030-02-01T00:30']);
    expect(blocks.map((b) => blockStart(b).getTime())).toEqual([0, 1, 2, 3, 4].map((i) => start.getTime() + i * 30 * 60000));
    // A buffer past midnight at the end of a month reaches the next month's document.
    expect([...fieldsByLedger('clinic', blocks)]).toEqual([
      ['clinic|2030-01', ['31T2230', '31T2300', '31T2330']],
      ['clinic|2030-02', ['01T0000', '01T0030']],
    ]);
  });

  it('cover every half hour an interval overlaps, a part-hour end included', () => {
    const start = manilaInstant('2030-01-07', 9 * 60 + 30);
    expect(ledgerBlocks(start, new Date(start.getTime() + 45 * 60000))).toEqual(['2030-01-07T09:30', '2030-01-07T10:00']);
  });

  it('name their field and come back from it', () => {
    const block = ledgerBlock(manilaInstant('2030-12-15', 18 * 60 + 30));
    expect(block).toBe('2030-12-15T18:30');
    expect(ledgerId('studio', block)).toBe('studio|2030-12');
    expect(blockField(block)).toBe('15T1830');
    expect(blockOfField('2030-12', '15T1830')).toBe(block);
  });
});

describe('places taken at a moment', () => {
  const doc: LedgerDoc = {
    _id: 'clinic|2030-01',
    b: { '07T0900': 2, '07T0930': 1, '07T1000': 1 },
    h: {
      a1: { b: ['07T0900', '07T0930'], s: 'k' },
      a2: { b: ['07T0900'], s: 'c', u: later(-5) },
      vHold: { b: ['07T1000'], s: 'v', u: later(10) },
    },
  };

  it('are the counts: kept holders, changes not settled (even past their deadline) and holds not expired', () => {
    expect(Object.fromEntries(takenPlaces(doc, NOW))).toEqual({ '07T0900': 2, '07T0930': 1, '07T1000': 1 });
  });

  it('leave out expired holds and the holders asked to (a moving appointment, a visitor their own hold)', () => {
    expect(takenPlaces(doc, later(10)).get('07T1000')).toBe(0);
    expect(Object.fromEntries(takenPlaces(doc, NOW, new Set(['a1', 'vHold'])))).toEqual({ '07T0900': 1, '07T0930': 0, '07T1000': 0 });
    expect(expired(doc.h?.vHold ?? { b: [], s: 'k' }, later(10))).toBe(true);
    // An overdue change counts as its appointment says, once read.
    expect(takenPlaces(doc, NOW, new Set(), new Map([['a2', []]])).get('07T0900')).toBe(1);
    expect(takenPlaces(doc, NOW, new Set(), new Map([['a2', ['07T0900']]])).get('07T0900')).toBe(2);
    expect(expired(doc.h?.a2 ?? { b: [], s: 'k' }, later(60))).toBe(false);
  });

  it('as block starts for the slots, free blocks left out', () => {
    expect(takenBlocks(doc, '2030-01', NOW, new Set(['a1']))).toEqual([
      { resource: null, start: manilaInstant('2030-01-07', 9 * 60), places: 1 },
      { resource: null, start: manilaInstant('2030-01-07', 10 * 60), places: 1 },
    ]);
  });
});

describe('a claim', () => {
  it('takes a place in each new block, none where the holder already counts, and takes over a converted hold', () => {
    expect(Object.fromEntries(countChanges([], ['07T0900', '07T0930']))).toEqual({ '07T0900': 1, '07T0930': 1 });
    // A move by half an hour keeps its own place in the block both times cover.
    expect(Object.fromEntries(countChanges(['07T0900', '07T0930'], ['07T0930', '07T1000']))).toEqual({ '07T1000': 1 });
    // Booking within the visitor's hold: no new place where the hold was.
    expect(Object.fromEntries(countChanges([], ['07T0900', '07T0930'], ['07T0900', '07T0930']))).toEqual({});
    expect(Object.fromEntries(countChanges([], ['07T0900', '07T0930'], ['07T0900']))).toEqual({ '07T0930': 1 });
    expect(Object.fromEntries(countChanges([], ['07T0900'], ['07T0900', '07T0930']))).toEqual({ '07T0930': -1 });
  });

  it('refused may clear expired holds and changes past their deadline in its blocks, and its own leftover', () => {
    const doc: LedgerDoc = {
      _id: 'clinic|2030-01',
      h: {
        a1: { b: ['07T0900'], s: 'k' },
        a2: { b: ['07T0900'], s: 'c', u: later(-1) },
        a3: { b: ['07T0900'], s: 'c', u: later(1) },
        vOld: { b: ['07T0900'], s: 'v', u: later(-1) },
        vElsewhere: { b: ['08T0900'], s: 'v', u: later(-1) },
        aMine: { b: ['08T1000'], s: 'c', u: later(-1) },
      },
    };
    expect(staleEntries(doc, ['07T0900'], NOW, 'aMine').map(([key]) => key)).toEqual(['a2', 'vOld', 'aMine']);
  });
});

describe('settling a change by its appointment', () => {
  const counted = ['07T0900', '07T0930', '07T1000'];
  const appointment = { status: 'pending', deletedAt: null, blocks: ['2030-01-07T09:30', '2030-01-07T10:00', '2030-02-01T00:00'] };

  it('keeps the blocks of this document the active appointment lists and the entry counts', () => {
    expect(blocksToKeep(appointment, 'clinic', 'clinic|2030-01', counted)).toEqual(['07T0930', '07T1000']);
    expect(blocksToKeep({ ...appointment, blocks: ['2030-01-07T11:00'] }, 'clinic', 'clinic|2030-01', counted)).toEqual([]);
  });

  it('keeps nothing for a cancelled, deleted or missing appointment', () => {
    expect(blocksToKeep({ ...appointment, status: 'cancelled' }, 'clinic', 'clinic|2030-01', counted)).toEqual([]);
    expect(blocksToKeep({ ...appointment, deletedAt: NOW }, 'clinic', 'clinic|2030-01', counted)).toEqual([]);
    expect(blocksToKeep(null, 'clinic', 'clinic|2030-01', counted)).toEqual([]);
  });
});

describe('a document agrees with itself', () => {
  it('when every count is the number of holders listing its block', () => {
    const doc: LedgerDoc = { _id: 'x', b: { '07T0900': 2, '07T0930': 0 }, h: { a1: { b: ['07T0900'], s: 'k' }, v2: { b: ['07T0900'], s: 'v', u: NOW } } };
    expect(countsAgree(doc)).toBe(true);
    expect(countsAgree({ ...doc, b: { '07T0900': 1 } })).toBe(false);
    expect(countsAgree({ ...doc, b: { '07T0900': 2, '07T1000': 1 } })).toBe(false);
    expect(countsAgree({ ...doc, h: {} })).toBe(false);
  });
});

describe('an entry stored as one string', () => {
  it('keeps state, deadline and blocks, in the order written, so a guard meets exactly the entry read', () => {
    const entries = [
      { b: ['07T0900', '07T0930'], s: 'k' as const },
      { b: ['31T2330'], s: 'c' as const, u: later(2) },
      { b: ['07T0900'], s: 'v' as const, u: later(10) },
    ];
    expect(entries.map(encodeEntry)).toEqual(['k 07T0900 07T0930', 'c 2030-01-02T01:02:00.000Z 31T2330', 'v 2030-01-02T01:10:00.000Z 07T0900']);
    expect(entries.map(encodeEntry).map(decodeEntry)).toEqual(entries);
  });

  it('is a live hold for the filter exactly while its expiry is after now', () => {
    const live = liveHold(NOW);
    const inRange = (stored: string) => stored > live.$gt && stored < live.$lt;
    expect(inRange(encodeEntry({ b: ['07T0900'], s: 'v', u: later(1) }))).toBe(true);
    expect(inRange(encodeEntry({ b: ['07T0900'], s: 'v', u: NOW }))).toBe(false);
    expect(inRange(encodeEntry({ b: ['07T0900'], s: 'v', u: later(-1) }))).toBe(false);
    expect(inRange(encodeEntry({ b: ['07T0900'], s: 'c', u: later(1) }))).toBe(false);
    expect(inRange(encodeEntry({ b: ['07T0900'], s: 'k' }))).toBe(false);
    expect(expired({ b: ['07T0900'], s: 'v', u: NOW }, NOW)).toBe(true);
  });
});

describe('resource counters', () => {
  it("count each resource per block instead of the offering's places, and tell which resource and block a counter is", () => {
    const counters = countersOf(['07T0900', '07T0930'], [practitionerKey('64ab'), roomKey('laser')]);
    expect(counters).toEqual(['p64ab_07T0900', 'p64ab_07T0930', 'xlaser_07T0900', 'xlaser_07T0930']);
    expect(counters.map(resourceOfCounter)).toEqual(['p64ab', 'p64ab', 'xlaser', 'xlaser']);
    expect(counters.map(fieldOfCounter)).toEqual(['07T0900', '07T0930', '07T0900', '07T0930']);
    expect(fieldsOf(counters)).toEqual(['07T0900', '07T0930']);
    expect(resourcesOf(counters)).toEqual(['p64ab', 'xlaser']);
    // Without resources: the offering's places.
    expect(countersOf(['07T0900'])).toEqual(['07T0900']);
    expect(resourceOfCounter('07T0900')).toBeNull();
    expect(countersOf(['07T0900'])).toEqual(['07T0900']);
  });

  it('are kept on settling only where the appointment lists the resource', () => {
    const counted = countersOf(['07T0900'], ['pA', 'xlaser']);
    const appointment = { status: 'pending', blocks: ['2030-01-07T09:00'], resources: ['pA'] };
    expect(blocksToKeep(appointment, 'clinic', 'clinic|2030-01', counted)).toEqual(['pA_07T0900']);
  });

  it('show in the slot plan per resource', () => {
    const doc: LedgerDoc = { _id: 'clinic|2030-01', b: { '07T0900': 1, pA_07T0900: 1 }, h: { a1: { b: ['07T0900', 'pA_07T0900'], s: 'k' } } };
    expect(takenBlocks(doc, '2030-01', NOW).map((t) => [t.resource, t.places])).toEqual([
      [null, 1],
      ['pA', 1],
    ]);
  });
});
