import type { EventData } from '@bb/contracts';
import { outboxEvent, type OutboxEntry } from '@bb/service-kit';

/** subscribers.confirmation.requested, stored with the pending sign-up (notifications mails the link). */
export const confirmationRequested = (data: EventData<'subscribers.confirmation.requested'>, correlationId?: string): OutboxEntry =>
  outboxEvent('subscribers', 'subscribers.confirmation.requested', data, correlationId);
