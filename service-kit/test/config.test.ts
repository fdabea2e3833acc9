import { z } from 'zod';
import { ConfigError, parseConfig, baseEnvShape, busEnvShape, mongoEnvShape } from '../src/config';
import { secret, secretUrl } from '../src/production-secrets';

describe('environment config', () => {
  const shape = { ...baseEnvShape, ...mongoEnvShape, S3_BUCKET: z.string().min(1) };
  const good = { PORT: '4000', JWT_SECRET: 'q8Lr2vTn5WbZk1Hc9YpJ3sGd7FmXa0Ue', MONGO_URL: 'mongodb://localhost:27017/bb_test', S3_BUCKET: 'b' };

  it('parses and applies defaults', () => {
    const config = parseConfig(shape, good);
    expect(config.PORT).toBe(4000);
    expect(config.APP_MODE).toBe('production');
    expect(config.LOG_LEVEL).toBe('info');
  });

  it('names every missing variable', () => {
    expect(() => parseConfig(shape, { PORT: '4000' })).toThrow(ConfigError);
    expect(() => parseConfig(shape, { PORT: '4000' })).toThrow(/JWT_SECRET is required.*MONGO_URL is required.*S3_BUCKET is required/);
  });

  it("takes a cluster's nodes as broker URLs separated by commas, each one a broker URL", () => {
    const withBus = { ...shape, ...busEnvShape };
    const nodes = 'amqp://bb:p@rabbit-0:5672,amqp://bb:p@rabbit-1:5672,amqp://bb:p@rabbit-2:5672';
    expect(parseConfig(withBus, { ...good, APP_MODE: 'demo', AMQP_URL: nodes }).AMQP_URL).toBe(nodes);
    for (const bad of ['amqp://bb:p@rabbit-0:5672,', 'amqp://bb:p@rabbit-0:5672,http://rabbit-1', 'rabbit-0:5672']) {
      expect(() => parseConfig(withBus, { ...good, APP_MODE: 'demo', AMQP_URL: bad })).toThrow(/AMQP_URL must be amqp:\/\/user:pass@host:port, or several/);
    }
  });

  it("takes a replica set's URL: every member, its name and retryable writes", () => {
    const members =
      'mongodb://bb_booking:pw@mongo-0.mongo:27017,mongo-1.mongo:27017,mongo-2.mongo:27017/bb_booking?replicaSet=bb-mongo&authSource=admin&retryWrites=true';
    expect(parseConfig(shape, { ...good, APP_MODE: 'demo', MONGO_URL: members }).MONGO_URL).toBe(members);
  });

  it('explains a malformed variable', () => {
    expect(() => parseConfig(shape, { ...good, MONGO_URL: 'localhost' })).toThrow(/MONGO_URL: MONGO_URL must be mongodb:\/\/host:port\/<database>/);
  });

  describe('in production mode', () => {
    const withSecrets = {
      ...shape,
      API_KEY: secret(z.string()),
      ADMIN_PASSWORD: secret(z.string().optional(), { minLength: 12 }),
      AMQP_URL: secretUrl(z.string()),
    };
    const production = {
      ...good,
      APP_MODE: 'production',
      API_KEY: 'Zx81mQpL0cV7nB3kT6yW2rD9fG4hJ5sA',
      ADMIN_PASSWORD: 'a staff password',
      AMQP_URL: 'amqp://bb:Jw7Qz2Lp9Xv4Nc1Rt8Ks5Hm3Bd6Gf0Ya@rabbit:5672',
    };

    it('accepts long secrets that are not placeholders', () => {
      expect(() => parseConfig(withSecrets, production)).not.toThrow();
    });

    it.each([
      ['a secret under 32 characters', { API_KEY: 'short-but-random-8Jq2' }, /API_KEY must be at least 32 characters/],
      ['a placeholder', { JWT_SECRET: 'replace-with-32-plus-random-characters' }, /JWT_SECRET still holds a placeholder/],
      ['the demo password', { ADMIN_PASSWORD: 'admin123' }, /ADMIN_PASSWORD/],
      ['a short staff password', { ADMIN_PASSWORD: 'abc12345' }, /ADMIN_PASSWORD must be at least 12 characters/],
      [
        'a placeholder password in a broker URL',
        { AMQP_URL: 'amqp://bb:replace-with-a-rabbitmq-password@rabbit:5672' },
        /the password in AMQP_URL still holds a placeholder/,
      ],
      [
        'a short password on one node of a cluster',
        { AMQP_URL: 'amqp://bb:Jw7Qz2Lp9Xv4Nc1Rt8Ks5Hm3Bd6Gf0Ya@rabbit-0:5672,amqp://bb:tooshort@rabbit-1:5672' },
        /the password in AMQP_URL must be at least 32 characters/,
      ],
    ])('refuses %s, naming the variable but not the value', (_what, change, message) => {
      const env = { ...production, ...change };
      expect(() => parseConfig(withSecrets, env)).toThrow(message);
      try {
        parseConfig(withSecrets, env);
      } catch (err) {
        for (const value of Object.values(change)) expect((err as Error).message).not.toContain(value);
      }
    });

    it('lets a broker on loopback keep its local password', () => {
      expect(() => parseConfig(withSecrets, { ...production, AMQP_URL: 'amqp://guest:guest@127.0.0.1:5672' })).not.toThrow();
    });

    it('leaves demo mode alone', () => {
      expect(() => parseConfig(withSecrets, { ...production, APP_MODE: 'demo', API_KEY: 'short' })).not.toThrow();
    });
  });
});
