import { z } from 'zod';
import { route } from '../route';

export const uploadResponseSchema = z.object({ url: z.string() });
export type UploadResponse = z.infer<typeof uploadResponseSchema>;
export const uploadKeyParamsSchema = z.object({ key: z.string().regex(/^[a-f0-9]{32}\.(png|jpg)$/, { error: 'unknown upload' }) });

const tag = 'Uploads';
export const uploadRoutes = [
  route({
    method: 'post', path: '/api/upload', service: 'catalog', access: 'admin', tag,
    summary: 'Upload a JPG or PNG image (multipart field `image`, at most 5 MB)',
    body: 'multipart-image', response: uploadResponseSchema, status: 201,
  }),
  route({ method: 'get', path: '/api/uploads/:key', service: 'catalog', access: 'public', tag, summary: 'An uploaded image', params: uploadKeyParamsSchema, response: 'binary' }),
] as const;
