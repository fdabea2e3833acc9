// docker-compose.yml gives each process its own MongoDB user and database and no root
// credential, and the init scripts create exactly those users.
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { type Compose, type ComposeService, compose, example, interpolate, present, root } from './support/compose';

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

/** The processes that keep objects in MinIO, each as a user minio-setup makes for its own bucket. */
const S3_USERS = ['catalog', 'payments'];

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
  const setup = env('minio-setup');
  const buckets = new Map<string, string>();
  for (const name of S3_USERS) {
    const own = env(name);
    const prefix = name.toUpperCase();
    if (interpolate(own.S3_ACCESS_KEY ?? '') === interpolate(env('minio').MINIO_ROOT_USER ?? '')) found.push(`${name}: S3_ACCESS_KEY is MinIO's root user`);
    if (own.S3_ACCESS_KEY !== setup[`${prefix}_S3_ACCESS_KEY`] || own.S3_SECRET_KEY !== setup[`${prefix}_S3_SECRET_KEY`])
      found.push(`${name}: its S3 keys are not those of the user minio-setup creates`);
    if (doc.services[name]?.depends_on?.['minio-setup']?.condition !== 'service_completed_successfully')
      found.push(`${name}: does not wait for minio-setup to finish`);
    const bucket = interpolate(own.S3_BUCKET ?? '');
    const other = buckets.get(bucket);
    if (other) found.push(`${name}: shares the bucket ${bucket} with ${other}`);
    buckets.set(bucket, name);
  }
  return found;
}

describe('docker-compose.yml credentials', () => {
  it('signs each process in to MongoDB as its own user, on its own database; none holds a root credential of MongoDB or MinIO', () => {
    expect(present.length).toBe(8);
    expect(credentialProblems(compose)).toEqual([]);
  });

  it('finds a broken copy: two services on one MongoDB user, a root credential handed out, the catalog on MinIO root, payments in its bucket', () => {
    const broken = structuredClone(compose);
    broken.services.payments.environment = { ...broken.services.payments.environment, S3_BUCKET: compose.services.catalog.environment?.S3_BUCKET ?? '' };
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
      'payments: shares the bucket bb-uploads with catalog',
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
    expect(fs.existsSync(path.join(root, (compose.services['minio-setup'].volumes ?? [])[0].split(':')[0], 'service-users.sh'))).toBe(true);
  });

  it('lists every new secret in .env.example with a placeholder production mode refuses', () => {
    for (const variable of [
      'MONGO_ROOT_PASSWORD',
      'MINIO_ROOT_PASSWORD',
      'CATALOG_S3_SECRET_KEY',
      'PAYMENTS_S3_SECRET_KEY',
      ...present.map(([name]) => `MONGO_${name.toUpperCase()}_PASSWORD`),
    ]) {
      expect([variable, example[variable]]).toEqual([variable, expect.stringMatching(/^replace-with-/)]);
    }
  });
});
