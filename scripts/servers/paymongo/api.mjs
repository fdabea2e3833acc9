// The PayMongo v1 subset the payments service calls: checkout sessions, payments, refunds and
// webhooks, behind HTTP Basic with the secret key, JSON:API-like bodies, and the documented
// Idempotency-Key on creates (the first answer is kept 24 hours and given again to a retry with
// the same key; the same key with other parameters is refused; a refused request keeps nothing).
import crypto from 'node:crypto';
import { HttpError, apiError, decodeSegment, notFound, nowSeconds, parseJson, readBody, sendJson } from './http.mjs';
import { newSessionRecord, newWebhookRecord, paymentResource, refundResource, sessionResource, webhookResource } from './resources.mjs';
import { lookup } from './state.mjs';
import { attributesOf, checkoutSessionInput, refundInput, webhookInput } from './validate.mjs';

const BODY_LIMIT = 256 * 1024;
const IDEMPOTENCY_TTL_MS = 24 * 3600 * 1000;

/**
 * @param {{ state: ReturnType<typeof import('./state.mjs').openState>, actions: ReturnType<typeof import('./actions.mjs').createActions>, keys: { secretKey: string }, baseUrl: string, merchant: string }} options
 */
export function createApi({ state, actions, keys, baseUrl, merchant }) {
  const data = state.data;
  /** Idempotency keys whose first request is under way: a second one at once is refused, not run twice. */
  const underWay = new Set();

  const valid = (result) => {
    if (result.errors) throw new HttpError(400, result.errors);
    return result.value;
  };

  const routes = [
    [
      'POST',
      /^\/v1\/checkout_sessions$/,
      async ({ body }) => {
        const input = valid(checkoutSessionInput(valid(attributesOf(body))));
        const session = newSessionRecord(input, { baseUrl, merchant });
        data.sessions[session.id] = session;
        await state.commit();
        return sessionResource(data, session);
      },
    ],
    ['GET', /^\/v1\/checkout_sessions\/([^/]+)$/, async ({ params }) => sessionResource(data, actions.sessionOf(params[0]))],
    ['POST', /^\/v1\/checkout_sessions\/([^/]+)\/expire$/, async ({ params }) => sessionResource(data, await actions.expire(params[0]))],
    [
      'GET',
      /^\/v1\/payments\/([^/]+)$/,
      async ({ params }) => {
        const payment = lookup(data.payments, params[0]);
        if (!payment) throw notFound(`Payment ${params[0]}`);
        return paymentResource(data, payment);
      },
    ],
    ['POST', /^\/v1\/refunds$/, async ({ body }) => refundResource(await actions.refund(valid(refundInput(valid(attributesOf(body))))))],
    [
      'GET',
      /^\/v1\/refunds\/([^/]+)$/,
      async ({ params }) => {
        const refund = lookup(data.refunds, params[0]);
        if (!refund) throw notFound(`Refund ${params[0]}`);
        return refundResource(refund);
      },
    ],
    [
      'POST',
      /^\/v1\/webhooks$/,
      async ({ body }) => {
        const input = valid(webhookInput(valid(attributesOf(body)), { partial: false }));
        refuseTakenUrl(input.url, null);
        const webhook = newWebhookRecord(input);
        data.webhooks[webhook.id] = webhook;
        await state.commit();
        return webhookResource(webhook);
      },
    ],
    ['GET', /^\/v1\/webhooks$/, async () => ({ list: Object.values(data.webhooks).map(webhookResource) })],
    ['GET', /^\/v1\/webhooks\/([^/]+)$/, async ({ params }) => webhookResource(webhookOf(params[0]))],
    [
      'PUT',
      /^\/v1\/webhooks\/([^/]+)$/,
      async ({ params, body }) => {
        const webhook = webhookOf(params[0]);
        const input = valid(webhookInput(valid(attributesOf(body)), { partial: true }));
        if (input.url) refuseTakenUrl(input.url, webhook.id);
        Object.assign(webhook.attributes, input, { updated_at: nowSeconds() });
        await state.commit();
        return webhookResource(webhook);
      },
    ],
    [
      'POST',
      /^\/v1\/webhooks\/([^/]+)\/(enable|disable)$/,
      async ({ params }) => {
        const webhook = webhookOf(params[0]);
        const status = params[1] === 'enable' ? 'enabled' : 'disabled';
        if (webhook.attributes.status !== status) {
          webhook.attributes.status = status;
          if (status === 'disabled') webhook.attributes.disabled_reason = 'disabled_by_merchant';
          else delete webhook.attributes.disabled_reason;
          webhook.attributes.updated_at = nowSeconds();
          await state.commit();
        }
        return webhookResource(webhook);
      },
    ],
  ];

  function webhookOf(id) {
    const webhook = lookup(data.webhooks, id);
    if (!webhook) throw notFound(`Webhook ${id}`);
    return webhook;
  }

  /** PayMongo keeps one webhook per URL. */
  function refuseTakenUrl(url, exceptId) {
    if (Object.values(data.webhooks).some((w) => w.attributes.url === url && w.id !== exceptId)) {
      throw new HttpError(400, [apiError('parameter_invalid', `A webhook for ${url} already exists.`, 'attributes.url')]);
    }
  }

  function authenticate(req) {
    const header = req.headers.authorization ?? '';
    const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header);
    if (!match) throw new HttpError(401, [apiError('api_key_required', 'Authenticate with HTTP Basic: the secret key as username and an empty password.')]);
    const username = Buffer.from(match[1], 'base64').toString('utf8').split(':')[0];
    const expected = Buffer.from(keys.secretKey);
    const given = Buffer.from(username);
    if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) {
      throw new HttpError(401, [apiError('api_key_invalid', 'The API key is invalid: this server accepts its secret key (PAYMONGO_SECRET_KEY).')]);
    }
  }

  /** A kept answer for this key, or null; refuses the key with other parameters. */
  function replayed(key, method, pathname, raw) {
    const now = Date.now();
    for (const [k, entry] of Object.entries(data.idempotency)) if (now - entry.at > IDEMPOTENCY_TTL_MS) delete data.idempotency[k];
    const entry = lookup(data.idempotency, `key:${key}`);
    if (!entry) return null;
    const hash = crypto.createHash('sha256').update(raw).digest('hex');
    if (entry.method !== method || entry.path !== pathname || entry.hash !== hash) {
      throw new HttpError(400, [apiError('idempotency_key_in_use', 'This Idempotency-Key was used with other parameters.')]);
    }
    return entry;
  }

  /** Answers a request under /v1 (an unknown path 404, a known path with another method 405). */
  return async function handle(req, res, pathname) {
    try {
      authenticate(req);
      const method = req.method === 'HEAD' ? 'GET' : req.method;
      const matches = routes.map(([m, pattern, fn]) => ({ m, fn, found: pattern.exec(pathname) })).filter((r) => r.found);
      if (matches.length === 0) throw new HttpError(404, [apiError('route_not_found', `No route ${pathname}.`)]);
      const route = matches.find((r) => r.m === method);
      if (!route) throw new HttpError(405, [apiError('method_not_allowed', `${req.method} is not allowed on ${pathname}.`)]);
      const raw = method === 'GET' ? '' : await readBody(req, BODY_LIMIT);
      const key = method === 'POST' ? req.headers['idempotency-key'] : undefined;
      if (typeof key === 'string' && key.length > 255)
        throw new HttpError(400, [apiError('parameter_above_maximum', 'Idempotency-Key must be at most 255 characters.')]);
      const kept = key ? replayed(key, method, pathname, raw) : null;
      if (kept) {
        sendJson(res, kept.status, kept.body);
        return;
      }
      if (key && underWay.has(key))
        throw new HttpError(409, [apiError('idempotency_key_in_use', 'A request with this Idempotency-Key is under way: retry it.')]);
      if (key) underWay.add(key);
      try {
        const result = await route.fn({ params: route.found.slice(1).map(decodeSegment), body: method === 'GET' ? {} : parseJson(raw) });
        const body = result.list ? { data: result.list, has_more: false } : { data: result };
        if (key) {
          data.idempotency[`key:${key}`] = {
            method,
            path: pathname,
            hash: crypto.createHash('sha256').update(raw).digest('hex'),
            status: 200,
            body,
            at: Date.now(),
          };
          await state.commit();
        }
        // PayMongo answers creates and updates with 200 too (no 201/204).
        sendJson(res, 200, body);
      } finally {
        if (key) underWay.delete(key);
      }
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      sendJson(res, err.status, { errors: err.errors });
    }
  };
}
