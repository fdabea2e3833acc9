import http from 'node:http';
import https from 'node:https';
import type { Readable } from 'node:stream';
import { Client } from 'minio';
import type { Logger } from '@bb/service-kit';

export interface ImageStoreOptions {
  endpoint: string;
  accessKey: string;
  secretKey: string;
  bucket: string;
  region: string;
}

const codeOf = (err: unknown) => (err as { code?: string }).code;

/** Images in one S3 bucket (MinIO locally), under keys the catalog gives them. */
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

  /** Closes pooled connections; for shutdown. */
  close(): void {
    this.agent.destroy();
  }
}
