// A bucket of its own for each test file, on the object storage npm test started (MinIO locally).
import http from 'node:http';
import { Client } from 'minio';
import type { ImageStoreOptions } from '../src/uploads/image-store';
import { requireEnv, uniqueName } from './helpers';

/** The store options of a fresh bucket named after `label` (created by the service at start). */
export const testStorageOptions = (label: string): ImageStoreOptions => ({
  endpoint: requireEnv('S3_ENDPOINT'),
  accessKey: requireEnv('S3_ACCESS_KEY'),
  secretKey: requireEnv('S3_SECRET_KEY'),
  bucket: uniqueName(label).toLowerCase().replace(/_/g, '-'),
  region: 'us-east-1',
});

/** The S3_* variables of a service using that bucket. */
export const storageEnv = (options: ImageStoreOptions): Record<string, string> => ({
  S3_ENDPOINT: options.endpoint,
  S3_ACCESS_KEY: options.accessKey,
  S3_SECRET_KEY: options.secretKey,
  S3_BUCKET: options.bucket,
});

/** Empties and removes a test bucket. */
export async function dropBucket(options: ImageStoreOptions): Promise<void> {
  const url = new URL(options.endpoint);
  const agent = new http.Agent({ keepAlive: true });
  const client = new Client({
    endPoint: url.hostname,
    port: Number(url.port),
    useSSL: false,
    accessKey: options.accessKey,
    secretKey: options.secretKey,
    pathStyle: true,
    transportAgent: agent,
  });
  try {
    if (!(await client.bucketExists(options.bucket))) return;
    const names: string[] = [];
    for await (const item of client.listObjectsV2(options.bucket, '', true)) if (item.name) names.push(item.name);
    if (names.length) await client.removeObjects(options.bucket, names);
    await client.removeBucket(options.bucket);
  } finally {
    agent.destroy();
  }
}
