// Events and their delivery to webhooks, as PayMongo documents it: one POST per enabled webhook
// subscribed to the event's type, signed in `Paymongo-Signature: t=<unix seconds>,te=<hex>,li=`
// (te = HMAC-SHA256 of `${t}.${raw body}` keyed by the webhook's secret_key; test mode fills te,
// live mode li), retried with exponential backoff on a non-2xx answer or a timeout. Deliveries
// owed are part of the saved state, so a restart sends them; deliveries run concurrently and
// their order is not guaranteed. Every attempt is appended to deliveries.jsonl.
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import path from 'node:path';
import { newEvent, newId } from './resources.mjs';

const MAX_CONCURRENT = 32;

/** The documented header value for a body signed with a webhook's secret at unix time `t`. */
export function signatureHeader(secret, t, rawBody) {
  const te = crypto.createHmac('sha256', secret).update(`${t}.${rawBody}`).digest('hex');
  return `t=${t},te=${te},li=`;
}

/**
 * @param {{ state: ReturnType<typeof import('./state.mjs').openState>, dir: string, retryBaseMs: number, maxAttempts: number, timeoutMs: number, log: (line: string) => void }} options
 */
export function createDeliveries({ state, dir, retryBaseMs, maxAttempts, timeoutMs, log }) {
  const data = state.data;
  const logFile = path.join(dir, 'deliveries.jsonl');
  const attempts = fs.existsSync(logFile)
    ? fs
        .readFileSync(logFile, 'utf8')
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => JSON.parse(line))
    : [];
  const inFlight = new Set();
  let timer = null;
  let stopped = false;

  const subscribers = (type) => Object.values(data.webhooks).filter((w) => w.attributes.status === 'enabled' && w.attributes.events.includes(type));

  function record(entry) {
    attempts.push(entry);
    fs.appendFileSync(logFile, `${JSON.stringify(entry)}\n`);
  }

  function owe(event, kind) {
    for (const webhook of subscribers(event.type)) {
      data.pending.push({ id: newId('dlv'), event_id: event.id, webhook_id: webhook.id, kind, attempt: 0, next_at: Date.now() });
    }
  }

  /** Records an event about `resource` and owes it to its subscribers; the caller commits. */
  function emit(type, resource) {
    const body = newEvent(type, resource, subscribers(type).length);
    const event = { id: body.data.id, type, resource_id: resource.id, raw: JSON.stringify(body), created_at: body.data.attributes.created_at };
    data.events[event.id] = event;
    owe(event, 'delivery');
    return event;
  }

  /** Sends one POST; resolves with the answer's status, 0 when none came (refused, timed out). */
  function post(url, raw, signature) {
    return new Promise((resolve) => {
      const target = new URL(url);
      const headers = { 'content-type': 'application/json', 'content-length': Buffer.byteLength(raw), 'user-agent': 'PayMongo test double' };
      if (signature !== null) headers['paymongo-signature'] = signature;
      const req = (target.protocol === 'https:' ? https : http).request(target, { method: 'POST', headers, timeout: timeoutMs }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0 }));
        res.on('error', () => resolve({ status: res.statusCode ?? 0 }));
      });
      req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
      req.on('error', (err) => resolve({ status: 0, error: err.message }));
      req.end(raw);
    });
  }

  async function attempt(job) {
    inFlight.add(job.id);
    const event = data.events[job.event_id];
    const webhook = data.webhooks[job.webhook_id];
    // A webhook disabled or changed since the event no longer wants it (as with PayMongo).
    if (!event || !webhook || webhook.attributes.status !== 'enabled' || !webhook.attributes.events.includes(event.type)) {
      settle(job, null);
      return;
    }
    const t = Math.floor(Date.now() / 1000);
    const answer = await post(webhook.attributes.url, event.raw, signatureHeader(webhook.attributes.secret_key, t, event.raw));
    job.attempt += 1;
    const ok = answer.status >= 200 && answer.status < 300;
    record({
      event_id: event.id,
      event_type: event.type,
      webhook_id: webhook.id,
      url: webhook.attributes.url,
      kind: job.kind,
      attempt: job.attempt,
      status_code: answer.status,
      ...(answer.error ? { error: answer.error } : {}),
      at: new Date().toISOString(),
    });
    if (!ok) {
      const end = job.attempt >= maxAttempts ? '; giving up' : '';
      log(`${event.type} ${event.id} to ${webhook.attributes.url}: attempt ${job.attempt} answered ${answer.status || answer.error}${end}`);
    }
    settle(job, ok || job.attempt >= maxAttempts ? null : Date.now() + retryBaseMs * 2 ** (job.attempt - 1));
  }

  /** Done (nextAt null: delivered, given up or no longer wanted) or due again at nextAt. */
  function settle(job, nextAt) {
    inFlight.delete(job.id);
    if (nextAt === null) data.pending = data.pending.filter((j) => j.id !== job.id);
    else job.next_at = nextAt;
    state.commit().catch((err) => log(`could not save the state: ${err.message}`));
    kick();
  }

  /** Sends what is due (unless paused) and sets the timer for the next one due. */
  function kick() {
    clearTimeout(timer);
    timer = null;
    if (stopped || data.paused) return;
    const now = Date.now();
    const waiting = data.pending.filter((job) => !inFlight.has(job.id));
    for (const job of waiting.filter((j) => j.next_at <= now)) {
      if (inFlight.size >= MAX_CONCURRENT) break;
      attempt(job);
    }
    const later = data.pending.filter((job) => !inFlight.has(job.id)).map((job) => job.next_at);
    if (later.length > 0 && inFlight.size < MAX_CONCURRENT) {
      timer = setTimeout(kick, Math.max(0, Math.min(...later) - now));
      timer.unref();
    }
  }

  return {
    emit,
    kick,
    /** Every attempt so far, optionally of one event type, webhook or event. */
    attempts: ({ eventType, webhookId, eventId }) =>
      attempts.filter((a) => (!eventType || a.event_type === eventType) && (!webhookId || a.webhook_id === webhookId) && (!eventId || a.event_id === eventId)),
    /** The same event again, freshly signed, to its current subscribers (the dashboard's resend). */
    redeliver(event) {
      owe(event, 'redelivery');
    },
    /** The event once to each subscriber with the given header value (null: no header); no retry. */
    async deliverRaw(event, signature) {
      const results = await Promise.all(
        subscribers(event.type).map(async (webhook) => {
          const answer = await post(webhook.attributes.url, event.raw, signature);
          const entry = {
            event_id: event.id,
            event_type: event.type,
            webhook_id: webhook.id,
            url: webhook.attributes.url,
            kind: 'raw',
            attempt: 1,
            status_code: answer.status,
            ...(answer.error ? { error: answer.error } : {}),
            at: new Date().toISOString(),
          };
          record(entry);
          return entry;
        }),
      );
      return results;
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
