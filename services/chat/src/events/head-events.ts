import type { EventBus } from '@bb/service-kit';
import type { HeadCache } from '../store/head-cache';

/**
 * Every replica hears every message written (its own per-process queue), so a poll on any
 * replica sees a message another wrote as soon as the event arrives. Events published while
 * the queue was away are not kept: when it (re)starts, every head is read again.
 */
export function consumeHeadChanges(bus: EventBus, heads: HeadCache): void {
  bus.subscribe(
    'chat.heads.live',
    ['chat.message.created'],
    async (event) => {
      heads.heard(event.data.conversationId, event.data.messageId);
    },
    { perProcess: true, onConsuming: () => heads.clear() },
  );
}
