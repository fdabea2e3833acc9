// The `tests` container of docker-compose.test.yml: prepares the compose stack as npm test
// prepares its own (the calendars open ten years ahead, since the suites book on random far
// days), then runs the system suites that need only the gateway and the broker against it.
import { spawn } from 'node:child_process';
import { openTestCalendar } from '../../../scripts/lib/test-calendar.mjs';

const SUITES = ['tests/api', 'tests/events'];

await openTestCalendar(process.env.GATEWAY_URL);

const jest = spawn(
  process.execPath,
  ['node_modules/jest/bin/jest.js', '--ci', '--maxWorkers=2', '--selectProjects', 'system', ...SUITES, ...process.argv.slice(2)],
  {
    stdio: 'inherit',
  },
);
jest.on('exit', (code) => process.exit(code ?? 1));
