import { createHash } from 'node:crypto';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * The appointment id a key books under. Deriving it from the key makes a retry find the
 * first booking by id, and makes two copies of one request that race collide on the
 * appointment's _id, so only one of them is ever stored.
 */
export const appointmentIdForKey = (key: string) => sha256(`appointment:${key}`).slice(0, 24);

/** Fingerprint of a parsed booking request: the same key with a different request is refused. */
export const requestFingerprint = (request: unknown) => sha256(JSON.stringify(request));
