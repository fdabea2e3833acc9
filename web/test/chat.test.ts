import type { ChatMessage } from '@bb/contracts';
import {
  allChatCookieNames,
  chatCookieNames,
  cookieAssignment,
  identityAssignments,
  readCookie,
  readIdentity,
  readSeenCount,
  seenCountAssignment,
} from '../src/public/chat/domain/cookies';
import { countUnread, mergeMessages, messagesUrl } from '../src/public/chat/domain/messages';
import { messageTime } from '../src/public/chat/domain/time';
import { IDLE_AFTER_MS, POLL_ACTIVE_MS, POLL_IDLE_MS, pollDelay, pollingMode } from '../src/public/chat/domain/polling';

const msg = (id: string, senderType: ChatMessage['senderType'], createdAt: string): ChatMessage => ({
  id,
  conversationId: 'c1',
  senderType,
  senderName: senderType === 'customer' ? 'Ana' : 'Support Team',
  content: `message ${id}`,
  offeringType: 'clinic',
  createdAt,
});

describe('chat polling', () => {
  it('polls every 1.5 s while active and every 7 s when idle', () => {
    expect(POLL_ACTIVE_MS).toBe(1500);
    expect(POLL_IDLE_MS).toBe(7000);
    expect(pollDelay('active')).toBe(1500);
    expect(pollDelay('idle')).toBe(7000);
  });

  it('turns idle 60 s after the last activity', () => {
    expect(IDLE_AFTER_MS).toBe(60_000);
    expect(pollingMode(0, 59_999)).toBe('active');
    expect(pollingMode(0, 60_000)).toBe('idle');
    expect(pollingMode(60_000, 60_500)).toBe('active');
  });

  it("asks only for messages after the last one it has, with the server's cursor", () => {
    expect(messagesUrl('abc')).toBe('/api/conversations/abc/messages');
    expect(messagesUrl('abc', 'm 7')).toBe('/api/conversations/abc/messages?after=m%207');
  });
});

describe('chat messages', () => {
  const a = msg('a', 'customer', '2026-11-22T10:00:00.000Z');
  const b = msg('b', 'csr', '2026-11-22T10:01:00.000Z');
  const c = msg('c', 'customer', '2026-11-22T10:02:00.000Z');

  it('adds new messages once, oldest first', () => {
    expect(mergeMessages([a, c], [b, c])).toEqual([a, b, c]);
    const same = [a];
    expect(mergeMessages(same, [a])).toBe(same);
  });

  it("counts the business's replies since the chat was last open, not the visitor's own", () => {
    expect(countUnread([a, b, c], 0)).toBe(1);
    expect(countUnread([a, b, c, msg('d', 'csr', '2026-11-22T10:03:00.000Z')], 2)).toBe(1);
    expect(countUnread([a, b], 2)).toBe(0);
  });

  it('tells the time of a message in Manila: the time today, the date too before, the year too in another year', () => {
    const now = new Date('2026-11-22T15:00:00Z'); // 11 PM in Manila
    expect(messageTime('2026-11-22T06:05:00Z', now)).toBe('2:05 PM');
    expect(messageTime('2026-11-21T16:30:00Z', now)).toBe('12:30 AM');
    expect(messageTime('2026-11-21T15:59:00Z', new Date('2026-11-21T16:00:00Z'))).toBe('Nov 21, 11:59 PM');
    expect(messageTime('2025-12-31T02:00:00Z', now)).toBe('Dec 31, 2025, 10:00 AM');
  });
});

describe('chat cookies', () => {
  it('keeps conversation, name and e-mail per side', () => {
    expect(chatCookieNames('clinic')).not.toEqual(chatCookieNames('studio'));
    expect(Object.values(chatCookieNames('studio')).every((n) => n.endsWith('_studio'))).toBe(true);
  });

  it('lasts 365 days on the whole site, Secure on https', () => {
    expect(cookieAssignment('x', 'a b', 365, false)).toBe('x=a%20b; Max-Age=31536000; Path=/; SameSite=Lax');
    expect(cookieAssignment('x', 'y', 365, true)).toMatch(/; Secure$/);
  });

  it('reads back what it wrote, and resumes only with all three', () => {
    const identity = { conversationId: 'conv-1', name: 'Ana Cruz', email: 'ana@example.ph' };
    const jar = identityAssignments(identity, 'clinic', false)
      .map((assignment) => assignment.split(';')[0])
      .join('; ');
    expect(readIdentity(`theme=light; ${jar}`, 'clinic')).toEqual(identity);
    expect(readIdentity(jar, 'studio')).toBeNull();
    expect(readCookie('a=1; b=%E0%A4%A', 'b')).toBeNull();
    expect(readCookie('a=1', 'b')).toBeNull();
  });

  it("remembers how many messages of the visitor's conversation were seen, so a returning visitor's badge counts only what came since", () => {
    const jar = seenCountAssignment('clinic', 'conv-1', 3, false).split(';')[0];
    expect(readSeenCount(`theme=light; ${jar}`, 'clinic', 'conv-1')).toBe(3);
    expect(readSeenCount(jar, 'clinic', 'conv-2')).toBe(0);
    expect(readSeenCount(jar, 'studio', 'conv-1')).toBe(0);
    expect(readSeenCount('', 'clinic', 'conv-1')).toBe(0);
    expect(seenCountAssignment('clinic', 'c', 1, false)).toMatch(/Max-Age=31536000/);
    expect(allChatCookieNames('studio')).toHaveLength(4);
  });
});
