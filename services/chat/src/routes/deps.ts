import type { ChatModels } from '../models';
import type { ConversationStore } from '../store/conversation-store';
import type { WebhookConfigStore } from '../store/webhook-config-store';

/** What the route files share. */
export interface ChatRouteDeps {
  models: ChatModels;
  conversations: ConversationStore;
  webhookConfig: WebhookConfigStore;
  webhookTimeoutMs: number;
}
