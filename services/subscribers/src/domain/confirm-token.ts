import { createHash, randomBytes } from 'node:crypto';

/**
 * The token of a double opt-in link: 24 random bytes, 32 characters in a URL. It leaves only
 * in the event that asks for the mail; the list keeps its hash, so a read of the database
 * cannot confirm anyone.
 */
export const newConfirmToken = (): string => randomBytes(24).toString('base64url');

export const confirmTokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');
