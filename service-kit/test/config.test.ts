import { z } from 'zod';
import { ConfigError, parseConfig, baseEnvShape, mongoEnvShape } from '../src/config';

describe('environment config', () => {
  const shape = { ...baseEnvShape, ...mongoEnvShape, S3_BUCKET: z.string().min(1) };
  const good = { PORT: '4000', JWT_SECRET: 'x'.repeat(32), MONGO_URL: 'mongodb://localhost:27017/bb_test', S3_BUCKET: 'b' };

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

  it('explains a malformed variable', () => {
    expect(() => parseConfig(shape, { ...good, MONGO_URL: 'localhost' })).toThrow(/MONGO_URL: MONGO_URL must be mongodb:\/\/host:port\/<database>/);
  });
});
