import { spawn } from 'node:child_process';
import { CLOCK_TICKS, parseStat, readAllStats, treeTicks } from '../../bench/lib/process-cpu';

// The idle benchmark's CPU reading (bench/lib/process-cpu.ts): a server's time is that of its
// whole process tree, ended children included (PostgreSQL's backends come and go).

describe('/proc CPU of a process tree', () => {
  it('reads a stat line whose name holds spaces and parentheses', () => {
    const line = '4242 (postgres: a (b) c) S 4200 4242 4242 0 -1 4194560 100 0 0 0 120 30 7 3 20 0 1 0 100 1000 10';
    expect(parseStat(line)).toEqual({ pid: 4242, ppid: 4200, own: 150, children: 10 });
    expect(parseStat('garbage')).toBeNull();
  });

  it('sums live descendants and the ended children each waited for, and nothing outside the tree', () => {
    const stats = [
      { pid: 1, ppid: 0, own: 1000, children: 0 },
      { pid: 10, ppid: 1, own: 5, children: 40 },
      { pid: 11, ppid: 10, own: 7, children: 0 },
      { pid: 12, ppid: 11, own: 2, children: 1 },
      { pid: 20, ppid: 1, own: 500, children: 0 },
    ];
    expect(treeTicks(stats, 10)).toBe(5 + 40 + 7 + 2 + 1);
    expect(treeTicks(stats, 99)).toBe(0);
  });

  it('counts the CPU a child used after it ended, through its parent', async () => {
    // The parent starts a child that burns 300 ms of CPU and ends, waits for it, then idles until told.
    const burn = 'const t = process.cpuUsage(); while (process.cpuUsage(t).user < 300000);';
    const parent = spawn(
      process.execPath,
      ['-e', `require('child_process').spawnSync(process.execPath, ['-e', ${JSON.stringify(burn)}]); console.log('done'); setInterval(() => {}, 1000);`],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    try {
      const before = treeTicks(readAllStats(), parent.pid!);
      await new Promise<void>((resolve) => parent.stdout!.on('data', () => resolve()));
      const used = (treeTicks(readAllStats(), parent.pid!) - before) / CLOCK_TICKS;
      expect(used).toBeGreaterThanOrEqual(0.25);
    } finally {
      parent.kill();
    }
  });
});
