// Reads what reached the test SMTP server (Mailpit, at MAILPIT_URL) through its REST API v1.
// Mailpit is shared by every test file running at once: look mails up by an address of the
// test's own (a random part in it), never by "the latest message".
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { requireEnv, waitFor } from './helpers';
import { freePort } from './ports';

export interface MailpitAddress {
  Name: string;
  Address: string;
}

/** A message as a search lists it. */
export interface MailpitSummary {
  ID: string;
  /** The Message-ID header without its angle brackets. */
  MessageID: string;
  From: MailpitAddress;
  To: MailpitAddress[];
  Subject: string;
  /** When Mailpit received it (ISO, millisecond precision). */
  Created: string;
  /** How many attachments it has. */
  Attachments: number;
  Snippet: string;
  Size: number;
}

export interface MailpitAttachment {
  PartID: string;
  FileName: string;
  /** The media type alone, without parameters (read raw() for the whole Content-Type). */
  ContentType: string;
  ContentID: string;
  Size: number;
}

/** One message, read in full. */
export interface MailpitMessage {
  ID: string;
  MessageID: string;
  From: MailpitAddress;
  To: MailpitAddress[];
  Cc: MailpitAddress[];
  ReplyTo: MailpitAddress[];
  Subject: string;
  Date: string;
  Text: string;
  HTML: string;
  Attachments: MailpitAttachment[];
  Inline: MailpitAttachment[];
}

export class MailpitClient {
  /** `baseUrl` is read at each call, so the client can be made before the environment is set. */
  constructor(private readonly baseUrl: () => string) {}

  /** Messages matching a Mailpit search (`to:"a@b.c"`, `subject:"…"`…), newest first. */
  async search(query: string, limit = 250): Promise<MailpitSummary[]> {
    const body = await this.json<{ messages: MailpitSummary[] }>(`/api/v1/search?query=${encodeURIComponent(query)}&limit=${limit}`);
    return body.messages;
  }

  /** Messages to exactly this address (Mailpit's `to:` matches parts of addresses too), newest first. */
  async messagesTo(address: string): Promise<MailpitSummary[]> {
    const wanted = address.toLowerCase();
    const found = await this.search(`to:"${address}"`);
    return found.filter((m) => m.To.some((to) => to.Address.toLowerCase() === wanted));
  }

  /** The mails to an address whose subject matches, once there are `count` of them (mail travels through the broker: it takes a moment). */
  async waitForMails(address: string, subject: RegExp = /./, count = 1, timeoutMs = 30000, intervalMs = 250): Promise<MailpitSummary[]> {
    return waitFor(
      `${count} mail(s) "${subject.source}" to ${address}`,
      async () => {
        const found = (await this.messagesTo(address)).filter((m) => subject.test(m.Subject));
        return found.length >= count && found;
      },
      timeoutMs,
      intervalMs,
    );
  }

  async message(id: string): Promise<MailpitMessage> {
    return this.json<MailpitMessage>(`/api/v1/message/${encodeURIComponent(id)}`);
  }

  /** Every header of a message as received, by name (each with all its values). */
  async headers(id: string): Promise<Record<string, string[]>> {
    return this.json<Record<string, string[]>>(`/api/v1/message/${encodeURIComponent(id)}/headers`);
  }

  /** One attachment's content (decoded), as text. */
  async attachment(id: string, partId: string): Promise<string> {
    return this.text(`/api/v1/message/${encodeURIComponent(id)}/part/${encodeURIComponent(partId)}`);
  }

  /** The message source as the SMTP server received it. */
  async raw(id: string): Promise<string> {
    return this.text(`/api/v1/message/${encodeURIComponent(id)}/raw`);
  }

  private async fetchOk(path: string): Promise<Response> {
    const res = await fetch(`${this.baseUrl().replace(/\/+$/, '')}${path}`);
    if (!res.ok) throw new Error(`Mailpit answered ${res.status} to ${path}: ${await res.text()}`);
    return res;
  }

  private async json<T>(path: string): Promise<T> {
    return (await (await this.fetchOk(path)).json()) as T;
  }

  private async text(path: string): Promise<string> {
    return (await this.fetchOk(path)).text();
  }
}

/** The Mailpit `npm test` started. */
export const mailpit = new MailpitClient(() => requireEnv('MAILPIT_URL'));

/** A Mailpit of the test's own (started from MAILPIT_BIN), at its HTTP address. */
export const mailpitAt = (baseUrl: string) => new MailpitClient(() => baseUrl);

/** A Mailpit of a test's own: the test can stop and start it (an SMTP outage) on the same ports. */
export interface PrivateMailpit {
  /** SMTP_URL for a service sending to it. */
  smtpUrl: string;
  client: MailpitClient;
  /** Starts it again after stop(), on the same ports. */
  start: () => Promise<void>;
  /** Ends the process: connections to its SMTP port are refused until start(). */
  stop: () => Promise<void>;
}

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/**
 * Starts a Mailpit from MAILPIT_BIN (the binary `npm test` built) on free loopback ports, with
 * any SMTP login accepted and no update check. Its messages live in a temporary database that
 * goes with the process. `args` are more of its flags (`--smtp-allowed-recipients`, say).
 */
export async function startPrivateMailpit({ args: extra = [] }: { args?: string[] } = {}): Promise<PrivateMailpit> {
  const binary = requireEnv('MAILPIT_BIN');
  const smtpPort = await freePort();
  const httpPort = await freePort();
  let proc: ChildProcess | null = null;
  const start = async () => {
    const args = [
      '--smtp',
      `127.0.0.1:${smtpPort}`,
      '--listen',
      `127.0.0.1:${httpPort}`,
      '--smtp-auth-accept-any',
      '--smtp-auth-allow-insecure',
      '--disable-version-check',
      '--quiet',
      ...extra,
    ];
    proc = spawn(binary, args, { stdio: 'ignore' });
    const deadline = Date.now() + 15_000;
    while (!(await accepts(smtpPort)) || !(await accepts(httpPort))) {
      if (Date.now() > deadline) throw new Error(`Mailpit did not listen on ${smtpPort}/${httpPort} within 15 s`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const stop = async () => {
    const running = proc;
    proc = null;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
    running.kill('SIGTERM');
    await exited;
  };
  await start();
  return { smtpUrl: `smtp://127.0.0.1:${smtpPort}`, client: mailpitAt(`http://127.0.0.1:${httpPort}`), start, stop };
}
