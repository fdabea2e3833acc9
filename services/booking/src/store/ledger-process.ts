import { sharedReads, type SharedReads } from '@bb/service-kit';
import type { LedgerDoc } from '../domain/ledger';
import type { BookingModels } from '../models';

// What one booking process shares between its requests about the ledger of one database. None
// of it decides capacity (the guarded writes do, across replicas); it saves queries when many
// visitors ask for the same days at once:
// - reads under way are shared (`sharedReads`), and every write of this process ends them for
//   later callers;
// - new claims on one document take turns in this process, so that a claim refused as full
//   answers the requests for the same blocks that were already waiting: the blocks were full at
//   that moment, inside each waiting request's own time, which is what the database would have
//   told them a moment later;
// - a booking whose claim won lets the claims queued behind it go before its other writes
//   (`claimsAhead`): shortest first.

interface LedgerProcess {
  reads: SharedReads<Map<string, LedgerDoc>>;
  /** The last claim in turn per document. */
  turns: Map<string, Promise<unknown>>;
  /** When a claim on these blocks (document, capacity, fields) last found one full, `performance.now()` before its write. */
  refusedAt: Map<string, number>;
}

/** Refusals older than this are forgotten once there are many (each matters only to claims waiting at the time). */
const REFUSAL_MEMORY_MS = 10_000;
const MANY_REFUSALS = 1000;

const processes = new WeakMap<object, LedgerProcess>();

export function ledgerProcess(models: Pick<BookingModels, 'Ledger'>): LedgerProcess {
  let state = processes.get(models.Ledger);
  if (!state) {
    state = { reads: sharedReads(), turns: new Map(), refusedAt: new Map() };
    processes.set(models.Ledger, state);
  }
  return state;
}

/** Runs `claim` after the claims on the same document this process started before it. */
export function inTurn<T>(state: LedgerProcess, id: string, claim: () => Promise<T>): Promise<T> {
  const mine = (state.turns.get(id) ?? Promise.resolve()).then(claim);
  const done = mine.catch(() => undefined);
  state.turns.set(id, done);
  void done.then(() => {
    if (state.turns.get(id) === done) state.turns.delete(id);
  });
  return mine;
}

/** What makes two claims the same for a refusal: their document, and the counters they need room in with the capacity of each. */
export const claimKey = (id: string, counters: readonly string[]) => `${id}|${counters.join(',')}`;

/**
 * Whether a claim on these blocks found one full after `since` (`performance.now()` when the
 * asking request began): a write sent after the request began met the block full, so the
 * request may be answered as of that moment.
 */
export const refusedSince = (state: LedgerProcess, key: string, since: number) => (state.refusedAt.get(key) ?? -Infinity) >= since;

/** A claim on these blocks whose write was sent at `sent` met one of them full (refused, or filled it). */
export function noteRefusal(state: LedgerProcess, key: string, sent: number): void {
  const now = performance.now();
  if (state.refusedAt.size >= MANY_REFUSALS) for (const [k, at] of state.refusedAt) if (now - at > REFUSAL_MEMORY_MS) state.refusedAt.delete(k);
  state.refusedAt.set(key, Math.max(sent, state.refusedAt.get(key) ?? -Infinity));
}

/** Resolves once the claims this process has queued on these documents so far are done. */
export async function claimsAhead(models: Pick<BookingModels, 'Ledger'>, ids: readonly string[]): Promise<void> {
  const state = ledgerProcess(models);
  for (const id of ids) await inTurn(state, id, async () => undefined);
}
