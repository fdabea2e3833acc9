// Clients no browser would be: a request written byte by byte, or with a body on a GET. They
// speak HTTP/1.1 over a bare socket, so nothing normalises what the server receives.
import net from 'node:net';

export interface RawOutcome {
  /** The status of the answer, or null when the server closed the connection without one. */
  status: number | null;
  /** What came back, head and body. */
  text: string;
  /** From the first byte written to the close of the connection. */
  elapsedMs: number;
  /** Bytes of the request the server took before it answered or closed. */
  bytesSent: number;
}

export interface SlowSendOptions {
  /** Pause before each piece after the first. */
  delayMs: number;
  /** Bytes written at once on connecting, before the slow pieces: the head, to send only the body slowly. */
  startWith?: number;
  /** Bytes per piece: 1 writes byte by byte. */
  pieceBytes?: number;
  /** Give up (and report) after this long, whatever the server does. */
  giveUpMs?: number;
}

/**
 * Writes `request` (raw HTTP/1.1 text, `\r\n` line ends) to the server at `base` in pieces
 * with pauses, and stops writing at the first byte of an answer or when the connection closes.
 * Resolves when the server closes the connection (or after giveUpMs) with what came back.
 */
export function sendSlowly(
  base: string,
  request: string | Buffer,
  { delayMs, startWith = 0, pieceBytes = 1, giveUpMs = 60000 }: SlowSendOptions,
): Promise<RawOutcome> {
  const url = new URL(base);
  const bytes = Buffer.isBuffer(request) ? request : Buffer.from(request, 'latin1');
  return new Promise((resolve) => {
    const socket = net.connect(Number(url.port), url.hostname);
    const chunks: Buffer[] = [];
    let sent = 0;
    let answered = false;
    let started = 0;
    let timer: NodeJS.Timeout | undefined;
    const done = () => {
      clearTimeout(timer);
      clearTimeout(giveUp);
      const text = Buffer.concat(chunks).toString('latin1');
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(text);
      resolve({ status: status ? Number(status[1]) : null, text, elapsedMs: Date.now() - started, bytesSent: sent });
    };
    const giveUp = setTimeout(() => socket.destroy(), giveUpMs);
    socket.on('data', (chunk: Buffer) => {
      answered = true;
      chunks.push(chunk);
    });
    socket.on('error', () => undefined);
    socket.on('close', done);
    const writeNext = () => {
      if (answered || socket.destroyed || !socket.writable || sent >= bytes.length) return;
      const piece = bytes.subarray(sent, sent + pieceBytes);
      sent += piece.length;
      socket.write(piece);
      timer = setTimeout(writeNext, delayMs);
    };
    socket.on('connect', () => {
      started = Date.now();
      if (startWith > 0) {
        sent = Math.min(startWith, bytes.length);
        socket.write(bytes.subarray(0, sent));
      }
      writeNext();
    });
  });
}

/** Where the head of a raw request ends (its body starts): for sendSlowly's startWith. */
export const headLength = (request: string) => request.indexOf('\r\n\r\n') + 4;

/** One request written at once, read until the server closes the connection (send `Connection: close`). */
export function sendRaw(base: string, request: string | Buffer, giveUpMs = 10000): Promise<RawOutcome> {
  const bytes = Buffer.isBuffer(request) ? request : Buffer.from(request, 'latin1');
  return sendSlowly(base, bytes, { delayMs: 0, pieceBytes: bytes.length, giveUpMs });
}
