import { parseSignatureHeader, paymongoSignature, verifyPaymongoSignature } from '../src/domain/paymongo-signature';

// PayMongo's "Securing a webhook" (https://developers.paymongo.com/docs/securing-webhook):
// its sample header, and its rule, HMAC-SHA256 of `<t>.<raw body>` with the webhook's secret
// key, hex, compared with `te` in test mode and `li` in live mode.
const DOCUMENTED_HEADER =
  't=1496734173,te=1447a89e7ecebeda32sffs62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd,li=3f7bs59d200aae63f272406069a9788598b792a944a07aba816edb039989a39';

const SECRET = 'whsk_TestSecretOfTheWebhook0001';
const BODY = Buffer.from('{"data":{"id":"evt_1","type":"event","attributes":{"type":"payment.paid","livemode":false}}}');
const NOW = 1_900_000_000;
const TOLERANCE = 300;

const header = (t: number, { te = '', li = '' }: { te?: string; li?: string }) => `t=${t},te=${te},li=${li}`;
const verify = (h: string | undefined, options: { livemode?: boolean; body?: Buffer; secret?: string; now?: number } = {}) =>
  verifyPaymongoSignature({
    header: h,
    rawBody: options.body ?? BODY,
    secret: options.secret ?? SECRET,
    livemode: options.livemode ?? false,
    now: options.now ?? NOW,
    toleranceSeconds: TOLERANCE,
  });

describe("PayMongo's webhook signature", () => {
  it('reads the documented sample header into its three parts', () => {
    expect(parseSignatureHeader(DOCUMENTED_HEADER)).toEqual({
      timestamp: 1496734173,
      te: '1447a89e7ecebeda32sffs62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd',
      li: '3f7bs59d200aae63f272406069a9788598b792a944a07aba816edb039989a39',
    });
  });

  it('is the hex HMAC-SHA256 of "<t>.<raw body>" keyed by the secret', () => {
    // Computed independently: printf '1496734173.{}' | openssl dgst -sha256 -hmac whsk_TestSecretOfTheWebhook0001
    expect(paymongoSignature(SECRET, 1496734173, '{}')).toBe('64be98253de7688e47ff1f9fb2f405b4211cbee088a9e6a03d8592bdd6906672');
  });

  it('accepts a test-mode event signed in te', () => {
    expect(verify(header(NOW, { te: paymongoSignature(SECRET, NOW, BODY) }))).toEqual({ ok: true });
  });

  it('accepts a live-mode event signed in li, and checks li only in live mode', () => {
    const signature = paymongoSignature(SECRET, NOW, BODY);
    expect(verify(header(NOW, { li: signature }), { livemode: true })).toEqual({ ok: true });
    expect(verify(header(NOW, { te: signature }), { livemode: true })).toEqual({ ok: false, reason: 'malformed' });
    expect(verify(header(NOW, { li: signature }), { livemode: false })).toEqual({ ok: false, reason: 'malformed' });
  });

  it('refuses a signature made with another secret', () => {
    expect(verify(header(NOW, { te: paymongoSignature('whsk_SomebodyElse', NOW, BODY) }))).toEqual({ ok: false, reason: 'mismatch' });
  });

  it('refuses a body changed after signing, by one byte', () => {
    const tampered = Buffer.from(BODY.toString().replace('payment.paid', 'payment.pain'));
    expect(verify(header(NOW, { te: paymongoSignature(SECRET, NOW, BODY) }), { body: tampered })).toEqual({ ok: false, reason: 'mismatch' });
  });

  it('refuses a timestamp changed after signing', () => {
    expect(verify(header(NOW - 1, { te: paymongoSignature(SECRET, NOW, BODY) }))).toEqual({ ok: false, reason: 'mismatch' });
  });

  it('refuses a signature older (or newer) than the tolerance: a replay', () => {
    const old = NOW - TOLERANCE - 1;
    expect(verify(header(old, { te: paymongoSignature(SECRET, old, BODY) }))).toEqual({ ok: false, reason: 'stale' });
    const ahead = NOW + TOLERANCE + 1;
    expect(verify(header(ahead, { te: paymongoSignature(SECRET, ahead, BODY) }))).toEqual({ ok: false, reason: 'stale' });
    const edge = NOW - TOLERANCE;
    expect(verify(header(edge, { te: paymongoSignature(SECRET, edge, BODY) }))).toEqual({ ok: true });
  });

  it.each([
    ['no header at all', undefined, 'missing'],
    ['an empty header', '', 'missing'],
    ['no timestamp', `te=${'a'.repeat(64)},li=`, 'malformed'],
    ['a timestamp that is no number', `t=soon,te=${'a'.repeat(64)},li=`, 'malformed'],
    ['no li part', `t=${NOW},te=${'a'.repeat(64)}`, 'malformed'],
    ['a part twice', `t=${NOW},te=${'a'.repeat(64)},te=${'b'.repeat(64)},li=`, 'malformed'],
    ['a signature that is not hex', `t=${NOW},te=${'z'.repeat(64)},li=`, 'malformed'],
    ['a signature too short', `t=${NOW},te=abc,li=`, 'malformed'],
    ['the documented sample (its signatures are not hex)', DOCUMENTED_HEADER, 'malformed'],
    ['no equals sign', 'garbage', 'malformed'],
  ])('refuses %s', (_what, h, reason) => {
    expect(verify(h)).toEqual({ ok: false, reason });
  });
});
