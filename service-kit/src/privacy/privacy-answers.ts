import type { PrivacyCounts, PrivacyRecords, PrivacyService } from '@bb/contracts';
import type { EventBus } from '../bus/event-bus';
import type { PrivacySubjectData } from './privacy-subject';

/** What a service does for the customers' rights requests. */
export interface PrivacyHandlers {
  /** Everything it holds of the subject, by kind of record. */
  access(subject: PrivacySubjectData): Promise<PrivacyRecords>;
  /** Erases the subject (idempotent: running it again finds nothing more), answering what it erased by kind. */
  erase(subject: PrivacySubjectData): Promise<PrivacyCounts>;
}

export const privacyQueues = (service: PrivacyService) => ({ access: `${service}.privacy-access`, erasure: `${service}.privacy-erasure` });

/**
 * A service answers every access and erasure request on its own durable queues, after its reads
 * or writes are done. The answer is published straight after them: a failed publish fails the
 * delivery, which is retried, and erasing again is harmless.
 */
export function answerPrivacyRequests(bus: EventBus, service: PrivacyService, handlers: PrivacyHandlers): void {
  const queues = privacyQueues(service);
  bus.subscribe(queues.access, ['privacy.access.requested'], async (event) => {
    const records = await handlers.access(event.data);
    await bus.publish('privacy.access.answered', { requestId: event.data.requestId, service, records }, event.correlationId);
  });
  bus.subscribe(queues.erasure, ['privacy.erasure.requested'], async (event) => {
    const counts = await handlers.erase(event.data);
    await bus.publish('privacy.erasure.completed', { requestId: event.data.requestId, service, counts }, event.correlationId);
  });
}
