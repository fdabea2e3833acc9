// The load of the resilience run: calls through the gateway that count a refused connection
// as status 0, a local bot endpoint for the chat webhook, and three writers (bookings,
// newsletter sign-ups, chat) that retry as an impatient visitor would until told to stop.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Appointment, ChatMessage, Conversation, Treatment } from '@bb/contracts';
import { manilaDateInDays } from '@bb/service-kit';
import { requireEnv, uniquePhone } from '@bb/service-kit/testing';

const gateway = requireEnv('GATEWAY_URL');

export async function api<T>(
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: T | undefined; json: boolean }> {
  try {
    const res = await fetch(`${gateway}${url}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(20000),
    });
    const text = await res.text();
    let parsed: T | undefined;
    let isJson = false;
    try {
      parsed = JSON.parse(text) as T;
      isJson = true;
    } catch {
      parsed = undefined;
    }
    return { status: res.status, body: parsed, json: isJson };
  } catch {
    return { status: 0, body: undefined, json: false }; // connection refused: the gateway itself is down
  }
}

/** Local bot endpoint: records every delivery with its webhook-id. */
export async function startReceiver() {
  const deliveries: { webhookId: string; messageId: string }[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      try {
        const payload = JSON.parse(raw) as { message?: { id?: string } };
        if (payload.message?.id) deliveries.push({ webhookId: String(req.headers['webhook-id']), messageId: payload.message.id });
      } catch {
        /* a test ping */
      }
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/bot`, deliveries, close: () => new Promise((r) => server.close(r)) };
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/** What the writers saw accepted, and every answer that was not a success. */
export interface Load {
  run: string;
  accepted: { bookings: { id: string; email: string }[]; messages: { id: string; conversationId: string }[]; signups: string[]; conversations: Conversation[] };
  failures: { what: string; status: number; json: boolean; message?: string }[];
  /** Stops the writers and waits for them to finish. */
  stop(): Promise<void>;
}

/** Starts the three writers, booking `treatment` on the next five days; every address starts with `fault-<run>-`. */
export function startLoad(treatment: Treatment): Load {
  const run = randomUUID().slice(0, 8);
  const accepted = {
    bookings: [] as { id: string; email: string }[],
    messages: [] as { id: string; conversationId: string }[],
    signups: [] as string[],
    conversations: [] as Conversation[],
  };
  const failures: { what: string; status: number; json: boolean; message?: string }[] = [];
  let stop = false;

  // Three writers, each retrying what an impatient visitor would retry.
  const bookings = (async () => {
    for (let i = 0; !stop; i++) {
      const key = randomUUID();
      const email = `fault-${run}-b${i}@example.com`;
      const request = {
        firstName: 'Fault',
        lastName: `Booker ${i}`,
        email,
        contact: uniquePhone(),
        preferredDate: manilaDateInDays(1 + (i % 5)),
        preferredTime: `${String(8 + (i % 11)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`,
        treatments: [treatment.id],
        offeringType: 'clinic',
      };
      for (let attempt = 0; attempt < 40 && !stop; attempt++) {
        const res = await api<Appointment>('POST', '/api/appointments', request, { 'idempotency-key': key });
        if (res.status === 201 || res.status === 200) {
          accepted.bookings.push({ id: res.body!.id, email });
          break;
        }
        if (res.status === 409) break; // slot full: a correct refusal
        failures.push({ what: 'booking', status: res.status, json: res.json, message: (res.body as { message?: string } | undefined)?.message });
        await new Promise((r) => setTimeout(r, 500));
      }
    }
  })();
  const signups = (async () => {
    for (let i = 0; !stop; i++) {
      const email = `fault-${run}-n${i}@example.com`;
      for (let attempt = 0; attempt < 40 && !stop; attempt++) {
        const res = await api('POST', '/api/email-subscribers', { email, source: 'newsletter', offeringType: 'both', consentMarketing: true });
        // Status 0 is no answer at all (the gateway was down): not accepted.
        if (res.status === 200 || res.status === 201) {
          accepted.signups.push(email);
          break;
        }
        failures.push({ what: 'signup', status: res.status, json: res.json });
        await new Promise((r) => setTimeout(r, 500));
      }
      await new Promise((r) => setTimeout(r, 150));
    }
  })();
  const chat = (async () => {
    for (let i = 0; !stop; i++) {
      if (accepted.conversations.length < 5 || i % 10 === 0) {
        const res = await api<Conversation>('POST', '/api/conversations', {
          customerName: `Visitor ${i}`,
          customerEmail: `fault-${run}-c${i}@example.com`,
          offeringType: 'clinic',
        });
        if (res.status === 201) accepted.conversations.push(res.body!);
        else failures.push({ what: 'conversation', status: res.status, json: res.json });
      }
      const conversation = accepted.conversations[i % Math.max(1, accepted.conversations.length)];
      if (conversation) {
        const res = await api<ChatMessage>('POST', '/api/messages', {
          conversationId: conversation.id,
          senderType: 'customer',
          senderName: conversation.customerName,
          content: `message ${i}`,
          offeringType: 'clinic',
        });
        // A message is accepted only when the visitor saw it sent; failed sends are not retried.
        if (res.status === 201) accepted.messages.push({ id: res.body!.id, conversationId: conversation.id });
        else failures.push({ what: 'message', status: res.status, json: res.json });
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  return {
    run,
    accepted,
    failures,
    stop: async () => {
      stop = true;
      await Promise.all([bookings, signups, chat]);
    },
  };
}
