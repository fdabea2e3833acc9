import nodemailer from 'nodemailer';
import type { OutgoingMail } from '../domain/outgoing-mail';
import type { SendFailure } from '../domain/retry-schedule';

/** What became of one attempt: the server's answer, or why it failed. Never thrown. */
export type SendResult = { ok: true; response: string } | ({ ok: false; error: string } & SendFailure);

export interface SmtpClient {
  send(mail: OutgoingMail): Promise<SendResult>;
  close(): void;
}

export interface SmtpOptions {
  /** smtp://… or smtps://user:password@host:port (SMTP_URL). */
  url: string;
  timeoutMs: number;
  /** Connections kept open to the server: as many as mails sent at once. */
  maxConnections: number;
}

/**
 * The SMTP relay through nodemailer, with a pool of open connections so a confirmation does
 * not wait for a TCP and TLS handshake. Every wait is bounded (a server that accepts the
 * connection and then says nothing counts as a failed attempt), and every outcome is a result.
 */
export function smtpClient(options: SmtpOptions): SmtpClient {
  const transport = nodemailer.createTransport({
    url: options.url,
    pool: true,
    maxConnections: options.maxConnections,
    connectionTimeout: options.timeoutMs,
    greetingTimeout: options.timeoutMs,
    socketTimeout: options.timeoutMs,
  });
  return {
    async send(mail) {
      try {
        const info = await transport.sendMail({
          from: mail.from,
          to: mail.to,
          // Stated, not derived from the headers: exactly the one recipient, whatever a header holds.
          envelope: { from: mail.from.address, to: [mail.to] },
          subject: mail.subject,
          html: mail.html,
          text: mail.text,
          messageId: mail.messageId,
          attachments: mail.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })),
          ...(mail.listUnsubscribeUrl
            ? { headers: { 'List-Unsubscribe': `<${mail.listUnsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } }
            : {}),
        });
        return { ok: true, response: info.response };
      } catch (err) {
        const e = err as Error & { code?: string; responseCode?: number; response?: string };
        return {
          ok: false,
          error: e.response && !e.message.includes(e.response) ? `${e.message}: ${e.response}` : e.message,
          ...(e.code ? { code: e.code } : {}),
          ...(typeof e.responseCode === 'number' ? { responseCode: e.responseCode } : {}),
        };
      }
    },
    close: () => transport.close(),
  };
}
