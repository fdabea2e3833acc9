import pino, { type DestinationStream, type Logger } from 'pino';

export type { Logger };

/**
 * The secret part of a link a customer or subscriber is given: a manage link
 * (`/manage/<token>`, `/api/manage/<token>/…`, in any case or slashes), a calendar feed
 * (`/api/calendar/<token>.ics`), and the `token` of any query (unsubscribe, confirm). Anyone
 * holding one acts as its owner, so it never reaches a log.
 */
const LINK_TOKENS = /(\/manage\/+)[^/?#\s"'\\]+|(\/api\/+calendar\/+)[^/?#\s"'\\]+?(\.ics)?(?=[/?#\s"'\\]|$)|([?&]token=)[^&#\s"'\\]*/gi;
const MIGHT_HOLD_A_TOKEN = /manage|calendar|token=/i;

/** Text with the token of every link in it replaced by `[token]`: for anything written to a log. */
export function redactLinkTokens(text: string): string {
  if (!MIGHT_HOLD_A_TOKEN.test(text)) return text;
  return text.replace(LINK_TOKENS, (_all, manage?: string, calendar?: string, ics?: string, query?: string) =>
    manage ? `${manage}[token]` : calendar ? `${calendar}[token]${ics ?? ''}` : `${query}[token]`,
  );
}

/**
 * JSON logs; tokens, passwords and secrets are never written: named fields are cut by pino's
 * redaction, and every line passes redactLinkTokens on its way out, whichever field (a URL,
 * an error's message or stack) carries a link. `destination` is for tests that read the lines.
 */
export function createLogger(service: string, level = process.env.LOG_LEVEL ?? 'info', destination?: DestinationStream): Logger {
  const options = {
    name: service,
    level,
    base: { service },
    redact: {
      paths: [
        'password',
        '*.password',
        'token',
        '*.token',
        'manageToken',
        '*.manageToken',
        'confirmToken',
        '*.confirmToken',
        'req.headers.authorization',
        'headers.authorization',
        '*.secret',
        'secret',
        'headers["x-webhook-secret"]',
      ],
      censor: '[redacted]',
    },
    hooks: { streamWrite: redactLinkTokens },
  };
  return destination ? pino(options, destination) : pino(options);
}
