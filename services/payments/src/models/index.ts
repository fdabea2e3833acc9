import type { Connection } from 'mongoose';
import { paymentModel } from './payment';
import { settingsModel } from './settings';
import { webhookEventModel } from './webhook-event';

export const createModels = (conn: Connection) => ({ Payment: paymentModel(conn), Settings: settingsModel(conn), WebhookEvent: webhookEventModel(conn) });
export type PaymentModels = ReturnType<typeof createModels>;
