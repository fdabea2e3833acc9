import { subscriberRoutes } from '@bb/contracts';
import { createServiceApp } from '../src/http/app';
import { onRoute } from '../src/http/bind';
import { MAX_INPUT_DEPTH, MAX_INPUT_VALUES, inputProblem } from '../src/http/parsed-input';
import { redactLinkTokens } from '../src/logger';
import { expectSlowSendersCutOff, sendRaw, TEST_JWT_SECRET } from '../testing';
import { appServers, bookingApp, logCapture, nestedArrays, nestedObjects } from './support/edge-apps';

// The edges of a request a service meets when reached directly (its port is on the network):
// bodies nested or numerous enough to break a recursive walk, bodies on GET, slow senders, and
// link tokens in the logs. Every app here is the kit's own, with routes of the real table bound
// by bind() to their real schemas, on a server made by the same listen() as production.

const start = appServers();

const postJson = (base: string, path: string, body: string) => fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body });

describe('the walk of a parsed body', () => {
  it('goes as deep as the limit and no further, without recursion', () => {
    expect(inputProblem(JSON.parse(nestedArrays(MAX_INPUT_DEPTH)))).toBeNull();
    expect(inputProblem(JSON.parse(nestedArrays(MAX_INPUT_DEPTH + 1)))).toMatchObject({ kind: 'too-deep' });
    expect(inputProblem(JSON.parse(nestedObjects(MAX_INPUT_DEPTH + 1)))).toMatchObject({ kind: 'too-deep' });
    // Far deeper than any stack: a recursive walk throws RangeError here.
    expect(inputProblem(JSON.parse(nestedArrays(1_000_000)))).toMatchObject({ kind: 'too-deep' });
  });

  it('counts values, and finds unstorable text wherever it sits', () => {
    expect(inputProblem(new Array(MAX_INPUT_VALUES - 1).fill(0))).toBeNull();
    expect(inputProblem(new Array(MAX_INPUT_VALUES).fill(0))).toMatchObject({ kind: 'too-many' });
    expect(inputProblem({ name: 'Ana', features: ['ok', 'bad\u0000'] })).toEqual({ kind: 'unstorable', at: 'features[1]' });
    expect(inputProblem({ nested: { 'k\u0000': 1 } })).toEqual({ kind: 'unstorable', at: 'nested.k\u0000' });
    expect(inputProblem('x\ud8b2y', 'query')).toEqual({ kind: 'unstorable', at: 'query' });
    expect(inputProblem({ emoji: 'fine 😀', accents: 'Lumière', n: 1e308, none: null })).toBeNull();
  });
});

