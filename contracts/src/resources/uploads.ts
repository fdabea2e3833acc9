import { z } from 'zod';
import { route } from '../route';
import { MANAGEMENT } from '../roles';

export const uploadResponseSchema = z.object({ url: z.string() });
export type UploadResponse = z.infer<typeof uploadResponseSchema>;

/** Keys the catalog gives images: 32 hex characters and the type's extension. */
export const UPLOAD_KEY_PATTERN = /^[a-f0-9]{32}\.(png|jpg)$/;
export const UPLOAD_URL_PREFIX = '/api/uploads/';
/** Any other key is simply not found, so the route takes any text and answers 404 for it. */
export const uploadKeyParamsSchema = z.object({ key: z.string().describe('32 hex characters and .png or .jpg, as given by the upload') });

const tag = 'Uploads';
export const uploadRoutes = {
  upload: route({
    method: 'post',
    path: '/api/upload',
    service: 'catalog',
    access: 'admin',
    roles: MANAGEMENT,
    tag,
    summary: 'Upload a JPG or PNG image (multipart field `image`, at most 5 MB)',
    description: 'The type is read from the content, not the name. 400 without a file, 413 above 5 MB, 415 when not a JPG or PNG.',
    body: 'multipart-image',
    response: uploadResponseSchema,
    status: 201,
    errors: { 415: 'Not a JPG or PNG image' },
  }),
  image: route({
    method: 'get',
    path: '/api/uploads/:key',
    service: 'catalog',
    access: 'public',
    tag,
    summary: 'An uploaded image (immutable: cached for a year)',
    params: uploadKeyParamsSchema,
    response: 'binary',
  }),
} as const;
