import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { S3Client } from '@aws-sdk/client-s3';
import { startPublishingSandbox, type PublishingSandbox } from '../../../bin/local/emulators/publishing-sandbox';
import { startS3, type RunningS3 } from '../../../bin/local/emulators/s3';
import { S3ObjectStore } from '../../../functions/adapters/aws/s3-object-store';
import { ffmpegPath } from '../../../functions/adapters/ffmpeg/binaries';
import { postingVideoOf } from '../../../functions/adapters/providers/publishing/stored-posting-video';
import type { PostDetails, PostingCheckpoint, PostingHooks, PostingVideo } from '../../../functions/core/ports/posting';

/**
 * The posting wire's test bench: the platform sandbox, s3rver holding a real small MP4 (made by
 * ffmpeg, noisy so it is a few MB and goes in several 256 KiB chunks), the video read back through the
 * object store, and hooks that record every checkpoint, progress and wait.
 */
const run = promisify(execFile);
const bucket = 'posting-wire';

export interface PostingBench {
  sandbox: PublishingSandbox;
  store: S3ObjectStore;
  video: PostingVideo;
  sha256: string;
  sizeBytes: number;
  stop(): Promise<void>;
}

/** A real H.264/AAC faststart MP4 made noisy so it is large for its length (about 1.5 MB a second at 360x640). */
export async function makeNoisyMp4(file: string, seconds: number): Promise<Buffer> {
  await run(ffmpegPath(), [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=360x640:rate=30,noise=alls=40:allf=t',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:sample_rate=44100',
    '-t',
    String(seconds),
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    '-movflags',
    '+faststart',
    file,
  ]);
  return readFileSync(file);
}

export async function startPostingBench(): Promise<PostingBench> {
  const dir = mkdtempSync(join(tmpdir(), 'posting-wire-'));
  const file = join(dir, 'video.mp4');
  await makeNoisyMp4(file, 2);
  const bytes = readFileSync(file);
  let s3: RunningS3 | undefined;
  let sandbox: PublishingSandbox | undefined;
  try {
    s3 = await startS3({ buckets: [bucket], corsOrigins: ['http://127.0.0.1'] });
    sandbox = await startPublishingSandbox();
    const client = new S3Client({
      region: 'us-east-1',
      endpoint: s3.endpoint,
      forcePathStyle: true,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    const store = new S3ObjectStore(client, { bucket, region: 'us-east-1', endpoint: s3.endpoint });
    await store.upload('users/u1/videos/v1/final.mp4', file, 'video/mp4');
    const video = await postingVideoOf(store, 'users/u1/videos/v1/final.mp4', 2);
    if (!video) throw new Error('the video is not in the bucket');
    const running = { s3, sandbox };
    return {
      sandbox,
      store,
      video,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      sizeBytes: bytes.byteLength,
      stop: async () => {
        await running.sandbox.close();
        await running.s3.stop();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await sandbox?.close();
    await s3?.stop();
    throw error;
  }
}

export interface RecordingHooks extends PostingHooks {
  checkpoints: PostingCheckpoint[];
  progress: PostingHooks['progress'] & { calls: { stage: string; percent?: number }[] };
  sleeps: number[];
  last(): PostingCheckpoint | undefined;
}

export function recordingHooks(): RecordingHooks {
  const checkpoints: PostingCheckpoint[] = [];
  const sleeps: number[] = [];
  const calls: { stage: string; percent?: number }[] = [];
  const progress = Object.assign(
    (stage: 'uploading' | 'processing', percent?: number) => {
      calls.push({ stage, ...(percent === undefined ? {} : { percent }) });
      return Promise.resolve();
    },
    { calls },
  );
  return {
    checkpoints,
    sleeps,
    progress,
    checkpoint: (checkpoint) => {
      checkpoints.push(structuredClone(checkpoint));
      return Promise.resolve();
    },
    // Waits a little for real (at most 10 ms), so a sandbox that works in the background (Instagram downloading
    // the video) gets time under load; the asked-for waits are recorded for the tests that check them.
    sleep: (ms) => {
      sleeps.push(ms);
      return new Promise((resolve) => setTimeout(resolve, Math.min(ms, 10)));
    },
    last: () => checkpoints.at(-1),
  };
}

export const postDetails = (privacy: string, caption = 'A test post #reelsmith'): PostDetails => ({
  caption,
  title: 'A test post',
  privacy,
  madeForKids: false,
  containsSyntheticMedia: true,
});
