import { answerPrivacyRequests, keepRetention, type EventBus } from '@bb/service-kit';
import type { NotificationModels } from '../models';
import { eraseFromNotifications, notificationRecordsOf } from '../store/privacy';

/** Notifications answers every access and erasure request (queues `notifications.privacy-access`, `notifications.privacy-erasure`) and keeps its copy of the retention setting. */
export function answerNotificationPrivacy(bus: EventBus, models: NotificationModels): void {
  answerPrivacyRequests(bus, 'notifications', {
    access: (subject) => notificationRecordsOf(models, subject),
    erase: (subject) => eraseFromNotifications(models, subject),
  });
  keepRetention(bus, 'notifications', models.RetentionCopy);
}
