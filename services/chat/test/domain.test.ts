import { createHmac } from 'node:crypto';
import { SUPPORT_SENDER_NAME } from '@bb/contracts';
import { messagesAfter, previewOf, senderNameFor } from '../src/domain/conversation';
import { HeadCache } from '../src/store/head-cache';
import { deliveryIdOf, newConversationId } from '../src/domain/ids';
import { outcomeOf, parseRetryDelays, totalAttempts } from '../src/domain/retry-schedule';
import { SecretBox } from '../src/domain/secret-box';
import { generateReplySecret, generateWebhookSecret, secretMatches, signWebhook, signingKey } from '../src/domain/signature';
import { messagePayload, testPayload } from '../src/domain/webhook-payload';

describe('conversation ids', () => {
  it('are 128 random bits in URL-safe text, never repeated', () => {
    const ids = new Set(Array.from({ length: 1000 }, newConversationId));
    expect(ids.size).toBe(1000);
    for (const id of ids) {
      expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(Buffer.from(id, 'base64url')).toHaveLength(16);
    }
  });

  it('give every attempt of one message the same webhook-id', () => {
    expect(deliveryIdOf('abc')).toBe(deliveryIdOf('abc'));
    expect(deliveryIdOf('abc')).not.toBe(deliveryIdOf('abd'));
  });
});

describe('conversation summary and order', () => {
  const thread = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];

  it('returns the whole thread without after, and only newer messages after a known id', () => {
    expect(messagesAfter(thread, undefined)).toEqual(thread);
    expect(messagesAfter(thread, 'a')).toEqual([{ id: 'b' }, { id: 'c' }]);
    expect(messagesAfter(thread, 'c')).toEqual([]);
  });

  it('refuses an after that is not in the thread', () => {
    expect(messagesAfter(thread, 'zzz')).toBeNull();
    expect(messagesAfter([], 'a')).toBeNull();
  });

  it('previews a message on one line, cut with an ellipsis', () => {
    expect(previewOf('  hello\n\n  there  ')).toBe('hello there');
    const long = previewOf('x'.repeat(500));
    expect(long).toHaveLength(120);
    expect(long.endsWith('…')).toBe(true);
  });

  it("names a csr sender 'Support Team' and a customer after the conversation when no name is given", () => {
    expect(senderNameFor('csr', undefined, 'Ana')).toBe(SUPPORT_SENDER_NAME);
    expect(senderNameFor('csr', '', 'Ana')).toBe(SUPPORT_SENDER_NAME);
    expect(senderNameFor('csr', 'Bot', 'Ana')).toBe('Bot');
    expect(senderNameFor('customer', undefined, 'Ana')).toBe('Ana');
    expect(senderNameFor('customer', 'Ana M.', 'Ana')).toBe('Ana M.');
  });
});

