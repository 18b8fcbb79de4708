import { HeadObjectCommand, PutObjectCommand, GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { FileStore } from '../../core/ports/voices';

/** Our files in the media bucket; browsers get them through short-lived presigned GETs (DESIGN 8). */
export class S3FileStore implements FileStore {
  constructor(
    private readonly s3: S3Client,
    private readonly bucket: string,
    private readonly location: { endpoint?: string; region: string },
  ) {}

  async put(key: string, body: Uint8Array, contentType: string): Promise<void> {
    await this.s3.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType: contentType, ContentLength: body.byteLength }));
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.s3.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (error) {
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      if (status === 404 || (error instanceof Error && (error.name === 'NotFound' || error.name === 'NoSuchKey'))) return false;
      throw error;
    }
  }

  presignGet(key: string, expiresInSeconds: number): Promise<string> {
    return getSignedUrl(this.s3, new GetObjectCommand({ Bucket: this.bucket, Key: key }), { expiresIn: expiresInSeconds });
  }

  keyOf(url: URL): string | undefined {
    const decode = (path: string) => {
      try {
        const key = decodeURIComponent(path);
        return key && !key.split('/').includes('..') ? key : undefined;
      } catch {
        return undefined;
      }
    };
    if (this.location.endpoint) {
      const endpoint = new URL(this.location.endpoint);
      const sameHost = url.host === endpoint.host || (url.port === endpoint.port && ['localhost', '127.0.0.1'].includes(url.hostname));
      if (!sameHost) return undefined;
      const prefix = `/${this.bucket}/`;
      return url.pathname.startsWith(prefix) ? decode(url.pathname.slice(prefix.length)) : undefined;
    }
    const hosts = [`${this.bucket}.s3.${this.location.region}.amazonaws.com`, `${this.bucket}.s3.amazonaws.com`];
    if (hosts.includes(url.hostname)) return decode(url.pathname.slice(1));
    if (url.hostname === `s3.${this.location.region}.amazonaws.com` && url.pathname.startsWith(`/${this.bucket}/`)) {
      return decode(url.pathname.slice(this.bucket.length + 2));
    }
    return undefined;
  }
}
