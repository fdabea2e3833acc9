import { answerPrivacyRequests, keepRetention, type EventBus } from '@bb/service-kit';
import type { ChatModels } from '../models';
import { chatRecordsOf, eraseFromChat } from '../store/privacy';

/** Chat answers every access and erasure request (queues `chat.privacy-access`, `chat.privacy-erasure`) and keeps its copy of the retention setting. */
export function answerChatPrivacy(bus: EventBus, models: ChatModels): void {
  answerPrivacyRequests(bus, 'chat', { access: (subject) => chatRecordsOf(models, subject), erase: (subject) => eraseFromChat(models, subject) });
  keepRetention(bus, 'chat', models.RetentionCopy);
}
