import type { AuditEntry } from '@bb/contracts';
import { canonicalForm, CHAIN_START, entryHash, GENESIS_HASH, verifyEntries, verifyHead, type HashedFields } from '../src/domain/audit-chain';
import { exportSubject } from '../src/domain/audit-export';

const owner = { id: 'u1', username: 'ana', role: 'owner' as const };

/** A chain of `n` well-formed entries. */
function chain(n: number): AuditEntry[] {
  const entries: AuditEntry[] = [];
  let previousHash = GENESIS_HASH;
  for (let seq = 1; seq <= n; seq++) {
    const fields: HashedFields = {
      seq,
      service: 'booking',
      action: 'setting-changed',
      actor: owner,
      subject: `settings clinic ${seq}`,
      at: `2026-11-0${seq}T01:00:00.000Z`,
      previousHash,
    };
    const hash = entryHash(fields);
    entries.push({ ...fields, hash });
    previousHash = hash;
  }
  return entries;
}

describe('audit chain rules', () => {
  it('serialises the fields in one fixed order, whatever the order of the keys, absent ones as null', () => {
    const a: HashedFields = { seq: 1, service: 'auth', action: 'export', subject: 's', at: '2026-11-01T00:00:00.000Z', previousHash: GENESIS_HASH };
    const b = { previousHash: GENESIS_HASH, at: '2026-11-01T00:00:00.000Z', subject: 's', action: 'export', service: 'auth', seq: 1 } as HashedFields;
    expect(canonicalForm(a)).toBe(canonicalForm(b));
    expect(canonicalForm(a)).toBe(JSON.stringify([1, 'auth', 'export', null, 's', null, null, null, '2026-11-01T00:00:00.000Z', GENESIS_HASH]));
    expect(entryHash(a)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('gives another hash when any field changes', () => {
    const [entry] = chain(1);
    const { hash: _hash, ...fields } = entry;
    const base = entryHash(fields);
    const changes: Partial<HashedFields>[] = [
      { seq: 2 },
      { service: 'chat' },
      { action: 'export' },
      { actor: { ...owner, role: 'manager' } },
      { actor: undefined },
      { subject: 'settings studio' },
      { before: '1' },
      { after: '2' },
      { address: '10.0.0.1' },
      { at: '2026-11-01T01:00:00.001Z' },
      { previousHash: '1'.repeat(64) },
    ];
    for (const change of changes) expect(entryHash({ ...fields, ...change })).not.toBe(base);
  });

  it('finds a well-formed chain whole, in batches', () => {
    const entries = chain(5);
    const first = verifyEntries(CHAIN_START, entries.slice(0, 2));
    expect(first.broken).toBeUndefined();
    const second = verifyEntries(first.position, entries.slice(2));
    expect(second).toEqual({ position: { seq: 5, hash: entries[4].hash, checked: 5 } });
    expect(verifyHead(second.position, { seq: 5, hash: entries[4].hash }, entries[4].hash)).toBeNull();
  });

  it('finds a changed field, a broken link and a missing entry, naming the first entry affected', () => {
    const changed = chain(4);
    changed[2] = { ...changed[2], after: 'maxSessionsPerSlot 9' };
    expect(verifyEntries(CHAIN_START, changed).broken).toEqual({ brokenAt: 3, reason: expect.stringMatching(/Entry 3 was changed/) });

    const relinked = chain(4);
    const { hash: _hash, ...fields } = { ...relinked[1], subject: 'forged' };
    relinked[1] = { ...fields, hash: entryHash(fields) };
    expect(verifyEntries(CHAIN_START, relinked).broken).toEqual({ brokenAt: 3, reason: expect.stringMatching(/Entry 3 does not link/) });

    const missing = chain(5).filter((entry) => entry.seq !== 2);
    const walked = verifyEntries(CHAIN_START, missing);
    expect(walked.broken).toEqual({ brokenAt: 2, reason: 'Entry 2 is missing: the chain jumps from 1 to 3.' });
    expect(walked.position.checked).toBe(1);
    expect(verifyEntries(CHAIN_START, chain(5).slice(3)).broken).toEqual({ brokenAt: 1, reason: 'Entries 1 to 3 are missing: the chain jumps from 0 to 4.' });
  });

  it('finds the last entries removed or replaced by the head, and lets a head behind pass', () => {
    const entries = chain(3);
    const { position } = verifyEntries(CHAIN_START, entries.slice(0, 2));
    expect(verifyHead(position, { seq: 3, hash: entries[2].hash }, undefined)).toEqual({ brokenAt: 3, reason: expect.stringMatching(/Entry 3 was removed/) });
    expect(verifyHead(position, { seq: 2, hash: 'f'.repeat(64) }, entries[1].hash)).toEqual({ brokenAt: 2, reason: expect.stringMatching(/replaced/) });
    expect(verifyHead(position, null, undefined)).toEqual({ brokenAt: 2, reason: expect.stringMatching(/head is missing/) });
    expect(verifyHead(position, { seq: 1, hash: entries[0].hash }, entries[0].hash)).toBeNull();
    expect(verifyHead(CHAIN_START, { seq: 0, hash: GENESIS_HASH }, undefined)).toBeNull();
    expect(verifyHead(CHAIN_START, null, undefined)).toBeNull();
  });
});

describe('export subjects', () => {
  it('names the kind, the rows and the scope', () => {
    expect(exportSubject({ kind: 'subscribers-csv', rows: 120, scope: '2026-11-01 to 2026-11-30' })).toBe(
      'subscribers CSV, 120 rows (2026-11-01 to 2026-11-30)',
    );
    expect(exportSubject({ kind: 'audit-csv', rows: 1 })).toBe('audit CSV, 1 row');
    expect(exportSubject({ kind: 'privacy-archive', rows: 3, scope: 'x'.repeat(200) }).length).toBeLessThanOrEqual(200);
  });
});
