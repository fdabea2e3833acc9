import { WEBHOOK_ID_HEADER, WEBHOOK_SECRET_HEADER, WEBHOOK_SIGNATURE_HEADER, WEBHOOK_TIMESTAMP_HEADER, type WebhookPayload } from '@bb/contracts';
import { signWebhook } from '../domain/signature';

export interface PostRequest {
  url: string;
  secret: string;
  /** webhook-id: the same on every attempt of one delivery. */
  deliveryId: string;
  payload: WebhookPayload;
  timeoutMs: number;
}

export interface PostResult {
  ok: boolean;
  httpStatus: number | null;
  /** Why it failed, in words for the Chat API screen; null on success. */
  error: string | null;
  durationMs: number;
}

/**
 * POSTs one signed payload to the bot. Never throws: every outcome is a result to log.
 * Redirects are not followed (a redirect could send the secret to another host), and an
 * answer slower than the timeout counts as a failure.
 */
export async function postToBot(request: PostRequest): Promise<PostResult> {
  const started = Date.now();
  const body = JSON.stringify(request.payload);
  // Signed per attempt: receivers reject old timestamps, so a retry carries a fresh one.
  const timestamp = Math.floor(started / 1000);
  const elapsed = () => Date.now() - started;
  try {
    const res = await fetch(request.url, {
      method: 'POST',
      redirect: 'manual',
      signal: AbortSignal.timeout(request.timeoutMs),
      headers: {
        'content-type': 'application/json',
        'user-agent': 'beauty-booking-chat-webhook/1',
        [WEBHOOK_SECRET_HEADER]: request.secret,
        [WEBHOOK_ID_HEADER]: request.deliveryId,
        [WEBHOOK_TIMESTAMP_HEADER]: String(timestamp),
        [WEBHOOK_SIGNATURE_HEADER]: signWebhook(request.secret, request.deliveryId, timestamp, body),
      },
      body,
    });
    await res.body?.cancel().catch(() => undefined);
    if (res.status >= 200 && res.status < 300) return { ok: true, httpStatus: res.status, error: null, durationMs: elapsed() };
    const error = res.status >= 300 && res.status < 400 ? `HTTP ${res.status}: redirects are not followed` : `HTTP ${res.status}`;
    return { ok: false, httpStatus: res.status, error, durationMs: elapsed() };
  } catch (err) {
    return { ok: false, httpStatus: null, error: describeFailure(err, request.timeoutMs), durationMs: elapsed() };
  }
}

function describeFailure(err: unknown, timeoutMs: number): string {
  const e = err as Error & { cause?: { code?: string; message?: string } };
  if (e.name === 'TimeoutError' || e.name === 'AbortError') return `no answer within ${timeoutMs / 1000} s`;
  const reason = e.cause?.code ?? e.cause?.message ?? e.message;
  return `could not connect: ${reason}`;
}
