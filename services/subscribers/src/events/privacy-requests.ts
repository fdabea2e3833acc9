import { answerPrivacyRequests, type EventBus } from '@bb/service-kit';
import type { SubscriberModels } from '../models';
import { eraseFromSubscribers, subscriberRecordsOf } from '../store/privacy';

/** Subscribers answers every access and erasure request (queues `subscribers.privacy-access`, `subscribers.privacy-erasure`). */
export function answerSubscriberPrivacy(bus: EventBus, models: SubscriberModels): void {
  answerPrivacyRequests(bus, 'subscribers', {
    access: (subject) => subscriberRecordsOf(models, subject),
    erase: (subject) => eraseFromSubscribers(models, subject),
  });
}
