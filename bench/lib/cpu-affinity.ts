import { execFileSync } from 'node:child_process';
import os from 'node:os';

/** Whether processes can be pinned here: taskset present and at least 2 CPUs to split. */
export function canPin(): boolean {
  if (os.cpus().length < 2) return false;
  try {
    execFileSync('taskset', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Pins every thread of a process to the given CPUs (e.g. "0" or "1-3"). */
export function pin(pid: number, cpus: string): void {
  execFileSync('taskset', ['-a', '-p', '-c', cpus, String(pid)], { stdio: 'ignore' });
}

/** Every CPU of the machine, as taskset spells it. */
export const allCpus = () => `0-${os.cpus().length - 1}`;
