// Reading requests and writing answers for the double's three surfaces (the PayMongo API, the
// checkout page, the control API), with PayMongo's error shape.

export class HttpError extends Error {
  /** @param {number} status @param {{ code: string, detail: string, source?: { pointer: string, attribute: string } }[]} errors */
  constructor(status, errors) {
    super(errors[0]?.detail ?? `HTTP ${status}`);
    this.status = status;
    this.errors = errors;
  }
}

/** One PayMongo error object; `pointer` is the dotted path of the attribute at fault. */
export function apiError(code, detail, pointer) {
  return pointer ? { code, detail, source: { pointer, attribute: pointer.split('.').pop() } } : { code, detail };
}

/** A path segment decoded; a malformed escape names nothing there is. */
export function decodeSegment(segment) {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new HttpError(404, [apiError('resource_not_found', 'The resource was not found.')]);
  }
}

export const notFound = (what) => new HttpError(404, [apiError('resource_not_found', `${what} was not found.`)]);

/** The raw body, refused with 413 past `limit` bytes (the rest is read and dropped, so the client hears the 413). */
export function readBody(req, limit) {
  return new Promise((resolve, reject) => {
    const tooLarge = () => new HttpError(413, [apiError('parameter_above_maximum', `The request body must be at most ${limit} bytes.`)]);
    if (Number(req.headers['content-length']) > limit) {
      req.resume();
      reject(tooLarge());
      return;
    }
    let chunks = [];
    let size = 0;
    req.on('data', (chunk) => {
      if (chunks === null) return;
      size += chunk.length;
      if (size > limit) {
        chunks = null;
        reject(tooLarge());
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (chunks !== null) resolve(Buffer.concat(chunks).toString('utf8'));
    });
    req.on('error', reject);
  });
}

/** A JSON body as an object; an empty body is `{}`. */
export function parseJson(raw) {
  if (raw.trim() === '') return {};
  let value;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new HttpError(400, [apiError('parameter_format_invalid', 'The request body is not valid JSON.')]);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new HttpError(400, [apiError('parameter_format_invalid', 'The request body must be a JSON object.')]);
  }
  return value;
}

export function sendJson(res, status, body) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text), 'cache-control': 'no-store' });
  res.end(text);
}

export function sendHtml(res, status, html) {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'content-length': Buffer.byteLength(html), 'cache-control': 'no-store' });
  res.end(html);
}

export function redirect(res, location) {
  res.writeHead(303, { location, 'content-length': 0 });
  res.end();
}

/** Unix seconds, as PayMongo's created_at, updated_at and paid_at. */
export const nowSeconds = () => Math.floor(Date.now() / 1000);

export const isLoopback = (address) => address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';
