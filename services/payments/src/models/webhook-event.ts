import { Schema, type Connection } from 'mongoose';

/** A PayMongo event handled: its id is the key, so a redelivery is known at once. */
export interface WebhookEventDoc {
  /** PayMongo's event id (`evt_…`). */
  _id: string;
  type: string;
  receivedAt: Date;
}

const webhookEventSchema = new Schema<WebhookEventDoc>({ _id: String, type: String, receivedAt: Date }, { versionKey: false });

export const webhookEventModel = (conn: Connection) => conn.model<WebhookEventDoc>('WebhookEvent', webhookEventSchema, 'webhook_events');
