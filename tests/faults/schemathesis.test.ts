import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type {
  DateOverride,
  DepositSettings,
  NotificationSettings,
  OfficeHours,
  PaymentSettings,
  Retention,
  Settings,
  SignInPolicy,
  SubscriberSettings,
} from '@bb/contracts';
import { adminToken, json, requireEnv } from '@bb/service-kit/testing';

// Property-based fuzzing of every documented operation with schemathesis (from PyPI), through
// the gateway, with a staff token: no 5xx, and every answer matches its documented status,
// content type and schema. Runs in the serial project: it writes a lot of odd data.
jest.setTimeout(20 * 60 * 1000);

const SCHEMATHESIS = 'schemathesis==4.32.5';
const venv = path.join(process.env.BB_CACHE_DIR ?? path.join(os.homedir(), '.cache', 'beauty-booking'), 'venv-schemathesis');
const st = path.join(venv, 'bin', 'st');
const examples = process.env.FUZZ_MAX_EXAMPLES ?? '8';

function ensureSchemathesis() {
  if (fs.existsSync(st)) return;
  for (const [cmd, args] of [
    ['python3', ['-m', 'venv', venv]],
    [path.join(venv, 'bin', 'pip'), ['install', '--quiet', '--disable-pip-version-check', SCHEMATHESIS]],
  ] as const) {
    const r = spawnSync(cmd, [...args], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed: ${r.stderr}`);
  }
}

describe('schemathesis against /api/docs/openapi.json', () => {
  it('finds no server error and no answer outside the documented contract', async () => {
    ensureSchemathesis();
    const gateway = requireEnv('GATEWAY_URL');
    // An owner's token of its own, not the admin's sign-in: the fuzzer follows links from GET /api/users to
    // the admin's account (a role change, a two-factor reset), which end the admin's sessions, as they should.
    // Its subject is an id no account has: the routes about one's own account answer it 401.
    const token = adminToken({
      secret: requireEnv('JWT_SECRET'),
      role: 'owner',
      subject: '5c4e3a2b1f0e9d8c7b6a5f4e',
      username: 'schemathesis',
      expiresIn: 3600,
    });
    const restore = await snapshotSettings(gateway, token);
    const report = path.join(requireEnv('BB_LOG_DIR'), 'schemathesis.txt');
    const result = await run(
      st,
      [
        'run',
        `${gateway}/api/docs/openapi.json`,
        '--url',
        gateway,
        '--header',
        `Authorization: Bearer ${token}`,
        // One client of its own behind the stack's trusted load balancer: the fuzzer's wrong
        // passwords count against its address, not against every test on 127.0.0.1.
        '--header',
        'X-Forwarded-For: 198.51.100.77',
        '--max-examples',
        examples,
        '--checks',
        'not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance',
        '--seed',
        process.env.FUZZ_SEED ?? '20261122',
        '--exclude-path',
        '/api/auth/logout',
        '--no-color',
      ],
      { ...process.env, SCHEMATHESIS_HOOKS: '' },
    );
    fs.writeFileSync(report, `${result.stdout}\n${result.stderr}`);
    await restore();
    const summary = /Test cases:\s*\n\s*(.*)/.exec(result.stdout)?.[1] ?? 'no summary';
    console.log(`schemathesis (${examples} examples per operation): ${summary}; full report in ${report}`);
    expect({ exit: result.status, failures: failureLines(result.stdout) }).toEqual({ exit: 0, failures: [] });
  });
});

/**
 * Runs the fuzzer without blocking the event loop: while spawnSync held it for the run's ~100 s,
 * the keep-alive sockets of the settings snapshot were closed by the gateway unseen, and the
 * restore's first call reused one ("other side closed"). The timeout ends a run that hangs.
 */
function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, timeout: 15 * 60 * 1000 });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

/**
 * The fuzzer saves valid random settings as staff (a week's notice, a one-day horizon, office
 * hours, closures, mail kinds turned off, a no-show deposit rule, a one-month retention…), and the tests after it book and mail on the same
 * stack: what it can change is read before and put back after, closures it made removed.
 */
async function snapshotSettings(gateway: string, token: string): Promise<() => Promise<void>> {
  const call = async <T>(method: string, url: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${gateway}${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${await res.text()}`);
    return json<T>(res);
  };
  const sides = ['clinic', 'studio'] as const;
  const before = await Promise.all(
    sides.map(async (side) => ({
      side,
      settings: await call<Settings>('GET', `/api/settings/${side}`),
      hours: await call<OfficeHours[]>('GET', `/api/office-hours/${side}`),
      overrides: await call<DateOverride[]>('GET', `/api/date-overrides/${side}`),
      mail: await call<NotificationSettings>('GET', `/api/notification-settings/${side}`),
      deposits: await call<DepositSettings>('GET', `/api/deposit-settings/${side}`),
    })),
  );
  const newsletter = await call<SubscriberSettings>('GET', '/api/subscriber-settings');
  // Were the fuzzer to leave owners needing two-factor sign-in, every later admin sign-in of the run would stop at enrolment.
  const signInPolicy = await call<SignInPolicy>('GET', '/api/sign-in-policy');
  // A retention of a month or two would anonymise the appointments later tests book far ahead and then read back once they end.
  const retention = await call<Retention>('GET', '/api/privacy/retention');
  const payments = await call<PaymentSettings>('GET', '/api/payment-settings');
  return async () => {
    for (const { side, settings, hours, overrides, mail, deposits } of before) {
      const { offeringType: _side, ...policy } = settings;
      await call('PUT', `/api/settings/${side}`, policy);
      await call('POST', '/api/office-hours/bulk', {
        offeringType: side,
        hours: hours.map(({ dayOfWeek, startTime, endTime, isActive }) => ({ dayOfWeek, startTime, endTime, isActive })),
      });
      const kept = new Set(overrides.map((o) => o.date));
      for (const made of (await call<DateOverride[]>('GET', `/api/date-overrides/${side}`)).filter((o) => !kept.has(o.date)))
        await call('DELETE', `/api/date-overrides/${side}/${made.date}`);
      if (overrides.length > 0)
        await call('POST', `/api/date-overrides/${side}/bulk`, {
          overrides: overrides.map(({ date, closed, startTime, endTime, note }) => ({ date, closed, note, ...(closed ? {} : { startTime, endTime }) })),
        });
      const { offeringType: _mailSide, ...mailSettings } = mail;
      await call('PUT', `/api/notification-settings/${side}`, mailSettings);
      const { offeringType: _depositSide, ...depositSettings } = deposits;
      await call('PUT', `/api/deposit-settings/${side}`, depositSettings);
    }
    await call('PUT', '/api/subscriber-settings', newsletter);
    await call('PUT', '/api/sign-in-policy', signInPolicy);
    await call('PUT', '/api/privacy/retention', retention);
    await call('PUT', '/api/payment-settings', payments);
  };
}

/** The "❌ …" lines and failing operations, so a red run says what broke without the report. */
function failureLines(stdout: string): string[] {
  return stdout
    .split('\n')
    .filter((l) => /^_{3,} .* _{3,}$|^- ST\d+|❌ ST/.test(l.trim()))
    .slice(0, 60);
}
