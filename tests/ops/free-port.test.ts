import { spawnSync } from 'node:child_process';
import path from 'node:path';

// scripts/lib/net.mjs: a stack is planned before any of it starts, so every port the launcher
// hands out must differ from every other, although each is free only for a moment. (A scaled
// run gave a catalog replica auth's port: it stopped at start, auth answered its readiness
// check, and half the catalog's requests reached auth.)
const net = path.resolve(__dirname, '..', '..', 'scripts', 'lib', 'net.mjs');

it('never hands out one port twice in a launcher, over a thousand picks', () => {
  const script = `
    const { freePort } = await import(${JSON.stringify(net)});
    const ports = [];
    for (let i = 0; i < 1000; i++) ports.push(await freePort());
    process.stdout.write(JSON.stringify({ picked: ports.length, distinct: new Set(ports).size }));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  expect(run.stderr).toBe('');
  expect(JSON.parse(run.stdout)).toEqual({ picked: 1000, distinct: 1000 });
});
