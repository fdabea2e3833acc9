/** The images every upload of the site may be: what the catalog's pictures and the payment receipts are. */
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

/** The type of a stored image from its key's extension. */
export const imageTypeOfExtension = (extension: string): ImageType | null => (extension === 'png' ? PNG : extension === 'jpg' ? JPEG : null);
