import { createHash } from 'node:crypto';
import type { AuditEntry } from '@bb/contracts';

/** The previousHash of the first entry. */
export const GENESIS_HASH = '0'.repeat(64);

/** What an entry's hash covers: everything it says, and the hash of the entry before it. */
export type HashedFields = Omit<AuditEntry, 'hash'>;

/**
 * One text per entry, the same on every process and version: the fields in a fixed order as a
 * JSON array, absent ones as null (so `{}` and a missing field, or reordered keys, cannot differ).
 */
export function canonicalForm(entry: HashedFields): string {
  const actor = entry.actor ? [entry.actor.id, entry.actor.username, entry.actor.role] : null;
  return JSON.stringify([
    entry.seq,
    entry.service,
    entry.action,
    actor,
    entry.subject,
    entry.before ?? null,
    entry.after ?? null,
    entry.address ?? null,
    entry.at,
    entry.previousHash,
  ]);
}

/** SHA-256 (hex) of the canonical form. */
export const entryHash = (entry: HashedFields): string => createHash('sha256').update(canonicalForm(entry)).digest('hex');

/** Where a walk of the chain has got to: the last entry that held. */
export interface ChainPosition {
  seq: number;
  hash: string;
  checked: number;
}

export const CHAIN_START: ChainPosition = { seq: 0, hash: GENESIS_HASH, checked: 0 };

export interface ChainBreak {
  brokenAt: number;
  reason: string;
}

/**
 * Checks the next entries (in seq order) after `from`: each must have the next number, link to
 * the one before and hash to what it holds. Answers the position after the last that held, and
 * the first break if there is one.
 */
export function verifyEntries(from: ChainPosition, entries: readonly AuditEntry[]): { position: ChainPosition; broken?: ChainBreak } {
  let position = from;
  for (const entry of entries) {
    const expected = position.seq + 1;
    if (entry.seq !== expected) {
      const missing = entry.seq - 1 === expected ? `Entry ${expected} is missing` : `Entries ${expected} to ${entry.seq - 1} are missing`;
      return { position, broken: { brokenAt: expected, reason: `${missing}: the chain jumps from ${position.seq} to ${entry.seq}.` } };
    }
    if (entry.previousHash !== position.hash) {
      return {
        position,
        broken: { brokenAt: entry.seq, reason: `Entry ${entry.seq} does not link to the entry before it (that entry was changed or replaced).` },
      };
    }
    const { hash, ...fields } = entry;
    if (entryHash(fields) !== hash) {
      return {
        position,
        broken: { brokenAt: entry.seq, reason: `Entry ${entry.seq} was changed after it was written: its contents no longer match its hash.` },
      };
    }
    position = { seq: entry.seq, hash: entry.hash, checked: position.checked + 1 };
  }
  return { position };
}

/**
 * The head records the last entry appended (read before the walk, so entries appended during
 * it do not count against it). Ahead of the last entry found: entries at the end were removed.
 * Its entry with another hash: that entry was replaced. `hashAtHead` is the hash of the entry
 * found at the head's number, if one was.
 */
export function verifyHead(last: ChainPosition, head: { seq: number; hash: string } | null, hashAtHead: string | undefined): ChainBreak | null {
  if (!head) {
    return last.checked > 0 ? { brokenAt: last.seq, reason: "The chain's head is missing: the record of the last entry appended was removed." } : null;
  }
  if (head.seq > last.seq) {
    const removed = head.seq === last.seq + 1 ? `Entry ${head.seq} was removed` : `Entries ${last.seq + 1} to ${head.seq} were removed`;
    return { brokenAt: last.seq + 1, reason: `${removed}: the chain's head records ${head.seq} entries but the last one found is ${last.seq}.` };
  }
  if (head.seq > 0 && hashAtHead !== head.hash) {
    return { brokenAt: head.seq, reason: `Entry ${head.seq} is not the one the chain's head recorded: it was replaced.` };
  }
  return null;
}
