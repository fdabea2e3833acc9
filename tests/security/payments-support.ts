// Shared by the attack tests of payments: the stack's payments database and receipts bucket (to
// see that a refused request wrote nothing), PayMongo's webhook secret as the stack registered it at the local
// double, and events signed with it as PayMongo signs them.
import { createHmac, randomUUID } from 'node:crypto';
import http from 'node:http';
import { Client } from 'minio';
import mongoose from 'mongoose';
import { mongoDatabaseUrl, requireEnv } from '@bb/service-kit/testing';
import { paymongoApi } from '../api/support';

export const WEBHOOK_PATH = '/api/payments/webhooks/paymongo';

/** The stack's payments database, read directly: what a request left behind, whatever it answered. */
export async function paymentsDatabase() {
  const conn = await mongoose.createConnection(mongoDatabaseUrl('stack_payments')).asPromise();
  const db = conn.db as mongoose.mongo.Db;
  return {
    /** The payment of an appointment: its state and every field a write would touch. */
    payment: (appointmentId: string) => db.collection('payments').findOne({ appointmentId }),
    paymentsOf: (appointmentId: string) => db.collection('payments').countDocuments({ appointmentId }),
    /** How many of these PayMongo event ids payments recorded as handled. */
    handled: (eventIds: string[]) => db.collection<{ _id: string }>('webhook_events').countDocuments({ _id: { $in: eventIds } }),
    close: () => conn.close(),
  };
}

/** The secret of the webhook the stack registered for its first gateway's address (the secret PayMongo signs with). */
export async function webhookSecret(): Promise<string> {
  const { data } = await paymongoApi<{ data: { attributes: { url: string; secret_key: string } }[] }>('/v1/webhooks');
  const hook = data.find((w) => w.attributes.url === `${requireEnv('GATEWAY_URL')}${WEBHOOK_PATH}`);
  if (!hook) throw new Error('no PayMongo webhook registered for the stack');
  return hook.attributes.secret_key;
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);
export const hmac = (secret: string, t: number, body: string) => createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');

/** The documented header: `t=<unix seconds>,te=<test mode signature>,li=<live mode signature>`. */
export const signed = (secret: string, body: string, { t = nowSeconds(), live = false } = {}) =>
  live ? `t=${t},te=,li=${hmac(secret, t, body)}` : `t=${t},te=${hmac(secret, t, body)},li=`;

/** A webhook event in PayMongo's shape about a resource (a checkout session as `GET /v1/checkout_sessions/:id` answers it). */
export function paymongoEvent(type: string, resource: unknown, { id = `evt_${randomUUID().replace(/-/g, '')}`, livemode = false } = {}) {
  const at = nowSeconds();
  return {
    id,
    body: JSON.stringify({
      data: { id, type: 'event', attributes: { type, livemode, data: resource, previous_data: {}, created_at: at, updated_at: at } },
    }),
  };
}

/** The names of the receipt images the stack's payments keeps for one payment (its bucket is `<db prefix>-receipts`). */
export async function receiptObjects(paymentId: string): Promise<string[]> {
  const url = new URL(requireEnv('S3_ENDPOINT'));
  const agent = new http.Agent({ keepAlive: false });
  const client = new Client({
    endPoint: url.hostname,
    port: Number(url.port),
    useSSL: url.protocol === 'https:',
    accessKey: requireEnv('S3_ACCESS_KEY'),
    secretKey: requireEnv('S3_SECRET_KEY'),
    pathStyle: true,
    transportAgent: agent,
  });
  const names: string[] = [];
  for await (const item of client.listObjectsV2('stack-receipts', `receipts/${paymentId}/`, true)) if (item.name) names.push(item.name);
  agent.destroy();
  return names;
}
