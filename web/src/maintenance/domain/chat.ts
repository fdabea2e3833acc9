import type { ConversationSummary } from '@bb/contracts';

/** Message count the admin last saw, per conversation id (kept in localStorage). */
export type SeenCounts = Readonly<Record<string, number>>;
export const SEEN_COUNTS_KEY = 'chat-seen-message-counts';

/** Stored counts, tolerating a missing or tampered value. */
export function parseSeenCounts(raw: string | null): SeenCounts {
  if (!raw) return {};
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
    return Object.fromEntries(Object.entries(value).filter((e): e is [string, number] => typeof e[1] === 'number'));
  } catch {
    return {};
  }
}

/** Opening a conversation marks everything in it as seen; the count never goes back. */
export const markSeen = (seen: SeenCounts, id: string, count: number): SeenCounts => ((seen[id] ?? 0) >= count ? seen : { ...seen, [id]: count });

/**
 * The conversation on the right, and whether a person chose it. The spec selects the first
 * conversation by itself; only one a person opened (or works in) counts as seen.
 */
export interface ChatSelection {
  id: string | null;
  byPerson: boolean;
}
export const NO_SELECTION: ChatSelection = { id: null, byPerson: false };

/** Selects the first conversation when none is selected yet, without calling it opened. */
export const withFirstSelected = (selection: ChatSelection, firstId: string | undefined): ChatSelection =>
  selection.id === null && firstId ? { id: firstId, byPerson: false } : selection;

/** Whether what the thread shows may mark the conversation seen. */
export const opensAsSeen = (selection: ChatSelection): boolean => selection.byPerson;

export const isUnseen = (c: ConversationSummary, seen: SeenCounts) => c.messageCount > (seen[c.id] ?? 0);

/** The customer spoke last: someone owes them an answer (badged NEW). */
export const isUnanswered = (c: ConversationSummary) => c.lastSenderType === 'customer';

const lastActivity = (c: ConversationSummary) => c.lastMessageAt ?? c.updatedAt;

/** Unseen first, then unanswered, then the rest; most recent first within each group. */
export function orderConversations(list: readonly ConversationSummary[], seen: SeenCounts): ConversationSummary[] {
  const rank = (c: ConversationSummary) => (isUnseen(c, seen) ? 0 : isUnanswered(c) ? 1 : 2);
  return [...list].sort((a, b) => rank(a) - rank(b) || lastActivity(b).localeCompare(lastActivity(a)));
}

export const CHAT_TABS = ['all', 'unseen', 'unanswered'] as const;
export type ChatTab = (typeof CHAT_TABS)[number];
export const CHAT_TAB_LABELS: Record<ChatTab, string> = { all: 'All', unseen: 'Unseen', unanswered: 'Unanswered' };
export const CHAT_TAB_EMPTY: Record<ChatTab, string> = {
  all: 'No conversations yet',
  unseen: 'No unseen conversations',
  unanswered: 'No unanswered conversations',
};

const inTab = (c: ConversationSummary, tab: ChatTab, seen: SeenCounts) => tab === 'all' || (tab === 'unseen' ? isUnseen(c, seen) : isUnanswered(c));

export const conversationsInTab = (list: readonly ConversationSummary[], tab: ChatTab, seen: SeenCounts) =>
  orderConversations(
    list.filter((c) => inTab(c, tab, seen)),
    seen,
  );

export const tabCounts = (list: readonly ConversationSummary[], seen: SeenCounts): Record<ChatTab, number> => ({
  all: list.length,
  unseen: list.filter((c) => isUnseen(c, seen)).length,
  unanswered: list.filter(isUnanswered).length,
});

/**
 * How often the open thread is polled: quickly while a chat is live, slowly once it has gone
 * quiet, so an idle console does not hammer the server. The list polls at twice this.
 */
export function messagePollInterval(lastActivityAt: string | null, now: Date): number {
  if (!lastActivityAt) return 30_000;
  const idle = now.getTime() - new Date(lastActivityAt).getTime();
  if (idle < 2 * 60_000) return 3_000;
  if (idle < 15 * 60_000) return 10_000;
  return 30_000;
}

/** The most recent activity over all conversations. */
export function latestActivity(list: readonly ConversationSummary[]): string | null {
  return list.reduce<string | null>((latest, c) => (latest === null || lastActivity(c) > latest ? lastActivity(c) : latest), null);
}

/**
 * The list as a staff member works through it: in the spec's order when it is first shown (and
 * on every change of tab), then held still as it refreshes, so what they were looking at does
 * not jump away. A conversation already listed keeps its place (a change marks it instead, see
 * hasNewSince); one that comes into the tab (new, or newly unanswered) goes on top; one that
 * leaves the tab goes, except the open one, which stays until another is opened: answering a
 * conversation in Unanswered does not make it vanish under the reply.
 */
export function heldOrder(
  listed: readonly string[] | null,
  list: readonly ConversationSummary[],
  tab: ChatTab,
  seen: SeenCounts,
  openId: string | null,
): ConversationSummary[] {
  const inTabNow = conversationsInTab(list, tab, seen);
  if (listed === null) return inTabNow;
  const held = new Set(listed);
  const byId = new Map(list.map((c) => [c.id, c]));
  const stillListed = listed.flatMap((id) => {
    const c = byId.get(id);
    return c && (inTab(c, tab, seen) || id === openId) ? [c] : [];
  });
  return [...inTabNow.filter((c) => !held.has(c.id)), ...stillListed];
}

/** Each conversation's message count: what the list looked like when it was put in order. */
export const messageCounts = (list: readonly ConversationSummary[]): Readonly<Record<string, number>> =>
  Object.fromEntries(list.map((c) => [c.id, c.messageCount]));

/**
 * Marked as changed in the held list: messages have come in since the list was put in order
 * (or the conversation is new since), and the staff member has not seen them yet.
 */
export const hasNewSince = (c: ConversationSummary, counts: Readonly<Record<string, number>>, seen: SeenCounts): boolean =>
  c.messageCount > (counts[c.id] ?? 0) && isUnseen(c, seen);
