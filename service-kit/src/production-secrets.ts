import type { ZodRawShape, ZodType } from 'zod';

export const MIN_SECRET_LENGTH = 32;

/** Secret variables' schemas, with the least length each must have in production. */
const secretSchemas = new WeakMap<ZodType, number>();
const secretUrlSchemas = new WeakSet<ZodType>();

/**
 * Marks a variable as a secret: in production it must be long (32 characters unless a
 * person has to type it, like a password) and not a placeholder.
 */
export function secret<T extends ZodType>(schema: T, { minLength = MIN_SECRET_LENGTH } = {}): T {
  secretSchemas.set(schema, minLength);
  return schema;
}

/**
 * Marks a URL whose password part (amqp://user:password@host) is a secret, unless the server
 * is on this machine's loopback, where no one else can try it.
 */
export function secretUrl<T extends ZodType>(schema: T): T {
  secretUrlSchemas.add(schema);
  return schema;
}

/** The demo account's password: never acceptable outside demo mode. */
export const DEMO_PASSWORD = 'admin123';
/** Words the example configuration uses where a real value belongs. */
const PLACEHOLDER = /replace|change[-_ ]?me|placeholder|example|your[-_ ]|todo|xxxx|<[^>]*>/i;

/** What is wrong with one secret value, or null. */
export function secretProblem(value: string, minLength = MIN_SECRET_LENGTH): string | null {
  if (PLACEHOLDER.test(value)) return 'still holds a placeholder from the example configuration';
  if (value === DEMO_PASSWORD) return 'is the demo password';
  if (value.length < minLength) return `must be at least ${minLength} characters`;
  return null;
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** A broker may be given as several URLs separated by commas: each one's password counts. */
const remoteUrlPasswords = (value: string): string[] =>
  value
    .split(',')
    .map(remoteUrlPassword)
    .filter((password): password is string => password !== null);

const remoteUrlPassword = (value: string): string | null => {
  try {
    const url = new URL(value);
    const password = decodeURIComponent(url.password);
    return password === '' || LOOPBACK_HOSTS.has(url.hostname) ? null : password;
  } catch {
    return null;
  }
};

/**
 * The secrets of a configuration that production mode must refuse: shorter than 32
 * characters, or still the example file's placeholder. Each problem names its variable, so the
 * operator knows what to change (the value itself is never printed).
 */
export function productionSecretProblems(shape: ZodRawShape, env: Record<string, unknown>): string[] {
  const problems: string[] = [];
  for (const [name, schema] of Object.entries(shape)) {
    const value = env[name];
    if (typeof value !== 'string' || value === '') continue;
    const minLength = secretSchemas.get(schema as ZodType);
    if (minLength !== undefined) {
      const problem = secretProblem(value, minLength);
      if (problem) problems.push(`${name} ${problem}`);
    } else if (secretUrlSchemas.has(schema as ZodType)) {
      const problem = remoteUrlPasswords(value)
        .map((password) => secretProblem(password))
        .find((found) => found !== null);
      if (problem) problems.push(`the password in ${name} ${problem}`);
    }
  }
  return problems;
}
