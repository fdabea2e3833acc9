import { randomUUID } from 'node:crypto';
import type { Express } from 'express';
import { WEBHOOK_MESSAGES, webhookRoutes } from '@bb/contracts';
import { auditBy, bind } from '@bb/service-kit';
import { postToBot } from '../clients/bot-webhook';
import { testPayload } from '../domain/webhook-payload';
import type { ChatDeps } from '../deps';

const { read, save, test } = webhookRoutes;

export function mountWebhookConfig(app: Express, { webhookConfig, webhookTimeoutMs }: ChatDeps): void {
  bind(app, read, () => webhookConfig.read());

  bind(app, save, (input) => webhookConfig.saveUrl(input.body.webhookUrl, auditBy(input)));

  bind(app, test, async () => {
    const { webhookUrl, webhookSecret } = await webhookConfig.read();
    // An answer, not an error: the console shows a failed test with the server's message.
    if (!webhookUrl) return { success: false, message: WEBHOOK_MESSAGES.saveBeforeTesting };
    const now = new Date();
    const result = await postToBot({
      url: webhookUrl,
      secret: webhookSecret,
      deliveryId: `test_${randomUUID()}`,
      payload: testPayload(webhookSecret, now),
      timeoutMs: webhookTimeoutMs,
    });
    await webhookConfig.recordTest(result.ok, now);
    return result.ok
      ? { success: true, message: `The webhook answered HTTP ${result.httpStatus} in ${result.durationMs} ms.` }
      : { success: false, message: `The webhook test failed: ${result.error}.` };
  });
}
