import type { EventBus } from '@bb/service-kit';
import type { PrivacyRequests } from '../store/privacy-requests';

export const PRIVACY_ANSWER_QUEUES = { access: 'auth.privacy-access-answers', erasure: 'auth.privacy-erasure-answers' } as const;

/** Every service's answer to an access or erasure request, stored on the request (idempotent by service). */
export function consumePrivacyAnswers(bus: EventBus, requests: PrivacyRequests): void {
  bus.subscribe(PRIVACY_ANSWER_QUEUES.access, ['privacy.access.answered'], async ({ data }) => {
    const counts = Object.fromEntries(Object.entries(data.records).map(([kind, rows]) => [kind, rows.length]));
    await requests.recordAnswer(data.requestId, data.service, counts, data.records);
  });
  bus.subscribe(PRIVACY_ANSWER_QUEUES.erasure, ['privacy.erasure.completed'], ({ data }) => requests.recordAnswer(data.requestId, data.service, data.counts));
}
