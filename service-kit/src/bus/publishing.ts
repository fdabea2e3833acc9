import type { ConfirmChannel, Options } from 'amqplib';
import { eventSchemas, type Envelope, type EventType } from '@bb/contracts';
import { published } from './metrics';

/** Runs a send on a confirm channel and resolves when the broker confirms it; a nack rejects. */
function confirmed(nackMessage: string, send: (callback: (err: unknown) => void) => void): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    send((err) => (err ? reject(err instanceof Error ? err : new Error(nackMessage)) : resolve()));
  });
}

/** Publishes an event to the exchange under its type, after checking its data against the contract. */
export async function publishConfirmed(channel: ConfirmChannel, exchange: string, event: Envelope): Promise<void> {
  const schema = eventSchemas[event.type as EventType];
  if (!schema) throw new Error(`unknown event type ${event.type}`);
  schema.parse(event.data);
  const body = Buffer.from(JSON.stringify(event));
  const properties: Options.Publish = {
    persistent: true,
    contentType: 'application/json',
    messageId: event.id,
    type: event.type,
    ...(event.correlationId ? { correlationId: event.correlationId } : {}),
  };
  await confirmed('message nacked by broker', (callback) => channel.publish(exchange, event.type, body, properties, callback));
  published.inc({ type: event.type });
}

/** Sends a message straight to a queue (a retry or dead-letter queue), confirmed. */
export function sendConfirmed(channel: ConfirmChannel, queue: string, content: Buffer, properties: Options.Publish): Promise<void> {
  return confirmed('nacked', (callback) => channel.sendToQueue(queue, content, properties, callback));
}
