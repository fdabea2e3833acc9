import { createHmac, timingSafeEqual } from 'node:crypto';

// A manage link's token is derived from its appointment's id, never stored: booking and
// notifications each make it from the id and MANAGE_LINK_SECRET, so neither database (nor an
// event, nor a mail record) holds a token a copy of it could use. 32 base64url characters:
// the id's 12 bytes, then 12 bytes (96 bits) of HMAC-SHA256 over them.

const ID_BYTES = 12;
const MAC_BYTES = 12;
const TOKEN = /^[A-Za-z0-9_-]{32}$/;

const macOf = (secret: string, id: Buffer) => createHmac('sha256', secret).update('manage-link:').update(id).digest().subarray(0, MAC_BYTES);

/** The token of an appointment's manage link; `appointmentId` is its 24 hex digits. */
export function manageLinkToken(secret: string, appointmentId: string): string {
  if (!/^[0-9a-f]{24}$/i.test(appointmentId)) throw new Error(`Not an appointment id: ${appointmentId}`);
  const id = Buffer.from(appointmentId, 'hex');
  return Buffer.concat([id, macOf(secret, id)]).toString('base64url');
}

/** The appointment id a token was made for (lower-case hex), or null for any token this secret did not make. */
export function appointmentIdOfManageToken(secret: string, token: string): string | null {
  if (!TOKEN.test(token)) return null;
  const raw = Buffer.from(token, 'base64url');
  const id = raw.subarray(0, ID_BYTES);
  return timingSafeEqual(raw.subarray(ID_BYTES), macOf(secret, id)) ? id.toString('hex') : null;
}
