import { createWriteStream } from 'node:fs';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DeleteObjectsCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { MediaStorage, PresignedUpload } from '../../core/ports/media';

export class ObjectTooLargeError extends Error {
  override name = 'ObjectTooLargeError';
}

function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404;
}

/** The private media bucket through the SDK v3 client (s3rver locally). */
export class S3MediaStorage implements MediaStorage {
  constructor(
    private readonly s3: S3Client,
    private readonly bucket: string,
  ) {}

  async presignUpload(input: { key: string; contentType: string; maxBytes: number; expiresSeconds: number }): Promise<PresignedUpload> {
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

  presignDownload(key: string, expiresSeconds: number): Promise<string> {
    return getSignedUrl(this.s3, new GetObjectCommand({ Bucket: this.bucket, Key: key }), { expiresIn: expiresSeconds });
  }

  async size(key: string): Promise<number | undefined> {
    try {
      const head = await this.s3.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return head.ContentLength ?? 0;
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  async put(key: string, body: Uint8Array, contentType: string): Promise<void> {
    await this.s3.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType: contentType, ContentLength: body.byteLength }));
  }

  async read(key: string, maxBytes: number): Promise<Uint8Array | undefined> {
    try {
      const result = await this.s3.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if ((result.ContentLength ?? 0) > maxBytes) throw new ObjectTooLargeError(`object larger than ${maxBytes} bytes`);
      return await result.Body?.transformToByteArray();
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  async delete(keys: readonly string[]): Promise<void> {
    if (keys.length === 0) return;
    await this.s3.send(new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true } }));
  }

  /** Copies the object to a local file, stopping (ObjectTooLargeError) past `maxBytes`. */
  async downloadTo(key: string, path: string, maxBytes: number): Promise<number> {
    const result = await this.s3.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
    if ((result.ContentLength ?? 0) > maxBytes) throw new ObjectTooLargeError(`object larger than ${maxBytes} bytes`);
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
}
