// Child-process supervision for the launchers: every child runs in its own process group so
// that stopping it also stops whatever it forked (RabbitMQ's shell script forks beam.smp),
// and every pid is recorded so a later run can clean up after a launcher that was killed -9.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const children = [];
let pidFile = null;
let stopping = null;

/**
 * Records this launcher's children in <dir>/<prefix>-<pid>.json, and first stops children
 * recorded by earlier launchers of the same prefix that are no longer running (killed -9).
 * Launchers that are alive keep theirs: several test runs may share a machine.
 */
export function usePidFile(dir, prefix) {
  fs.mkdirSync(dir, { recursive: true });
  for (const name of fs.readdirSync(dir)) {
    const match = new RegExp(`^${prefix}-(\\d+)\\.json$`).exec(name);
    if (match && !isAlive(Number(match[1]))) killStale(path.join(dir, name));
  }
  pidFile = path.join(dir, `${prefix}-${process.pid}.json`);
}

function killStale(file) {
  let stale = [];
  try {
    stale = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    stale = [];
  }
  for (const { pid, name } of stale) {
    if (isAlive(pid)) {
      console.log(`[launcher] stopping ${name} (pid ${pid}) left behind by an earlier run`);
      signalGroup(pid, 'SIGKILL');
    }
  }
  fs.rmSync(file, { force: true });
}

function writePidFile() {
  if (!pidFile) return;
  const live = children.filter((c) => c.exitCode === null).map((c) => ({ pid: c.pid, name: c.name }));
  fs.writeFileSync(pidFile, JSON.stringify(live));
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function signalGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
  } catch {
    try {
      process.kill(pid, signal);
    } catch {
      /* already gone */
    }
  }
}

/**
 * Starts a long-running child. Output goes to logFile when given (tests keep the console
 * clean), otherwise it is prefixed with the child's name.
 */
export function startProcess(name, command, args, { env = process.env, cwd, logFile, stopSignal = 'SIGTERM' } = {}) {
  let stdio = ['ignore', 'pipe', 'pipe'];
  let logFd = null;
  if (logFile) {
    fs.mkdirSync(path.dirname(logFile), { recursive: true });
    logFd = fs.openSync(logFile, 'a');
    stdio = ['ignore', logFd, logFd];
  }
  const child = spawn(command, args, { env, cwd, stdio, detached: true });
  if (logFd !== null) fs.closeSync(logFd);
  const entry = {
    name,
    pid: child.pid,
    child,
    stopSignal,
    exitCode: null,
    exited: new Promise((resolve) => {
      child.on('exit', (code, signal) => {
        entry.exitCode = code ?? signal ?? 0;
        writePidFile();
        resolve(entry.exitCode);
      });
    }),
  };
  child.on('error', (err) => {
    console.error(`[launcher] ${name} could not start: ${err.message}`);
  });
  if (!logFile) {
    const prefix = (stream, out) =>
      stream.on('data', (buf) => {
        for (const line of buf.toString().split('\n')) if (line.trim()) out.write(`[${name}] ${line}\n`);
      });
    prefix(child.stdout, process.stdout);
    prefix(child.stderr, process.stderr);
  }
  children.push(entry);
  writePidFile();
  return entry;
}

/** Stops one child (and its process group): the stop signal first, SIGKILL after the grace period. */
export async function stopProcess(entry, graceMs = 10000) {
  if (entry.exitCode !== null) return;
  signalGroup(entry.pid, entry.stopSignal);
  const timer = setTimeout(() => signalGroup(entry.pid, 'SIGKILL'), graceMs);
  await entry.exited;
  clearTimeout(timer);
  // Whatever the leader left in its group (forked helpers) goes too.
  signalGroup(entry.pid, 'SIGKILL');
}

/** Stops every child in reverse start order: services before the servers they use. */
export function stopAll() {
  if (!stopping) {
    stopping = (async () => {
      for (const entry of [...children].reverse()) await stopProcess(entry);
      if (pidFile) fs.rmSync(pidFile, { force: true });
    })();
  }
  return stopping;
}

/** Ctrl-C, SIGTERM and an uncaught error all end with every child stopped. */
export function stopAllOnExit() {
  let signalled = false;
  const onSignal = (signal) => {
    if (signalled) return;
    signalled = true;
    console.log(`\n[launcher] ${signal}: stopping everything…`);
    stopAll().then(() => process.exit(130));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  process.on('SIGHUP', onSignal);
  process.on('exit', () => {
    for (const entry of children) if (entry.exitCode === null) signalGroup(entry.pid, 'SIGKILL');
  });
}

/** Runs a command to completion, inheriting the console; throws on a non-zero exit. */
export function run(command, args, { env = process.env, cwd, quiet = false } = {}) {
  const result = spawnSync(command, args, { env, cwd, stdio: quiet ? 'pipe' : 'inherit', encoding: 'utf8' });
  if (result.status !== 0) {
    const detail = quiet ? `\n${result.stdout ?? ''}${result.stderr ?? ''}` : '';
    throw new Error(`${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal})${detail}`);
  }
  return result.stdout;
}
