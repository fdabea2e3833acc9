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

export interface SlowSenders {
  /** The path of a read whose head is sent a byte every 50 ms. */
  readPath: string;
  /** A JSON write whose head is sent at once and its body a byte every 50 ms. */
  write: { path: string; body: unknown };
  /** What another client asks meanwhile, again and again; it checks its own answer. */
  other: () => Promise<unknown>;
  /** How long the other client keeps asking. */
  forMs: number;
}

/**
 * Two slow senders at once against a server started with a 1.5 s request timeout and a 0.8 s
 * headers timeout: both are cut off (408, or the connection closed) within 4 s having sent
 * little of what they crawl, and the other client is answered in under half a second each time.
 */
export async function expectSlowSendersCutOff(base: string, { readPath, write, other, forMs }: SlowSenders): Promise<void> {
  const slowHeaders = sendSlowly(base, `GET ${readPath} HTTP/1.1\r\nHost: x\r\nX-Padding: ${'p'.repeat(200)}\r\n\r\n`, { delayMs: 50, giveUpMs: 10000 });
  const body = JSON.stringify(write.body);
  const request = `POST ${write.path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`;
  // The head at once (the write is admitted), then the body a byte every 50 ms: only the request timeout cuts it.
  const slowBody = sendSlowly(base, request, { delayMs: 50, startWith: headLength(request), giveUpMs: 10000 });
  const others: number[] = [];
  const started = Date.now();
  while (Date.now() - started < forMs) {
    const t = Date.now();
    await other();
    others.push(Date.now() - t);
  }
  const [headers, bodyOutcome] = await Promise.all([slowHeaders, slowBody]);
  for (const outcome of [headers, bodyOutcome]) {
    expect([408, null]).toContain(outcome.status);
    expect(outcome.elapsedMs).toBeLessThan(4000);
  }
  expect(headers.bytesSent).toBeLessThan(250);
  expect(bodyOutcome.elapsedMs).toBeGreaterThanOrEqual(1400);
  expect(bodyOutcome.bytesSent - headLength(request)).toBeLessThan(100);
  expect(Math.max(...others)).toBeLessThan(500);
}
