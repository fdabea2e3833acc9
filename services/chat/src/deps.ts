import type { ChatModels } from './models';
import type { ConversationStore } from './store/conversation-store';
import type { WebhookConfigStore } from './store/webhook-config-store';

/** What chat's routes are given. */
export interface ChatDeps {
  models: ChatModels;
  conversations: ConversationStore;
  webhookConfig: WebhookConfigStore;
  webhookTimeoutMs: number;
}
