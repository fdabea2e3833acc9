// The `tests` container of docker-compose.test.yml: prepares the compose stack as npm test
// prepares its own (the calendars open ten years ahead, since the suites book on random far
// days), then runs the system suites that need only the gateway and the broker against it.
import { spawn } from 'node:child_process';

const gateway = process.env.GATEWAY_URL;
const TEST_HORIZON_DAYS = 3650;
const SUITES = ['tests/api', 'tests/events'];

async function call(path, method, body, token) {
  const res = await fetch(`${gateway}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
  return res.json();
}

// The stack runs in demo mode (docker-compose.test.yml), so the demo admin exists.
const { token } = await call('/api/auth/login', 'POST', { username: 'admin', password: 'admin123' });
for (const offering of ['clinic', 'studio']) await call(`/api/settings/${offering}`, 'PUT', { horizonDays: TEST_HORIZON_DAYS }, token);

const jest = spawn(process.execPath, ['node_modules/jest/bin/jest.js', '--ci', '--maxWorkers=2', '--selectProjects', 'system', ...SUITES, ...process.argv.slice(2)], {
  stdio: 'inherit',
});
jest.on('exit', (code) => process.exit(code ?? 1));
