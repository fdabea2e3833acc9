// Runs the Node processes of a test run on a shifted clock, with Debian's libfaketime, so the
// suites can be tried at any time of the Manila day (scripts/test-at-times.mjs). Set
// BB_FAKETIME to a libfaketime offset ("+3600s"); the launcher then preloads the library into
// the services, the gateways and jest, and nothing else: the storage servers keep the real
// clock (the Go ones could not be shifted anyway: they read the time without libc).
import fs from 'node:fs';
import { aptInstall } from '../servers/system.mjs';

const LIBRARY = '/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1';

/**
 * Components that keep the real clock although they are ours: the catalog and payments sign
 * every S3 request with their clock, and MinIO refuses a signature more than 15 minutes off its
 * own. The catalog has no rule that depends on the time; payments' rules (holds, the webhook's
 * signature window) read a clock moved by the offset instead (CLOCK_OFFSET_SECONDS), so they
 * agree with booking's and the PayMongo double's shifted clocks.
 */
const REAL_CLOCK = new Set(['catalog', 'payments']);
const RULES_ON_OFFSET = new Set(['payments']);
const UNIT_SECONDS = { s: 1, m: 60, h: 3600, d: 86400 };

/** The offset asked for, or null; installs libfaketime when it is asked for and missing. */
export function fakeClockOffset() {
  const offset = process.env.BB_FAKETIME;
  if (!offset) return null;
  if (!/^[+-]\d+[smhd]?$/.test(offset)) throw new Error(`BB_FAKETIME must be a libfaketime offset such as +3600s, not ${offset}`);
  if (!fs.existsSync(LIBRARY)) {
    console.log('[setup] installing Debian faketime for the shifted clock (first use only)…');
    aptInstall(['faketime']);
  }
  return offset;
}

/** `env` with the shifted clock when one is asked for and `component` may run on it. */
export function onFakeClock(env, component) {
  const offset = fakeClockOffset();
  if (!offset) return env;
  if (RULES_ON_OFFSET.has(component)) {
    const [, amount, unit] = /^([+-]\d+)([smhd]?)$/.exec(offset);
    return { ...env, CLOCK_OFFSET_SECONDS: String(Number(amount) * UNIT_SECONDS[unit || 's']) };
  }
  if (REAL_CLOCK.has(component)) return env;
  // Timers run on the monotonic clock, which stays real: only the wall clock moves.
  return { ...env, LD_PRELOAD: LIBRARY, FAKETIME: offset, FAKETIME_DONT_FAKE_MONOTONIC: '1' };
}
