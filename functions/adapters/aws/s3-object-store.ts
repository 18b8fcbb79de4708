import { createReadStream, createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  CopyObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { ObjectTooLargeError, type ObjectStore, type PresignedPost, type StoredObject } from '../../core/ports/object-store';

function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404;
}

/** An object too large to read: its body is dropped first, since unread it would hold its connection open for ever (and the pool with it). */
function refuseUnread(body: unknown, maxBytes: number): never {
  (body as { destroy?: () => void } | undefined)?.destroy?.();
  throw new ObjectTooLargeError(`object larger than ${maxBytes} bytes`);
}

/** Where the bucket answers: a custom endpoint (s3rver locally, path style) or AWS in `region`. */
export interface BucketLocation {
  bucket: string;
  region: string;
  endpoint?: string;
}

/** The private media bucket through the SDK v3 client (s3rver locally); browsers get presigned URLs and never reach the bucket otherwise. */
export class S3ObjectStore implements ObjectStore {
  private readonly bucket: string;

  constructor(
    private readonly s3: S3Client,
    private readonly location: BucketLocation,
  ) {
    this.bucket = location.bucket;
  }

  async put(key: string, body: Uint8Array, contentType: string): Promise<void> {
    await this.s3.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType: contentType, ContentLength: body.byteLength }));
  }

  async get(key: string, maxBytes: number): Promise<Uint8Array | undefined> {
    try {
      const result = await this.s3.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if ((result.ContentLength ?? 0) > maxBytes) refuseUnread(result.Body, maxBytes);
      return await result.Body?.transformToByteArray();
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  async readRange(key: string, start: number, end: number): Promise<Uint8Array> {
    if (!Number.isInteger(start) || !Number.isInteger(end) || start < 0 || end <= start) throw new RangeError(`bad range ${start}-${end}`);
    const result = await this.s3.send(new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: `bytes=${start}-${end - 1}` }));
    const bytes = await result.Body?.transformToByteArray();
    if (!bytes || bytes.byteLength !== end - start) throw new RangeError(`object ${key} answered ${bytes?.byteLength ?? 0} bytes for ${start}-${end}`);
    return bytes;
  }

  async head(key: string): Promise<number | undefined> {
    try {
      const head = await this.s3.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return head.ContentLength ?? 0;
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  async delete(keys: readonly string[]): Promise<void> {
    if (keys.length === 0) return;
    await this.s3.send(new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true } }));
  }

  async list(prefix: string, max: number): Promise<StoredObject[]> {
    const found: StoredObject[] = [];
    let token: string | undefined;
    do {
      const page = await this.s3.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token, MaxKeys: 1_000 }));
      for (const object of page.Contents ?? []) if (object.Key) found.push({ key: object.Key, size: object.Size ?? 0 });
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token && found.length <= max);
    return found.slice(0, max + 1);
  }

  /** Deletes every object under the prefix, a listing page at a time; answers how many (the closure's and a share link's removal). */
  async deletePrefix(prefix: string): Promise<number> {
    let removed = 0;
    for (;;) {
      const page = await this.s3.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, MaxKeys: 1_000 }));
      const keys = (page.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : []));
      if (keys.length === 0) return removed;
      await this.s3.send(new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true } }));
      removed += keys.length;
    }
  }

  async copy(fromKey: string, toKey: string): Promise<void> {
    // The source is `bucket/key`, the key URL-encoded (slashes kept), as CopyObject reads it.
    const source = `${this.bucket}/${fromKey.split('/').map(encodeURIComponent).join('/')}`;
    await this.s3.send(new CopyObjectCommand({ Bucket: this.bucket, Key: toKey, CopySource: source, MetadataDirective: 'COPY' }));
  }

  presignGet(key: string, expiresSeconds: number, options: { attachmentName?: string } = {}): Promise<string> {
    const name = options.attachmentName;
    // The name goes into a header S3 answers: only a plain file name, never quotes or line breaks.
    if (name !== undefined && !/^[\w.-]{1,100}$/.test(name)) throw new Error('unsafe attachment name');
    const disposition = name === undefined ? {} : { ResponseContentDisposition: `attachment; filename="${name}"` };
    return getSignedUrl(this.s3, new GetObjectCommand({ Bucket: this.bucket, Key: key, ...disposition }), { expiresIn: expiresSeconds });
  }

  async presignPost(input: { key: string; contentType: string; maxBytes: number; expiresSeconds: number }): Promise<PresignedPost> {
    // A presigned POST, not PUT: only its policy can bound the size (content-length-range).
    const { url, fields } = await createPresignedPost(this.s3, {
      Bucket: this.bucket,
      Key: input.key,
      Conditions: [
        ['content-length-range', 1, input.maxBytes],
        ['eq', '$Content-Type', input.contentType],
      ],
      Fields: { 'Content-Type': input.contentType },
      Expires: input.expiresSeconds,
    });
    return { url, fields };
  }

  async download(key: string, path: string, maxBytes: number): Promise<number> {
    const result = await this.s3.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
    if ((result.ContentLength ?? 0) > maxBytes) refuseUnread(result.Body, maxBytes);
    let seen = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        seen += chunk.length;
        if (seen > maxBytes) return done(new ObjectTooLargeError(`object larger than ${maxBytes} bytes`));
        done(null, chunk);
      },
    });
    await pipeline(result.Body as Readable, counter, createWriteStream(path, { mode: 0o600 }));
    return seen;
  }

  async upload(key: string, path: string, contentType: string): Promise<void> {
    const { size } = await stat(path);
    await this.s3.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: createReadStream(path), ContentType: contentType, ContentLength: size }));
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
    const { endpoint, region } = this.location;
    if (endpoint) {
      const local = new URL(endpoint);
      const sameHost = url.host === local.host || (url.port === local.port && ['localhost', '127.0.0.1'].includes(url.hostname));
      if (!sameHost) return undefined;
      const prefix = `/${this.bucket}/`;
      return url.pathname.startsWith(prefix) ? decode(url.pathname.slice(prefix.length)) : undefined;
    }
    const hosts = [`${this.bucket}.s3.${region}.amazonaws.com`, `${this.bucket}.s3.amazonaws.com`];
    if (hosts.includes(url.hostname)) return decode(url.pathname.slice(1));
    if (url.hostname === `s3.${region}.amazonaws.com` && url.pathname.startsWith(`/${this.bucket}/`)) {
      return decode(url.pathname.slice(this.bucket.length + 2));
    }
    return undefined;
  }
}
