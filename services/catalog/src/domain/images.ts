import { createHash, randomBytes } from 'node:crypto';
import { UPLOAD_KEY_PATTERN } from '@bb/contracts';

export interface ImageType {
  contentType: 'image/png' | 'image/jpeg';
  extension: 'png' | 'jpg';
}

const PNG: ImageType = { contentType: 'image/png', extension: 'png' };
const JPEG: ImageType = { contentType: 'image/jpeg', extension: 'jpg' };
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_SOI = [0xff, 0xd8, 0xff];

const startsWith = (data: Uint8Array, magic: number[]) => data.length >= magic.length && magic.every((byte, i) => data[i] === byte);

/**
 * What an uploaded file really is, read from its first bytes: the name and the declared type
 * come from the client and prove nothing. Only PNG and JPEG are accepted.
 */
export function sniffImageType(data: Uint8Array): ImageType | null {
  if (startsWith(data, PNG_SIGNATURE)) return PNG;
  if (startsWith(data, JPEG_SOI)) return JPEG;
  return null;
}

/** An upload's key: random, so names cannot be guessed from one another or collide. */
export const randomImageKey = (type: ImageType) => `${randomBytes(16).toString('hex')}.${type.extension}`;

/** A generated image's key: from its content, so seeding twice writes the same object. */
export const contentImageKey = (data: Uint8Array, type: ImageType) => `${createHash('sha256').update(data).digest('hex').slice(0, 32)}.${type.extension}`;

/** The type of a stored image, from its key (every key is one of ours, given after sniffing). */
export function imageTypeOfKey(key: string): ImageType | null {
  const match = UPLOAD_KEY_PATTERN.exec(key);
  if (!match) return null;
  return match[1] === 'png' ? PNG : JPEG;
}
