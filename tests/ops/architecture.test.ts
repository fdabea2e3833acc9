import fs from 'node:fs';
import path from 'node:path';

// docs/architecture.md is the map of the code: every folder of every service's src/ must be
// one it names, and no import may cross a service's boundary.
const root = path.resolve(__dirname, '..', '..');
const doc = fs.readFileSync(path.join(root, 'docs', 'architecture.md'), 'utf8');
const shapeBlock = /## The shape of a service[\s\S]*?```\n([\s\S]*?)```/.exec(doc)?.[1] ?? '';
const named = shapeBlock
  .split('\n')
  .map((line) => line.split(/\s+/)[0])
  .filter((entry) => entry.startsWith('src/'));
const folders = named.filter((e) => e.endsWith('/')).map((e) => e.slice('src/'.length, -1));
const filePatterns = named
  .filter((e) => !e.endsWith('/'))
  .map((e) => new RegExp(`^${e.slice('src/'.length).replace(/\./g, '\\.').replace(/\*/g, '[a-z-]+')}$`));
const REQUIRED_FILES = ['main.ts', 'wire.ts', 'app.ts', 'config.ts'];

const services = fs.readdirSync(path.join(root, 'services')).filter((name) => fs.existsSync(path.join(root, 'services', name, 'src')));

function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Where each relative import of a file points, as paths from the repository root. */
function relativeImports(file: string): string[] {
  const source = fs.readFileSync(file, 'utf8');
  const specifiers = [...source.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)].map((m) => m[1]);
  return specifiers.map((s) => path.relative(root, path.resolve(path.dirname(file), s)));
}

const serviceOf = (repoPath: string) => /^services\/([^/]+)\//.exec(`${repoPath}/`)?.[1] ?? null;

describe('the service shape of docs/architecture.md', () => {
  it('names the folders and files a service has', () => {
    expect(folders).toEqual(expect.arrayContaining(['models', 'routes', 'domain', 'store', 'events', 'clients', 'seed']));
    expect(filePatterns.length).toBeGreaterThanOrEqual(REQUIRED_FILES.length);
  });

  it.each(services)('%s has only folders and top-level files the map names', (service) => {
    const src = path.join(root, 'services', service, 'src');
    const entries = fs.readdirSync(src, { withFileTypes: true });
    const unknownFolders = entries.filter((e) => e.isDirectory() && !folders.includes(e.name)).map((e) => `${e.name}/`);
    const unknownFiles = entries.filter((e) => e.isFile() && !filePatterns.some((p) => p.test(e.name))).map((e) => e.name);
    expect([...unknownFolders, ...unknownFiles]).toEqual([]);
    expect(REQUIRED_FILES.filter((f) => !fs.existsSync(path.join(src, f)))).toEqual([]);
  });
});

describe('imports', () => {
  it('never cross from one service into another', () => {
    const crossing = services.flatMap((service) =>
      ['src', 'test', 'testing'].flatMap((dir) =>
        sourceFiles(path.join(root, 'services', service, dir)).flatMap((file) =>
          relativeImports(file)
            .filter((target) => serviceOf(target) !== null && serviceOf(target) !== service)
            .map((target) => `${path.relative(root, file)} → ${target}`),
        ),
      ),
    );
    expect(crossing).toEqual([]);
  });

  it('reach a service from tests, benches and the web app only through its testing/ entry', () => {
    const reaching = ['tests', 'bench', 'web/src', 'web/test', 'gateway', 'service-kit', 'contracts'].flatMap((dir) =>
      sourceFiles(path.join(root, dir)).flatMap((file) =>
        relativeImports(file)
          .filter((target) => serviceOf(target) !== null && !/^services\/[^/]+\/testing(\/|$)/.test(target))
          .map((target) => `${path.relative(root, file)} → ${target}`),
      ),
    );
    expect(reaching).toEqual([]);
  });
});
