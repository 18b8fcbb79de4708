import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type { VideoFiles } from '../../core/ports/video';
import { S3MediaStorage } from './s3-media-storage';

/** The media bucket for the render: files streamed to and from disk (a 60 s video is tens of MB). */
export class S3VideoFiles implements VideoFiles {
  private readonly storage: S3MediaStorage;

  constructor(
    private readonly s3: S3Client,
    private readonly bucket: string,
  ) {
    this.storage = new S3MediaStorage(s3, bucket);
  }

  download(key: string, path: string, maxBytes: number): Promise<number> {
    return this.storage.downloadTo(key, path, maxBytes);
  }

  read(key: string, maxBytes: number): Promise<Uint8Array | undefined> {
    return this.storage.read(key, maxBytes);
  }

  async upload(key: string, path: string, contentType: string): Promise<void> {
    const { size } = await stat(path);
    await this.s3.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: createReadStream(path), ContentType: contentType, ContentLength: size }));
  }

  delete(keys: readonly string[]): Promise<void> {
    return this.storage.delete(keys);
  }
}