describe('webhook signature (Standard Webhooks)', () => {
  it('is v1, then the base64 HMAC-SHA256 of "<id>.<timestamp>.<body>" under the decoded whsec key', () => {
    const key = Buffer.from('a secret key of some length, 32b');
    const secret = `whsec_${key.toString('base64')}`;
    const expected = createHmac('sha256', key).update('msg_1.1700000000.{"a":1}').digest('base64');
    expect(signWebhook(secret, 'msg_1', 1700000000, '{"a":1}')).toBe(`v1,${expected}`);
  });

  it('matches the example of the Standard Webhooks specification', () => {
    // From github.com/standard-webhooks/standard-webhooks (spec/standard-webhooks.md, "Verifying signatures").
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const body = '{"test": 2432232314}';
    expect(signWebhook(secret, 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, body)).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('changes with the id, the timestamp and the body', () => {
    const secret = generateWebhookSecret();
    const base = signWebhook(secret, 'id', 1, 'body');
    expect(signWebhook(secret, 'id2', 1, 'body')).not.toBe(base);
    expect(signWebhook(secret, 'id', 2, 'body')).not.toBe(base);
    expect(signWebhook(secret, 'id', 1, 'body2')).not.toBe(base);
  });

  it('generates whsec_ secrets of 32 random bytes and distinct reply secrets', () => {
    const secret = generateWebhookSecret();
    expect(secret).toMatch(/^whsec_/);
    expect(signingKey(secret)).toHaveLength(32);
    expect(generateWebhookSecret()).not.toBe(secret);
    expect(generateReplySecret()).toMatch(/^rsec_[A-Za-z0-9_-]{43}$/);
  });
});

describe('reply secret comparison', () => {
  it('accepts only the exact secret', () => {
    const secret = generateReplySecret();
    expect(secretMatches(secret, secret)).toBe(true);
    expect(secretMatches(`${secret}x`, secret)).toBe(false);
    expect(secretMatches(secret.slice(0, -1), secret)).toBe(false);
    expect(secretMatches(secret.toUpperCase(), secret)).toBe(false);
  });

  it('refuses a missing or empty secret, even against an empty expectation', () => {
    expect(secretMatches(undefined, 'x')).toBe(false);
    expect(secretMatches('', 'x')).toBe(false);
    expect(secretMatches('', '')).toBe(false);
  });
});

describe('retry schedule', () => {
  it('reads durations with units, bare numbers as milliseconds', () => {
    expect(parseRetryDelays('1m,5m,15m,40m')).toEqual([60_000, 300_000, 900_000, 2_400_000]);
    expect(parseRetryDelays(' 100, 250ms ,1.5s,1h')).toEqual([100, 250, 1500, 3_600_000]);
    expect(parseRetryDelays('')).toEqual([]);
  });

  it('names an entry it cannot read', () => {
    expect(() => parseRetryDelays('1m,soon')).toThrow('"soon" is not a duration');
    expect(() => parseRetryDelays('0')).toThrow('at least 1 ms');
  });

  it('by default makes 5 attempts over about an hour', () => {
    const delays = parseRetryDelays('1m,5m,15m,40m');
    expect(totalAttempts(delays)).toBe(5);
    expect(delays.reduce((a, b) => a + b, 0)).toBe(61 * 60_000);
  });

  it('logs a failed attempt as retrying until the last one, which is failed', () => {
    const delays = [10, 20, 30];
    expect(outcomeOf(false, 1, delays)).toBe('retrying');
    expect(outcomeOf(false, 3, delays)).toBe('retrying');
    expect(outcomeOf(false, 4, delays)).toBe('failed');
    expect(outcomeOf(true, 4, delays)).toBe('success');
    expect(outcomeOf(false, 1, [])).toBe('failed');
  });
});

describe('secret box', () => {
  it('opens what it sealed, and nothing sealed under another key or altered', () => {
    const box = new SecretBox('key-one-0123456789');
    const sealed = box.seal('whsec_abc');
    expect(sealed).not.toContain('whsec_abc');
    expect(box.seal('whsec_abc')).not.toBe(sealed);
    expect(box.open(sealed)).toBe('whsec_abc');
    expect(() => new SecretBox('key-two-0123456789').open(sealed)).toThrow();
    const tampered = `${sealed.slice(0, -2)}${sealed.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(() => box.open(tampered)).toThrow();
    expect(() => box.open('plain text')).toThrow('not a sealed secret');
  });
});

describe('webhook payload', () => {
  it('is the documented body for a customer message', () => {
    const payload = messagePayload(
      { messageId: 'm1', conversationId: 'c1', content: 'Hi', senderType: 'customer', senderName: 'Ana', createdAt: '2026-01-02T03:04:05.000Z' },
      'whsec_x',
    );
    expect(payload).toEqual({
      type: 'message',
      conversationId: 'c1',
      message: { id: 'm1', content: 'Hi', senderType: 'customer', senderName: 'Ana', timestamp: '2026-01-02T03:04:05.000Z' },
      secret: 'whsec_x',
    });
  });

  it("marks a test as type 'test' so a bot does not answer it", () => {
    expect(testPayload('whsec_x', new Date(0))).toMatchObject({ type: 'test', secret: 'whsec_x', message: { timestamp: '1970-01-01T00:00:00.000Z' } });
  });
});

describe('head cache', () => {
  const clock = () => {
    let t = 0;
    return { now: () => t, advance: (ms: number) => (t += ms) };
  };

  it('holds a head fresh for a random half to whole TTL, then stale until recorded again', () => {
    const c = clock();
    const longest = new HeadCache(1000, 10, c.now, () => 1);
    expect(longest.get('a')).toBeUndefined();
    longest.record('a', { messageCount: 1, lastMessageId: 'm1' });
    c.advance(999);
    expect(longest.get('a')).toEqual({ head: { messageCount: 1, lastMessageId: 'm1' }, stale: false });
    c.advance(1);
    expect(longest.get('a')).toEqual({ head: { messageCount: 1, lastMessageId: 'm1' }, stale: true });
    longest.record('a', { messageCount: 1, lastMessageId: 'm1' });
    expect(longest.get('a')?.stale).toBe(false);

    const shortest = new HeadCache(1000, 10, c.now, () => 0);
    shortest.record('a', { messageCount: 1, lastMessageId: 'm1' });
    c.advance(499);
    expect(shortest.get('a')?.stale).toBe(false);
    c.advance(1);
    expect(shortest.get('a')?.stale).toBe(true);
  });

  it('forgets a conversation on request', () => {
    const cache = new HeadCache(1000);
    cache.record('a', { messageCount: 0, lastMessageId: null });
    cache.forget('a');
    expect(cache.get('a')).toBeUndefined();
  });

  it('never lets a read that is older than a write put the older head back', () => {
    const cache = new HeadCache(1000);
    cache.record('a', { messageCount: 3, lastMessageId: 'm3' });
    expect(cache.record('a', { messageCount: 2, lastMessageId: 'm2' })).toEqual({ messageCount: 3, lastMessageId: 'm3' });
    expect(cache.get('a')?.head.lastMessageId).toBe('m3');
    cache.record('a', { messageCount: 4, lastMessageId: 'm4' });
    expect(cache.get('a')?.head.lastMessageId).toBe('m4');
  });

  it('forgets the least recently recorded conversation beyond its size', () => {
    const cache = new HeadCache(1000, 2);
    cache.record('a', { messageCount: 0, lastMessageId: null });
    cache.record('b', { messageCount: 0, lastMessageId: null });
    cache.record('a', { messageCount: 1, lastMessageId: 'm1' });
    cache.record('c', { messageCount: 0, lastMessageId: null });
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('c')).toBeDefined();
  });
});
