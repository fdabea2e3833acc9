import type { EventBus, Logger } from '@bb/service-kit';
import { postToBot } from '../clients/bot-webhook';
import { deliveryIdOf } from '../domain/ids';
import { outcomeOf } from '../domain/retry-schedule';
import { messagePayload } from '../domain/webhook-payload';
import type { ChatModels } from '../models';
import type { WebhookConfigStore } from '../store/webhook-config-store';

/** The delivery worker's durable queue. */
export const WEBHOOK_DELIVERY_QUEUE = 'chat.webhook-delivery';

export interface WebhookDeliveryOptions {
  models: ChatModels;
  config: WebhookConfigStore;
  logger: Logger;
  /** Waits before the 2nd, 3rd… attempt; the bus holds the event in its delay queues meanwhile. */
  retryDelaysMs: number[];
  timeoutMs: number;
}

/**
 * The delivery worker: every customer message goes to the bot's URL. A failed attempt is
 * logged and thrown, so the bus redelivers the event after the next delay of the schedule
 * (durably, in the broker); the last failed attempt is logged as failed and the event is done.
 * The attempt number comes from the log, which is also what the Chat API screen shows.
 */
export function consumeForWebhookDelivery(bus: EventBus, options: WebhookDeliveryOptions): void {
  const { models, config, logger, retryDelaysMs, timeoutMs } = options;
  bus.subscribe(
    WEBHOOK_DELIVERY_QUEUE,
    ['chat.message.created'],
    async (event) => {
      const message = event.data;
      if (message.senderType !== 'customer') return;
      const { webhookUrl, webhookSecret } = await config.read();
      if (!webhookUrl) {
        logger.debug({ messageId: message.messageId }, 'no webhook URL configured, message not delivered');
        return;
      }
      const deliveryId = deliveryIdOf(message.messageId);
      const earlier = await models.WebhookDelivery.find({ deliveryId }, { attempt: 1, outcome: 1 }).lean();
      // A redelivered event whose delivery already ended: nothing more to do.
      if (earlier.some((row) => row.outcome !== 'retrying')) return;
      const attempt = earlier.reduce((max, row) => Math.max(max, row.attempt), 0) + 1;

      const result = await postToBot({ url: webhookUrl, secret: webhookSecret, deliveryId, payload: messagePayload(message, webhookSecret), timeoutMs });
      const outcome = outcomeOf(result.ok, attempt, retryDelaysMs);
      await models.WebhookDelivery.create({
        deliveryId,
        messageId: message.messageId,
        conversationId: message.conversationId,
        url: webhookUrl,
        attempt,
        outcome,
        httpStatus: result.httpStatus,
        error: result.error,
        durationMs: result.durationMs,
        createdAt: new Date(),
      });
      if (outcome === 'failed') logger.warn({ deliveryId, attempts: attempt, err: result.error }, 'webhook delivery failed for good');
      if (outcome === 'retrying') throw new Error(`webhook attempt ${attempt} failed: ${result.error}`);
    },
    { retryDelaysMs },
  );
}
