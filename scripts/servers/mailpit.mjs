// The SMTP server of the local stack: Mailpit, a mail catcher whose API the mail tests read,
// built from source on first use (its module carries the web UI's built assets).
import path from 'node:path';
import { freePort, httpStatus, waitFor } from '../lib/net.mjs';
import { startProcess, stopProcess } from '../lib/processes.mjs';
import { buildGoBinary } from './go-build.mjs';
import { log } from './system.mjs';

export const MAILPIT_VERSION = 'v1.27.11';

export function ensureMailpit() {
  return buildGoBinary({ name: 'mailpit', module: 'github.com/axllent/mailpit', version: MAILPIT_VERSION, pkg: '.' });
}

/**
 * Mailpit on loopback: SMTP for the services, its web UI and API for people and tests. Beside
 * stop() it has start(), which starts it again on the same ports with its mails kept (the mail
 * fault tests take the SMTP server away for a while).
 * @param {import('./server').StartOptions} options
 * @returns {Promise<import('./server').RunningServer & { start(): Promise<void> }>}
 */
export async function start({ dataDir, logDir }) {
  const binary = ensureMailpit();
  const [smtpPort, httpPort] = await Promise.all([freePort(), freePort()]);
  const apiUrl = `http://127.0.0.1:${httpPort}`;
  const args = [
    '--smtp',
    `127.0.0.1:${smtpPort}`,
    '--listen',
    `127.0.0.1:${httpPort}`,
    '--database',
    path.join(dataDir, 'mailpit.db'),
    '--max',
    '5000',
    '--smtp-auth-accept-any',
    '--smtp-auth-allow-insecure',
    '--smtp-disable-rdns',
    '--disable-version-check',
    '--quiet',
  ];
  let proc = null;
  const startAgain = async () => {
    proc = startProcess('mailpit', binary, args, { logFile: path.join(logDir, 'mailpit.log') });
    const started = proc;
    await waitFor('Mailpit', async () => (await httpStatus(`${apiUrl}/livez`)) === 200, { isDead: () => started.exitCode !== null });
  };
  await startAgain();
  log(`Mailpit ${MAILPIT_VERSION}: SMTP on 127.0.0.1:${smtpPort}, mails readable at ${apiUrl}`);
  return {
    env: { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, MAILPIT_URL: apiUrl, MAILPIT_BIN: binary },
    pids: { mailpit: proc.pid },
    start: startAgain,
    stop: () => stopProcess(proc),
  };
}
