import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

/** Clock ticks per second of /proc's times (USER_HZ, 100 on Linux). */
export const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout?.trim()) || 100;

export interface ProcStat {
  pid: number;
  ppid: number;
  /** utime + stime: CPU this process used, in clock ticks. */
  own: number;
  /** cutime + cstime: CPU of its children it has waited for (ended ones), in clock ticks. */
  children: number;
}

/** One /proc/<pid>/stat line read (the name, in parentheses, may hold spaces). Null when it is not one. */
export function parseStat(line: string): ProcStat | null {
  const open = line.indexOf('(');
  const close = line.lastIndexOf(')');
  if (open < 0 || close < open) return null;
  // Fields after the name, from the 3rd (state): ppid is the 4th, utime…cstime the 14th–17th.
  const fields = line.slice(close + 2).split(' ');
  const num = (field: number) => Number(fields[field - 3]);
  const stat = { pid: Number(line.slice(0, open).trim()), ppid: num(4), own: num(14) + num(15), children: num(16) + num(17) };
  return Object.values(stat).every(Number.isFinite) ? stat : null;
}

/**
 * CPU ticks a process tree has used so far: every live process under `root` (itself included)
 * with the ended children each has waited for. The difference of two readings is what the
 * tree used in between, processes that started or ended meanwhile included (an ended one
 * counts in its parent's children time once waited for, as PostgreSQL and Erlang do).
 */
export function treeTicks(stats: ProcStat[], root: number): number {
  const children = new Map<number, ProcStat[]>();
  for (const s of stats) children.set(s.ppid, [...(children.get(s.ppid) ?? []), s]);
  const self = stats.find((s) => s.pid === root);
  if (!self) return 0;
  let total = 0;
  const queue = [self];
  while (queue.length > 0) {
    const s = queue.pop()!;
    total += s.own + s.children;
    queue.push(...(children.get(s.pid) ?? []));
  }
  return total;
}

/** Every process's stat now (those that end while being read are left out). */
export function readAllStats(): ProcStat[] {
  return fs.readdirSync('/proc').flatMap((entry) => {
    if (!/^\d+$/.test(entry)) return [];
    try {
      const stat = parseStat(fs.readFileSync(`/proc/${entry}/stat`, 'utf8'));
      return stat ? [stat] : [];
    } catch {
      return [];
    }
  });
}
