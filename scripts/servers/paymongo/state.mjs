// The double's state in one JSON file of its data directory, rewritten whole and atomically (a
// temporary file renamed over it) after each change, so a restart finds sessions, payments,
// webhooks and the deliveries still owed. Changes made while a write is under way share the
// next write (a group commit): 50 visitors paying at once cost a few writes, not 50.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const empty = () => ({
  sessions: {},
  payments: {},
  refunds: {},
  webhooks: {},
  events: {},
  /** Deliveries owed: { id, event_id, webhook_id, kind, attempt (attempts made), next_at (ms) }. */
  pending: [],
  idempotency: {},
  /** What the control API was told a visitor did, by session (abandoned is recorded only here). */
  outcomes: {},
  paused: false,
});

/** Opens (or creates) the state of `dir`: `data` to read and change in place, `commit()` to persist. */
export function openState(dir) {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'state.json');
  const data = fs.existsSync(file) ? { ...empty(), ...JSON.parse(fs.readFileSync(file, 'utf8')) } : empty();
  let writing = null;
  let queued = null;

  const write = async () => {
    const tmp = `${file}.${process.pid}.tmp`;
    await fs.promises.writeFile(tmp, JSON.stringify(data));
    await fs.promises.rename(tmp, file);
  };

  /** Resolves once every change made before the call is on disk. */
  function commit() {
    if (queued) return queued;
    queued = (async () => {
      // Yield first, so `queued` is this promise before the line below clears it.
      await null;
      if (writing) await writing.catch(() => undefined);
      // From here on a change needs the next write: this one serialises the state now.
      queued = null;
      writing = write();
      try {
        await writing;
      } finally {
        writing = null;
      }
    })();
    return queued;
  }

  return { data, commit };
}

/**
 * The API keys of this data directory: made on first start, kept afterwards, so a restarted
 * double still accepts the key the services were given.
 */
export function loadKeys(dir) {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'keys.json');
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8'));
  const keys = { secretKey: `sk_test_${randomId(24)}`, publicKey: `pk_test_${randomId(24)}` };
  fs.writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return keys;
}

/** The record of `id` in one of the state's maps; ids come from clients, so `__proto__` is no record. */
export const lookup = (map, id) => (Object.hasOwn(map, id) ? map[id] : undefined);

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Random letters and digits, as PayMongo's ids have after their prefix (cs_, pay_, …). */
export function randomId(length) {
  const bytes = crypto.randomBytes(length);
  let out = '';
  for (const byte of bytes) out += ALPHANUMERIC[byte % ALPHANUMERIC.length];
  return out;
}
