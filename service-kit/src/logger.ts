import pino, { type Logger } from 'pino';

export type { Logger };

/** JSON logs; tokens, passwords and secrets are never written. */
export function createLogger(service: string, level = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino({
    name: service,
    level,
    base: { service },
    redact: {
      paths: ['password', '*.password', 'token', '*.token', 'req.headers.authorization', 'headers.authorization', '*.secret', 'secret', 'headers["x-webhook-secret"]'],
      censor: '[redacted]',
    },
  });
}
