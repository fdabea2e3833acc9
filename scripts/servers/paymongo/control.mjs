// The control API under /__control: not PayMongo's. Tests use it to play the visitor (paid,
// failed, abandoned), to read every delivery attempt, to resend an event, to hold deliveries back
// and release them, and to send an event with a chosen signature. Loopback only, and no key.
import { HttpError, apiError, decodeSegment, isLoopback, notFound, parseJson, readBody, sendJson } from './http.mjs';
import { paymentResource, sessionResource } from './resources.mjs';
import { lookup } from './state.mjs';
import { outcomeInput } from './validate.mjs';

const BODY_LIMIT = 16 * 1024;

/**
 * @param {{ state: ReturnType<typeof import('./state.mjs').openState>, actions: ReturnType<typeof import('./actions.mjs').createActions>, deliveries: ReturnType<typeof import('./deliveries.mjs').createDeliveries> }} options
 */
export function createControl({ state, actions, deliveries }) {
  const data = state.data;

  const eventOf = (id) => {
    const event = lookup(data.events, id);
    if (!event) throw notFound(`Event ${id}`);
    return event;
  };

  const routes = [
    ['GET', /^\/__control\/health$/, async () => ({ status: 'ok' })],
    [
      'POST',
      /^\/__control\/checkout_sessions\/([^/]+)\/outcome$/,
      async ({ params, body }) => {
        const result = outcomeInput(body);
        if (result.errors) throw new HttpError(400, result.errors);
        const { outcome } = result.value;
        const session = actions.sessionOf(params[0]);
        const method = result.value.method ?? session.payment_method_types[0];
        if (outcome === 'abandoned') {
          await actions.note(session.id, outcome, null);
          return { data: sessionResource(data, session) };
        }
        const done = await (outcome === 'paid' ? actions.pay(session.id, method) : actions.fail(session.id, method));
        if (done.refused) throw new HttpError(409, [apiError(done.refused, refusalText(done.refused, method))]);
        await actions.note(session.id, outcome, method);
        return { data: sessionResource(data, session), payment: paymentResource(data, done.payment) };
      },
    ],
    [
      'GET',
      /^\/__control\/checkout_sessions\/([^/]+)$/,
      async ({ params }) => {
        const session = actions.sessionOf(params[0]);
        return { data: sessionResource(data, session), outcomes: data.outcomes[session.id] ?? [] };
      },
    ],
    [
      'GET',
      /^\/__control\/deliveries$/,
      async ({ query }) => ({
        data: deliveries.attempts({ eventType: query.get('event_type'), webhookId: query.get('webhook'), eventId: query.get('event') }),
        pending: data.pending.length,
        paused: data.paused,
      }),
    ],
    [
      'GET',
      /^\/__control\/events$/,
      async ({ query }) => ({
        data: Object.values(data.events)
          .filter((e) => !query.get('type') || e.type === query.get('type'))
          .map((e) => ({ id: e.id, type: e.type, resource_id: e.resource_id, created_at: e.created_at })),
      }),
    ],
    [
      'POST',
      /^\/__control\/events\/([^/]+)\/redeliver$/,
      async ({ params }) => {
        deliveries.redeliver(eventOf(params[0]));
        await state.commit();
        deliveries.kick();
        return { data: { id: params[0], redelivered: true } };
      },
    ],
    [
      'POST',
      /^\/__control\/events\/([^/]+)\/deliver-raw$/,
      async ({ params, body }) => {
        const event = eventOf(params[0]);
        if (body.signature !== null && typeof body.signature !== 'string') {
          throw new HttpError(400, [apiError('parameter_data_type_invalid', 'signature must be a string (or null for no header).', 'signature')]);
        }
        if (typeof body.signature === 'string' && body.signature.length > 1024) {
          throw new HttpError(400, [apiError('parameter_above_maximum', 'signature must be at most 1024 characters.', 'signature')]);
        }
        return { data: await deliveries.deliverRaw(event, body.signature) };
      },
    ],
    [
      'POST',
      /^\/__control\/webhooks\/(pause|resume)$/,
      async ({ params }) => {
        data.paused = params[0] === 'pause';
        await state.commit();
        deliveries.kick();
        return { paused: data.paused, pending: data.pending.length };
      },
    ],
  ];

  return async function handle(req, res, pathname, query) {
    try {
      if (!isLoopback(req.socket.remoteAddress)) throw new HttpError(403, [apiError('forbidden', 'The control API answers loopback only.')]);
      const method = req.method === 'HEAD' ? 'GET' : req.method;
      const route = routes.map(([m, pattern, fn]) => ({ m, fn, found: pattern.exec(pathname) })).find((r) => r.found && r.m === method);
      if (!route) throw new HttpError(404, [apiError('route_not_found', `No control route ${req.method} ${pathname}.`)]);
      const body = method === 'POST' ? parseJson(await readBody(req, BODY_LIMIT)) : {};
      sendJson(res, 200, await route.fn({ params: route.found.slice(1).map(decodeSegment), body, query }));
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      sendJson(res, err.status, { errors: err.errors });
    }
  };
}

function refusalText(refused, method) {
  if (refused === 'expired') return 'The checkout session has expired.';
  if (refused === 'already_paid') return 'The checkout session has already been paid.';
  return `The checkout session does not offer ${method}.`;
}
