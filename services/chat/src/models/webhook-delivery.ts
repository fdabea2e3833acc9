import { Schema, type Connection } from 'mongoose';
import { WEBHOOK_DELIVERY_OUTCOMES, type WebhookDelivery } from '@bb/contracts';

/** One attempt to deliver one customer message to the bot. */
export interface WebhookDeliveryDoc {
  deliveryId: string;
  messageId: string;
  conversationId: string;
  url: string;
  attempt: number;
  outcome: WebhookDelivery['outcome'];
  httpStatus: number | null;
  error: string | null;
  durationMs: number;
  createdAt: Date;
}

const webhookDeliverySchema = new Schema<WebhookDeliveryDoc>(
  {
    deliveryId: { type: String, required: true },
    messageId: { type: String, required: true },
    conversationId: { type: String, required: true },
    url: { type: String, required: true },
    attempt: { type: Number, required: true },
    outcome: { type: String, enum: WEBHOOK_DELIVERY_OUTCOMES, required: true },
    httpStatus: { type: Number, default: null },
    error: { type: String, default: null },
    durationMs: { type: Number, required: true },
    createdAt: { type: Date, required: true, index: -1 },
  },
  { versionKey: false },
);
// A redelivered event cannot log the same attempt twice.
webhookDeliverySchema.index({ deliveryId: 1, attempt: 1 }, { unique: true });

export const webhookDeliveryModel = (conn: Connection) => conn.model<WebhookDeliveryDoc>('WebhookDelivery', webhookDeliverySchema, 'webhook_deliveries');

export const toWebhookDelivery = (doc: WebhookDeliveryDoc & { _id: unknown }): WebhookDelivery => ({
  id: String(doc._id),
  deliveryId: doc.deliveryId,
  messageId: doc.messageId,
  conversationId: doc.conversationId,
  url: doc.url,
  attempt: doc.attempt,
  outcome: doc.outcome,
  httpStatus: doc.httpStatus,
  error: doc.error,
  durationMs: doc.durationMs,
  createdAt: doc.createdAt.toISOString(),
});
