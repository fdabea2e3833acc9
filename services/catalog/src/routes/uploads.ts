import { pipeline } from 'node:stream/promises';
import type { Express } from 'express';
import { UPLOAD_URL_PREFIX, uploadRoutes } from '@bb/contracts';
import { bind, invalid, notFound, onRoute, receiveImage, sniffImageType, unsupportedMedia } from '@bb/service-kit';
import { imageTypeOfKey, randomImageKey } from '../domain/images';
import type { CatalogDeps } from '../deps';

const { upload, image: serveImage } = uploadRoutes;

/** Keys are never reused, so an image never changes: browsers may keep it for a year. */
export const IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

export function mountUploads(app: Express, { images }: Pick<CatalogDeps, 'images'>): void {
  onRoute(app, upload, receiveImage);

  bind(app, upload, async ({ req }) => {
    const file = req.file;
    if (!file) throw invalid('No image received: send a JPG or PNG file in the multipart field "image"');
    const type = sniffImageType(file.buffer);
    if (!type) throw unsupportedMedia('Invalid file type: please upload a JPG or PNG image');
    const key = randomImageKey(type);
    await images.put(key, file.buffer, type.contentType);
    return { url: `${UPLOAD_URL_PREFIX}${key}` };
  });

  bind(app, serveImage, async ({ params, req, res, log }) => {
    const type = imageTypeOfKey(params.key);
    if (!type) throw notFound('Image not found');
    // The key names the bytes for good, so it is the validator: a revalidation needs no storage.
    const etag = `"${params.key}"`;
    if (req.headers['if-none-match']?.split(',').some((tag) => tag.trim() === etag)) {
      res.setHeader('ETag', etag);
      res.setHeader('Cache-Control', IMAGE_CACHE_CONTROL);
      res.status(304).end();
      return undefined;
    }
    const stream = await images.open(params.key);
    if (!stream) throw notFound('Image not found');
    res.status(200);
    res.setHeader('Content-Type', type.contentType);
    res.setHeader('ETag', etag);
    res.setHeader('Cache-Control', IMAGE_CACHE_CONTROL);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    await pipeline(stream, res).catch((err: NodeJS.ErrnoException) => {
      // A visitor leaving mid-download is routine; storage failing mid-way is worth a look.
      const visitorLeft = err.code === 'ERR_STREAM_PREMATURE_CLOSE';
      log[visitorLeft ? 'debug' : 'warn']({ err: err.message, key: params.key }, 'image stream ended early');
    });
    return undefined;
  });
}
