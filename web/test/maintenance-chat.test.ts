import {
  conversationsInTab,
  hasNewSince,
  heldOrder,
  isUnanswered,
  isUnseen,
  latestActivity,
  markSeen,
  messageCounts,
  messagePollInterval,
  NO_SELECTION,
  opensAsSeen,
  orderConversations,
  parseSeenCounts,
  tabCounts,
  withFirstSelected,
} from '../src/maintenance/domain/chat';
import { conversation } from './maintenance-fixtures';

const list = [
  conversation({ id: 'answered-old', messageCount: 2, lastSenderType: 'csr', lastMessageAt: '2026-03-01T01:00:00Z' }),
  conversation({ id: 'answered-new', messageCount: 4, lastSenderType: 'csr', lastMessageAt: '2026-03-01T05:00:00Z' }),
  conversation({ id: 'unanswered', messageCount: 3, lastSenderType: 'customer', lastMessageAt: '2026-03-01T02:00:00Z' }),
  conversation({ id: 'unseen', messageCount: 5, lastSenderType: 'csr', lastMessageAt: '2026-03-01T00:30:00Z' }),
];
const seen = { 'answered-old': 2, 'answered-new': 4, unanswered: 3, unseen: 4 };

describe('chat conversations', () => {
  it('are unseen when they hold more messages than the admin last saw', () => {
    expect(isUnseen(list[3], seen)).toBe(true);
    expect(isUnseen(list[0], seen)).toBe(false);
    expect(isUnseen(conversation({ id: 'never-opened' }), seen)).toBe(true);
  });

  it('select the first one by themselves, which does not count as opening it', () => {
    const auto = withFirstSelected(NO_SELECTION, 'unseen');
    expect(auto).toEqual({ id: 'unseen', byPerson: false });
    expect(opensAsSeen(auto)).toBe(false);
    expect(withFirstSelected({ id: 'unanswered', byPerson: true }, 'unseen')).toEqual({ id: 'unanswered', byPerson: true });
    expect(withFirstSelected(NO_SELECTION, undefined)).toBe(NO_SELECTION);
    expect(opensAsSeen({ id: 'unseen', byPerson: true })).toBe(true);
  });

  it('are unanswered when the customer spoke last', () => {
    expect(isUnanswered(list[2])).toBe(true);
    expect(isUnanswered(list[1])).toBe(false);
  });

  it('order unseen first, then unanswered, then most recent', () => {
    expect(orderConversations(list, seen).map((c) => c.id)).toEqual(['unseen', 'unanswered', 'answered-new', 'answered-old']);
  });

  it('filter by tab and count each tab', () => {
    expect(conversationsInTab(list, 'unseen', seen).map((c) => c.id)).toEqual(['unseen']);
    expect(conversationsInTab(list, 'unanswered', seen).map((c) => c.id)).toEqual(['unanswered']);
    expect(tabCounts(list, seen)).toEqual({ all: 4, unseen: 1, unanswered: 1 });
  });
});

describe('seen counts', () => {
  it('are read back from storage, ignoring junk', () => {
    expect(parseSeenCounts('{"a":3,"b":"x"}')).toEqual({ a: 3 });
    expect(parseSeenCounts('not json')).toEqual({});
    expect(parseSeenCounts('[1,2]')).toEqual({});
    expect(parseSeenCounts(null)).toEqual({});
  });

  it('only grow, and keep the same object when nothing changes', () => {
    const counts = { a: 3 };
    expect(markSeen(counts, 'a', 5)).toEqual({ a: 5 });
    expect(markSeen(counts, 'a', 2)).toBe(counts);
    expect(markSeen(counts, 'b', 1)).toEqual({ a: 3, b: 1 });
  });
});

describe('polling', () => {
  const now = new Date('2026-03-01T12:00:00Z');
  it('is quick while a chat is live and slows down as it goes quiet', () => {
    expect(messagePollInterval('2026-03-01T11:59:30Z', now)).toBe(3000);
    expect(messagePollInterval('2026-03-01T11:50:00Z', now)).toBe(10000);
    expect(messagePollInterval('2026-03-01T09:00:00Z', now)).toBe(30000);
    expect(messagePollInterval(null, now)).toBe(30000);
  });

  it('follows the latest activity of any conversation', () => {
    expect(latestActivity(list)).toBe('2026-03-01T05:00:00Z');
    expect(latestActivity([])).toBeNull();
  });
});

describe('the list while a staff member works through it (issue 26)', () => {
  const ids = (l: readonly { id: string }[]) => l.map((c) => c.id);

  it('is in the spec order when first shown', () => {
    expect(ids(heldOrder(null, list, 'all', seen, null))).toEqual(['unseen', 'unanswered', 'answered-new', 'answered-old']);
  });

  it('holds its order when a conversation changes, instead of moving it away', () => {
    const shown = ['unseen', 'unanswered', 'answered-new', 'answered-old'];
    // The open conversation is answered: it would sort below the others, yet stays where it was.
    const answered = list.map((c) =>
      c.id === 'unanswered' ? { ...c, messageCount: 4, lastSenderType: 'csr' as const, lastMessageAt: '2026-03-01T06:00:00Z' } : c,
    );
    expect(ids(heldOrder(shown, answered, 'all', { ...seen, unanswered: 4 }, 'unanswered'))).toEqual(shown);
    // Another one gets a new message: it keeps its place (it is marked instead).
    const written = list.map((c) =>
      c.id === 'answered-old' ? { ...c, messageCount: 3, lastSenderType: 'customer' as const, lastMessageAt: '2026-03-01T07:00:00Z' } : c,
    );
    expect(ids(heldOrder(shown, written, 'all', seen, null))).toEqual(shown);
  });

  it('keeps the open conversation in Unanswered once it is answered, until another is opened', () => {
    const shown = ['unanswered'];
    const answered = list.map((c) => (c.id === 'unanswered' ? { ...c, messageCount: 4, lastSenderType: 'csr' as const } : c));
    expect(ids(heldOrder(shown, answered, 'unanswered', seen, 'unanswered'))).toEqual(['unanswered']);
    expect(ids(heldOrder(shown, answered, 'unanswered', seen, 'unseen'))).toEqual([]);
  });

  it('puts conversations that come into the tab on top, and drops the ones that left', () => {
    const fresh = [...list, conversation({ id: 'brand-new', messageCount: 1, lastMessageAt: '2026-03-01T08:00:00Z' })];
    expect(ids(heldOrder(['unanswered', 'ghost'], fresh, 'unanswered', seen, null))).toEqual(['brand-new', 'unanswered']);
  });

  it('marks a conversation whose messages came in since the list was put in order, until they are seen', () => {
    const counts = messageCounts(list);
    const written = { ...list[0], messageCount: 3 };
    expect(hasNewSince(written, counts, seen)).toBe(true);
    expect(hasNewSince(written, counts, { ...seen, 'answered-old': 3 })).toBe(false);
    // Unseen from before the list was put in order: in its place by the order, not marked.
    expect(hasNewSince(list[3], counts, seen)).toBe(false);
    expect(hasNewSince(conversation({ id: 'brand-new' }), counts, seen)).toBe(true);
  });
});
