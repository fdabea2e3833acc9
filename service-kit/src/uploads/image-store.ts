import http from 'node:http';
import https from 'node:https';
import type { Readable } from 'node:stream';
import { Client } from 'minio';
import { z } from 'zod';
import type { Logger } from '../logger';
import { secret } from '../production-secrets';

/** The object storage variables of a service that keeps images (catalog's pictures, payments' receipts). */
export const s3EnvShape = {
  /** MinIO or any S3 endpoint: http(s)://host:port */
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'S3_ENDPOINT must be an http(s) URL' }),
  S3_ACCESS_KEY: z.string().min(1),
  S3_SECRET_KEY: secret(z.string().min(1)),
  /** Created at start when missing; each service has its own. */
  S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { error: 'S3_BUCKET must be a valid bucket name (lowercase, digits, dots, dashes)' }),
  S3_REGION: z.string().min(1).default('us-east-1'),
};
type S3Config = z.infer<z.ZodObject<typeof s3EnvShape>>;

export interface ImageStoreOptions {
  endpoint: string;
  accessKey: string;
  secretKey: string;
  bucket: string;
  region: string;
}

/** A service's store of its bucket, from its S3_* variables. */
export const imageStoreOptions = (config: S3Config): ImageStoreOptions => ({
  endpoint: config.S3_ENDPOINT,
  accessKey: config.S3_ACCESS_KEY,
  secretKey: config.S3_SECRET_KEY,
  bucket: config.S3_BUCKET,
  region: config.S3_REGION,
});

const codeOf = (err: unknown) => (err as { code?: string }).code;

/** Images in one S3 bucket (MinIO locally), under keys the service gives them. */
export class ImageStore {
  private readonly client: Client;
  /** Our own connection pool, so shutting down can close its idle connections. */
  private readonly agent: http.Agent;

  constructor(private readonly options: ImageStoreOptions) {
    const url = new URL(options.endpoint);
    const useSSL = url.protocol === 'https:';
    this.agent = useSSL ? new https.Agent({ keepAlive: true }) : new http.Agent({ keepAlive: true });
    this.client = new Client({
      endPoint: url.hostname,
      port: url.port ? Number(url.port) : useSSL ? 443 : 80,
      useSSL,
      accessKey: options.accessKey,
      secretKey: options.secretKey,
      region: options.region,
      // MinIO and most self-hosted S3 serve buckets as paths, not subdomains.
      pathStyle: true,
      transportAgent: this.agent,
    });
  }

  /**
   * Creates the bucket when missing; another replica creating it at the same time is fine.
   * Storage may start after the service (compose, restarts): it is retried for a minute.
   */
  async ensureBucket(logger: Logger, { attempts = 60, delayMs = 1000 } = {}): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        if (await this.client.bucketExists(this.options.bucket)) return;
        await this.client.makeBucket(this.options.bucket, this.options.region);
        logger.info({ bucket: this.options.bucket }, 'image bucket created');
        return;
      } catch (err) {
        if (codeOf(err) === 'BucketAlreadyOwnedByYou' || codeOf(err) === 'BucketAlreadyExists') return;
        if (attempt >= attempts) throw err;
        logger.warn({ err: (err as Error).message, attempt }, 'object storage not reachable, retrying');
        await new Promise((r) => setTimeout(r, delayMs));
      }
    }
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    await this.client.putObject(this.options.bucket, key, data, data.length, { 'Content-Type': contentType });
  }

  /** The image's bytes as a stream, or null when there is no image under that key. */
  async open(key: string): Promise<Readable | null> {
    try {
      return await this.client.getObject(this.options.bucket, key);
    } catch (err) {
      if (codeOf(err) === 'NoSuchKey' || codeOf(err) === 'NotFound') return null;
      throw err;
    }
  }

  /** Removes an image; one already gone is fine. */
  async remove(key: string): Promise<void> {
    await this.client.removeObject(this.options.bucket, key);
  }

  /** Closes pooled connections; for shutdown. */
  close(): void {
    this.agent.destroy();
  }
}
