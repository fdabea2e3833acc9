/** How a mail the SMTP server did not take is tried again. */
export interface RetryPolicy {
  baseMs: number;
  maxMs: number;
  maxAttempts: number;
}

/** What the SMTP client reports about a send that did not go through. */
export interface SendFailure {
  /** The SMTP reply code, when the server answered (550, 421…). */
  responseCode?: number;
  /** nodemailer's error code: ECONNECTION, ETIMEDOUT, EAUTH, EENVELOPE… */
  code?: string;
}

/**
 * The wait after the n-th failed attempt (1-based): the base doubling with each attempt up to
 * the maximum, spread by ±25 % so that mails failed together (an SMTP outage) do not all come
 * back in the same instant. `random` is in [0, 1).
 */
export function retryDelayMs(attempt: number, policy: Pick<RetryPolicy, 'baseMs' | 'maxMs'>, random: number = Math.random()): number {
  const doubled = policy.baseMs * 2 ** Math.min(Math.max(attempt - 1, 0), 30);
  const capped = Math.min(doubled, policy.maxMs);
  return Math.max(1, Math.min(policy.maxMs, Math.round(capped * (0.75 + random * 0.5))));
}

/**
 * A refusal that another attempt cannot change: the server answered 5xx (a recipient it will
 * never take, a message it will not carry), or the address could not even be put on the
 * envelope. A failed login (EAUTH) is a configuration the operator can fix, so it is retried;
 * so is everything else (4xx, connection and timeout errors).
 */
export function isPermanent(failure: SendFailure): boolean {
  if (failure.code === 'EAUTH') return false;
  if (failure.responseCode !== undefined) return failure.responseCode >= 500 && failure.responseCode < 600;
  return failure.code === 'EENVELOPE';
}

/** After the attempt numbered `attempts` failed: try again (when) or give up. */
export function nextAfterFailure(
  attempts: number,
  failure: SendFailure,
  policy: RetryPolicy,
  now: Date,
  random: number = Math.random(),
): { retryAt: Date } | 'failed' {
  if (isPermanent(failure) || attempts >= policy.maxAttempts) return 'failed';
  return { retryAt: new Date(now.getTime() + retryDelayMs(attempts, policy, random)) };
}
