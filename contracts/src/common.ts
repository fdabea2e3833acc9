import { z } from 'zod';

export const OFFERINGS = ['clinic', 'studio', 'both'] as const;
export const offeringTypeSchema = z.enum(OFFERINGS);
export type OfferingType = z.infer<typeof offeringTypeSchema>;

/** The two sides a visitor can be on; `both` is only a content tag. */
export const sideSchema = z.enum(['clinic', 'studio']);
export type Side = z.infer<typeof sideSchema>;

export const TIME_ZONE = 'Asia/Manila';
export const SLOT_MINUTES = 30;
export const DEFAULT_DURATION_MINUTES = 60;
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

export const idParamsSchema = z.object({ id: z.string().min(1) });

/** Every non-2xx answer of every service has this shape. */
export const errorSchema = z.object({
  message: z.string(),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ApiError = z.infer<typeof errorSchema>;

export const messageSchema = z.object({ message: z.string() });

/** A required text field: trimmed, and blank counts as missing. */
export const requiredText = (field: string, max = 5000) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, { error: `${field} is required` })
    .max(max, { error: `${field} must be at most ${max} characters` });

export const optionalText = (max = 5000) => z.string().trim().max(max).optional();

/** The message for an address that passes the spec's check (non-empty, has an @) but is not one plain mailbox. */
export const ONE_ADDRESS_MESSAGE = 'Please enter one email address only, like name@example.com (no names, spaces or lists).';

/**
 * One plain mailbox, `local@domain`: nothing a mail library could read as a list, a group or a
 * display name (commas, semicolons, colons, quotes, angle brackets, parentheses, backslashes),
 * no whitespace or control characters, exactly one @, and a domain of non-empty labels. Every
 * address the site may send to passes this, so one visitor's form never mails a stranger.
 */
export function isOnePlainAddress(value: string): boolean {
  if (value.length > 254 || /[\s\p{Cc}\p{Cf},;:<>"()[\]\\]/u.test(value)) return false;
  const at = value.indexOf('@');
  if (at < 1 || at !== value.lastIndexOf('@') || value.length - at - 1 > 253) return false;
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  return (
    local.length <= 64 &&
    !local.startsWith('.') &&
    !local.endsWith('.') &&
    !local.includes('..') &&
    domain.split('.').every((label) => label.length > 0 && label.length <= 63)
  );
}

/**
 * An e-mail field: trimmed, checked first as the spec checks it (non-empty, contains @) with
 * the spec's `message`, then as one plain address with a message of its own.
 */
export const emailAddressSchema = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .refine((v) => v.length > 0 && v.includes('@'), { error: message, abort: true })
    .refine(isOnePlainAddress, { error: ONE_ADDRESS_MESSAGE });

/** Image references are our own upload URLs or absolute http(s) URLs; blank means none. */
export const imageUrlSchema = z
  .string()
  .trim()
  .max(2000)
  .refine((v) => v === '' || v.startsWith('/api/uploads/') || /^https?:\/\//i.test(v), {
    error: 'imageUrl must be an uploaded image (/api/uploads/…) or an http(s) URL',
  });

/** Public list filter: an item tagged `both` shows on either side. */
export const offeringQuerySchema = z.object({ offering: offeringTypeSchema.optional() });
