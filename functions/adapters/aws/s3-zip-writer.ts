import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  GetObjectCommand,
  PutObjectCommand,
  UploadPartCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { ZipFile } from 'yazl';
import type { ArchiveEntry, ZipWriter } from '../../core/ports/object-store';

/** A multipart upload's part: S3's minimum is 5 MiB; 8 MiB keeps memory at one part while it uploads. */
const partBytes = 8 * 1024 * 1024;

function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
}

/**
 * A ZIP written into the bucket as a stream (the data export; yazl: media stored as they are, JSON
 * deflated; objects read one at a time; the output uploaded in 8 MiB parts), so an export of a gigabyte
 * needs neither a gigabyte of memory nor of /tmp.
 */
export class S3ZipWriter implements ZipWriter {
  constructor(
    private readonly s3: S3Client,
    private readonly bucket: string,
  ) {}

  private async open(key: string): Promise<Readable> {
    try {
      const result = await this.s3.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return result.Body as Readable;
    } catch (error) {
      // Deleted since it was listed: an empty entry rather than a failed export.
      if (isNotFound(error)) return Readable.from([]);
      throw error;
    }
  }

  async writeZip(key: string, entries: readonly ArchiveEntry[]): Promise<number> {
    const zip = new ZipFile();
    const mtime = new Date();
    for (const entry of entries) {
      if ('data' in entry) {
        zip.addBuffer(Buffer.from(entry.data), entry.name, { mtime, compress: true });
      } else {
        const objectKey = entry.objectKey;
        zip.addReadStreamLazy(entry.name, { mtime, compress: false }, (done) => {
          this.open(objectKey).then(
            (stream) => done(null, stream),
            (error: unknown) => done(error, Readable.from([])),
          );
        });
      }
    }
    const output = zip.outputStream as Readable;
    zip.on('error', (error: Error) => output.destroy(error));
    zip.end();
    return this.upload(key, output);
  }

  /** The stream to `key`: one PutObject when it fits in one part, else a multipart upload (aborted on failure). */
  private async upload(key: string, stream: Readable): Promise<number> {
    let buffered: Buffer[] = [];
    let bufferedBytes = 0;
    let total = 0;
    let uploadId: string | undefined;
    const parts: { ETag: string | undefined; PartNumber: number }[] = [];
    const sendPart = async () => {
      const body = Buffer.concat(buffered, bufferedBytes);
      buffered = [];
      bufferedBytes = 0;
      const PartNumber = parts.length + 1;
      const result = await this.s3.send(
        new UploadPartCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId, PartNumber, Body: body, ContentLength: body.byteLength }),
      );
      parts.push({ ETag: result.ETag, PartNumber });
    };
    try {
      for await (const chunk of stream) {
        const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
        buffered.push(bytes);
        bufferedBytes += bytes.byteLength;
        total += bytes.byteLength;
        if (bufferedBytes >= partBytes) {
          uploadId ??= (await this.s3.send(new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: key, ContentType: 'application/zip' }))).UploadId;
          await sendPart();
        }
      }
      if (!uploadId) {
        const body = Buffer.concat(buffered, bufferedBytes);
        await this.s3.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType: 'application/zip', ContentLength: body.byteLength }));
        return total;
      }
      if (bufferedBytes > 0) await sendPart();
      await this.s3.send(new CompleteMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId, MultipartUpload: { Parts: parts } }));
      return total;
    } catch (error) {
      if (uploadId) await this.s3.send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId })).catch(() => undefined);
      throw error;
    }
  }
}
