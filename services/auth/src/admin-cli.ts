// Staff accounts from the command line, for operators:
//   set-password <username>       sets (or creates the owner account with) a password read from the
//                                 terminal without echo, or from the first line of standard input;
//                                 every session of an existing account ends (its tokens are revoked).
//   reset-two-factor <username>   removes the account's two-factor sign-in and recovery codes (a
//                                 lost phone, the only owner's included) and ends its sessions; it
//                                 sets up again at its next sign-in where the sign-in policy requires.
// Needs MONGO_URL (the auth service's database). `npm run admin -- set-password admin` runs it
// against the stack `npm start` runs; in compose: docker compose run --rm auth node
// services/auth/dist/admin-cli.js set-password admin
import readline from 'node:readline';
import { Writable } from 'node:stream';
import { connectMongo, createLogger, mongoEnvShape, parseConfig, secretProblem } from '@bb/service-kit';
import { createModels } from './models';
import { resetTwoFactor } from './store/accounts';
import { setPassword } from './store/admin-accounts';

const MIN_PASSWORD_LENGTH = 12;

async function readPassword(prompt: string): Promise<string> {
  if (!process.stdin.isTTY) {
    const lines = readline.createInterface({ input: process.stdin });
    for await (const line of lines) return line;
    return '';
  }
  let muted = false;
  const output = new Writable({
    write: (chunk: Buffer, _encoding, done) => {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const rl = readline.createInterface({ input: process.stdin, output, terminal: true });
  const answer = await new Promise<string>((resolve) => {
    rl.question(prompt, resolve);
    muted = true;
  });
  rl.close();
  process.stdout.write('\n');
  return answer;
}

async function main(): Promise<number> {
  const [command, username] = process.argv.slice(2);
  if ((command !== 'set-password' && command !== 'reset-two-factor') || !username) {
    console.error('usage: admin-cli set-password <username> | reset-two-factor <username>');
    return 64;
  }
  const { MONGO_URL } = parseConfig(mongoEnvShape);
  if (command === 'reset-two-factor') return resetTwoFactorOf(MONGO_URL, username);
  const password = await readPassword(`New password for ${username}: `);
  const problem = secretProblem(password, MIN_PASSWORD_LENGTH);
  if (problem) {
    console.error(`The password ${problem}.`);
    return 65;
  }
  if (process.stdin.isTTY && (await readPassword('Repeat it: ')) !== password) {
    console.error('The two entries differ; nothing changed.');
    return 65;
  }
  const conn = await connectMongo(MONGO_URL, createLogger('admin-cli', 'warn'), { attempts: 3 });
  try {
    const outcome = await setPassword(createModels(conn), username, password);
    console.log(
      outcome === 'created'
        ? `Account "${username}" created with the new password.`
        : `Password of "${username}" changed. Every session of "${username}" ends everywhere within seconds while the auth service runs (at its next start otherwise).`,
    );
    return 0;
  } finally {
    await conn.close();
  }
}

/** Writes to auth's database only: the change's events (sessions ended, its audit entry) leave through the service's outbox relay. */
async function resetTwoFactorOf(mongoUrl: string, username: string): Promise<number> {
  const conn = await connectMongo(mongoUrl, createLogger('admin-cli', 'warn'), { attempts: 3 });
  try {
    const models = createModels(conn);
    if (!(await models.User.exists({ username }))) {
      console.error(`No account "${username}"; nothing changed.`);
      return 65;
    }
    await resetTwoFactor(models, null, { username }, { correlationId: `admin-cli-${Date.now()}` });
    console.log(
      `Two-factor sign-in of "${username}" removed, with its recovery codes. Every session of "${username}" ends everywhere within seconds while the auth service runs (at its next start otherwise); it sets up two-factor sign-in again at its next sign-in where required.`,
    );
    return 0;
  } finally {
    await conn.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
