import type { Connection } from 'mongoose';
import { retentionCopyModel } from '@bb/service-kit';
import { conversationModel } from './conversation';
import { webhookConfigModel } from './webhook-config';
import { webhookDeliveryModel } from './webhook-delivery';

export const createModels = (conn: Connection) => ({
  Conversation: conversationModel(conn),
  WebhookConfig: webhookConfigModel(conn),
  WebhookDelivery: webhookDeliveryModel(conn),
  RetentionCopy: retentionCopyModel(conn),
});
export type ChatModels = ReturnType<typeof createModels>;
