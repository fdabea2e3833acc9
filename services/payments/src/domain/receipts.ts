import { randomBytes } from 'node:crypto';
import type { ImageType } from '@bb/service-kit';

/** Where a receipt image is kept: under its payment, with a random name (a second receipt after a rejection never meets the first). */
export const receiptKey = (paymentId: string, type: ImageType) => `receipts/${paymentId}/${randomBytes(12).toString('hex')}.${type.extension}`;

/** How long booking holds the slot once a receipt is sent: the review time from now, never shorter than the hold already given. */
export const reviewHoldUntil = (holdExpiresAt: Date, now: Date, reviewHoldMinutes: number): Date =>
  new Date(Math.max(holdExpiresAt.getTime(), now.getTime() + reviewHoldMinutes * 60_000));