describe('a service reached directly', () => {
  let base: string;
  const capture = logCapture();
  beforeAll(async () => {
    base = await start(bookingApp(capture.logger('booking')));
  });

  it('answers a deeply nested body on a public POST with 400 naming the limit, logged below error (it was a 500 from a RangeError)', async () => {
    for (const body of [nestedArrays(20_000), nestedObjects(5_000), `{"firstName":${nestedArrays(40)}}`]) {
      const res = await postJson(base, '/api/appointments', body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe(`Request body is nested too deeply (more than ${MAX_INPUT_DEPTH} levels)`);
    }
    const reschedule = await postJson(base, `/api/manage/${'A'.repeat(32)}/reschedule`, nestedArrays(20_000));
    expect(reschedule.status).toBe(400);
    expect(capture.lines.filter((l) => l.level === 50 && String(l.url).startsWith('/api/appointments'))).toEqual([]);
  });

  it('answers a body of too many values with 400, and one just under the limit reaches the schema', async () => {
    const many = await postJson(base, '/api/waitlist', JSON.stringify({ items: new Array(MAX_INPUT_VALUES).fill(1) }));
    expect(many.status).toBe(400);
    expect(((await many.json()) as { message: string }).message).toBe(`Request body holds too many values (more than ${MAX_INPUT_VALUES})`);
    const under = await postJson(base, '/api/waitlist', JSON.stringify({ items: new Array(100).fill(1) }));
    expect(under.status).toBe(400);
    expect(((await under.json()) as { message: string }).message).not.toMatch(/too many|nested/);
  });

  it.each([
    ['GET', 'content-length: 40'],
    ['HEAD', 'content-length: 40'],
    ['GET', 'transfer-encoding: chunked'],
  ])('refuses a %s with a body (%s) with 400 before reading it, and closes the connection', async (method, framing) => {
    const body = nestedArrays(20);
    const payload = framing.startsWith('transfer') ? `${body.length.toString(16)}\r\n${body}\r\n0\r\n\r\n` : body;
    const outcome = await sendRaw(
      base,
      `${method} /api/available-slots?offeringType=clinic&date=2031-03-04 HTTP/1.1\r\nHost: x\r\ncontent-type: application/json\r\n${framing}\r\n\r\n${payload}`,
    );
    expect(outcome.status).toBe(400);
    expect(outcome.text).toMatch(/connection: close/i);
    if (method === 'GET') expect(outcome.text).toContain('{"message":"A GET request may not carry a body"}');
  });

  it('still answers a GET without a body, and one with Content-Length: 0', async () => {
    const outcome = await sendRaw(
      base,
      'GET /api/available-slots?offeringType=clinic&date=2031-03-04 HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nConnection: close\r\n\r\n',
    );
    expect(outcome.status).toBe(409);
    expect((await fetch(`${base}/api/available-slots?offeringType=clinic&date=2031-03-04`)).status).toBe(409);
  });
});

describe('slow senders', () => {
  it('cuts off headers and bodies sent slower than the limits, and serves others meanwhile', async () => {
    const base = await start(bookingApp(), { requestMs: 1500, headersMs: 800, keepAliveMs: 5000 });
    await expectSlowSendersCutOff(base, {
      readPath: '/api/available-slots?offeringType=clinic',
      write: { path: '/api/appointments', body: { firstName: 'x'.repeat(400) } },
      // Meanwhile another client is answered at once, again and again.
      other: async () => expect((await fetch(`${base}/api/available-slots?offeringType=clinic&date=2031-03-04`)).status).toBe(409),
      forMs: 1000,
    });
  });
});

describe('link tokens in logs', () => {
  const manageToken = 'Zm9vYmFyYmF6cXV4cXV1eHF1dXhxdXV4';
  const feedToken = 'c2VjcmV0LWZlZWQtdG9rZW4tMTIzNDU2';
  const mailToken = 'bWFpbC1saW5rLXRva2VuLTc4OTAxMjM0';

  it('redacts the token of manage, calendar, unsubscribe and confirm links, and nothing else', () => {
    expect(redactLinkTokens(`/api/manage/${manageToken}`)).toBe('/api/manage/[token]');
    expect(redactLinkTokens(`GET /api/manage/${manageToken}/calendar.ics?x=1`)).toBe('GET /api/manage/[token]/calendar.ics?x=1');
    expect(redactLinkTokens(`/manage/${manageToken}`)).toBe('/manage/[token]');
    expect(redactLinkTokens(`/API//Manage/${manageToken}/cancel`)).toBe('/API//Manage/[token]/cancel');
    expect(redactLinkTokens(`/api/calendar/${feedToken}.ics`)).toBe('/api/calendar/[token].ics');
    expect(redactLinkTokens(`/api/email-subscribers/unsubscribe?token=${mailToken}&x=1`)).toBe('/api/email-subscribers/unsubscribe?token=[token]&x=1');
    expect(redactLinkTokens(`/api/email-subscribers/confirm?a=b&token=${mailToken}`)).toBe('/api/email-subscribers/confirm?a=b&token=[token]');
    expect(redactLinkTokens('/api/calendar-feeds/clinic /api/appointments?offering=clinic')).toBe(
      '/api/calendar-feeds/clinic /api/appointments?offering=clinic',
    );
  });

  it('cuts them from the fields events carry them in', () => {
    const capture = logCapture();
    capture.logger('notifications').warn({ manageToken, event: { confirmToken: mailToken, token: feedToken } }, 'could not send');
    for (const token of [manageToken, feedToken, mailToken]) expect(capture.text()).not.toContain(token);
  });

  it('never writes them in any log line of a real app: access lines at debug, error lines with URLs', async () => {
    const capture = logCapture();
    const booking = await start(bookingApp(capture.logger('booking')));
    const subscribers = await start(
      createServiceApp({
        service: 'subscribers',
        context: { logger: capture.logger('subscribers'), isReady: () => true, config: { JWT_SECRET: TEST_JWT_SECRET } },
        deps: undefined,
        mounts: [
          (app) => {
            onRoute(app, subscriberRoutes.unsubscribePage, () => {
              throw new Error(`could not unsubscribe with /api/email-subscribers/unsubscribe?token=${mailToken}`);
            });
          },
        ],
      }),
    );
    expect((await fetch(`${booking}/api/manage/${manageToken}`)).status).toBe(500);
    expect((await postJson(booking, `/api/manage/${manageToken}/reschedule`, '{}')).status).toBe(400);
    expect((await fetch(`${booking}/api/calendar/${feedToken}.ics`)).status).toBe(409);
    expect((await fetch(`${subscribers}/api/email-subscribers/unsubscribe?token=${mailToken}`)).status).toBe(500);
    expect((await fetch(`${subscribers}/api/email-subscribers/confirm?token=${mailToken}`)).status).toBe(404);
    await new Promise((r) => setTimeout(r, 50));
    const urls = capture.lines.filter((l) => l.msg === 'request').map((l) => l.url);
    expect(urls).toEqual([
      '/api/manage/[token]',
      '/api/manage/[token]/reschedule',
      '/api/calendar/[token].ics',
      '/api/email-subscribers/unsubscribe?token=[token]',
      '/api/email-subscribers/confirm?token=[token]',
    ]);
    expect(capture.lines.filter((l) => l.msg === 'request failed').map((l) => l.url)).toEqual([
      '/api/manage/[token]',
      '/api/email-subscribers/unsubscribe?token=[token]',
    ]);
    for (const token of [manageToken, feedToken, mailToken]) expect(capture.text()).not.toContain(token);
  });
});
