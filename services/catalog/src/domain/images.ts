import { createHash, randomBytes } from 'node:crypto';
import { UPLOAD_KEY_PATTERN } from '@bb/contracts';
import { imageTypeOfExtension, type ImageType } from '@bb/service-kit';

/** An upload's key: random, so names cannot be guessed from one another or collide. */
export const randomImageKey = (type: ImageType) => `${randomBytes(16).toString('hex')}.${type.extension}`;

/** A generated image's key: from its content, so seeding twice writes the same object. */
export const contentImageKey = (data: Uint8Array, type: ImageType) => `${createHash('sha256').update(data).digest('hex').slice(0, 32)}.${type.extension}`;

/** The type of a stored image, from its key (every key is one of ours, given after sniffing). */
export function imageTypeOfKey(key: string): ImageType | null {
  const match = UPLOAD_KEY_PATTERN.exec(key);
  return match ? imageTypeOfExtension(match[1]) : null;
}
