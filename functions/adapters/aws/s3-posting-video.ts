import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type { PostingVideo } from '../../core/ports/posting';

/** How long the platform may fetch the file by its URL (Instagram fetches within minutes of the container's creation). */
const publicUrlSeconds = 60 * 60;

/**
 * The finished video as the posting adapters read it: ranged GETs of the object (a chunk at a time,
 * never the whole file in memory) and a presigned URL for the platforms that fetch it themselves.
 */
export function s3PostingVideo(
  s3: S3Client,
  bucket: string,
  key: string,
  facts: { sizeBytes: number; durationSeconds: number },
  presignGet: (key: string, expiresSeconds: number) => Promise<string>,
): PostingVideo {
  return {
    sizeBytes: facts.sizeBytes,
    durationSeconds: facts.durationSeconds,
    async read(start, end) {
      if (end <= start) return new Uint8Array();
      const answer = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key, Range: `bytes=${start}-${end - 1}` }));
      const bytes = await answer.Body?.transformToByteArray();
      if (!bytes || bytes.byteLength !== end - start) throw new Error(`Read ${bytes?.byteLength ?? 0} bytes of ${end - start} from the video`);
      return bytes;
    },
    publicUrl: () => presignGet(key, publicUrlSeconds),
  };
}
