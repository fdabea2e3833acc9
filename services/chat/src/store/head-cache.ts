/** Where a conversation's thread ends: what a poll compares its `after` with. */
export interface Head {
  messageCount: number;
  lastMessageId: string | null;
}

export interface CachedHead {
  head: Head;
  /** Past its lifetime: still the best answer at hand, but it should be read again. */
  stale: boolean;
}

interface Entry extends Head {
  expiresAt: number;
}

/**
 * Each conversation's head in memory, so the widget's poll that finds nothing new (nearly all
 * of them, every 1.5 s per open widget) needs no database read.
 *
 * This process records the head after each of its own writes, so for it the cache is exact;
 * every replica hears every message's event and drops a head that does not end with it. As a
 * safety net for events missed, an entry turns stale after a random half to whole TTL (widgets
 * opened together then do not all go back to the database in the same second) and is read again. messageCount only grows, so a read that started
 * before a write and ends after it can never put an older head back.
 */
export class HeadCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 100_000,
    private readonly now: () => number = Date.now,
    private readonly random: () => number = Math.random,
  ) {}

  get(conversationId: string): CachedHead | undefined {
    const entry = this.entries.get(conversationId);
    if (!entry) return undefined;
    return { head: { messageCount: entry.messageCount, lastMessageId: entry.lastMessageId }, stale: this.now() >= entry.expiresAt };
  }

  /** Records what a write produced or a read found; the newer head wins. Returns the head kept. */
  record(conversationId: string, head: Head): Head {
    const held = this.entries.get(conversationId);
    if (held && held.messageCount > head.messageCount) return { messageCount: held.messageCount, lastMessageId: held.lastMessageId };
    // Re-inserted at the end: the Map's first key is then the least recently recorded.
    this.entries.delete(conversationId);
    this.entries.set(conversationId, { ...head, expiresAt: this.now() + this.ttlMs * (0.5 + this.random() / 2) });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    return head;
  }

  forget(conversationId: string): void {
    this.entries.delete(conversationId);
  }

  /**
   * A message was written, by this replica or another: a head that does not end with it is
   * dropped, so the next poll reads the thread instead of waiting out the entry's lifetime.
   */
  heard(conversationId: string, messageId: string): void {
    if (this.entries.get(conversationId)?.lastMessageId !== messageId) this.entries.delete(conversationId);
  }

  /** Forgets every head: after events may have been missed. */
  clear(): void {
    this.entries.clear();
  }
}
