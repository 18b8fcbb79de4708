/**
 * `npm run bench:media`: p50/p99 of GET /api/media?page=1&limit=60 for each of the six orders with
 * 100, 1,000 and 10,000 assets for one user (records seeded through the repository), and the
 * server-side completion time (POST /api/media/complete: download, magic numbers, ffprobe, thumbnail,
 * the asset written) of a 50 MB MP4 already in the bucket. One request at a time, local stack in memory.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startLocalStack } from '../../bin/local/stack';
import { ffmpegPath } from '../../functions/adapters/ffmpeg/binaries';
import { DynamoMediaUploadRepository } from '../../functions/adapters/aws/dynamo/media-uploads';
import { newId } from '../../functions/core/ids';
import type { MediaAsset, PendingUpload } from '../../functions/core/media/media';
import { services } from '../support/services';
import { postToS3, signedInUser, type UploadTicket } from '../integration/support/media';

const samples = Number(process.env.BENCH_SAMPLES ?? 100);
const sizes = (process.env.BENCH_SIZES ?? '100,1000,10000').split(',').map(Number);
const sorts = ['newest', 'size-asc', 'size-desc', 'date-uploaded', 'name-asc', 'name-desc'] as const;
const words = 'beach city sunset forest ocean street night coffee crowd mountain river studio desk rain snow drone'.split(' ');

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

async function seed(repo: DynamoMediaUploadRepository, userId: string, count: number): Promise<void> {
  let next = 0;
  const one = async () => {
    const i = next++;
    const id = newId();
    const now = new Date().toISOString();
    const size = 100_000 + ((i * 7919) % 5_000_000);
    const title = `${words[i % words.length]} ${words[(i * 7) % words.length]} ${i}`;
    const upload: PendingUpload = {
      id,
      userId,
      storageKey: `users/${userId}/media/${id}/original.mp4`,
      fileType: 'video/mp4',
      fileName: `${title}.mp4`,
      title,
      declaredSize: size,
      folderId: null,
      tags: [words[i % words.length] ?? 'clip'],
      createdAt: now,
    };
    const asset: MediaAsset = {
      id,
      userId,
      title,
      fileName: upload.fileName,
      fileType: 'video/mp4',
      kind: 'video',
      fileSize: size,
      duration: 5 + (i % 30),
      tags: upload.tags,
      isActive: true,
      folderId: null,
      storageKey: upload.storageKey,
      thumbnailKey: `users/${userId}/media/${id}/thumbnail.jpg`,
      width: 1080,
      height: 1920,
      codec: 'h264',
      audioCodec: 'aac',
      bitrate: 4_000_000,
      fps: 30,
      sampleRate: 48_000,
      channels: 2,
      format: 'mov,mp4,m4a,3gp,3g2,mj2',
      aspectRatio: '9:16',
      colorSpace: 'bt709',
      createdAt: now,
      updatedAt: now,
    };
    if (!(await repo.reserveUpload(upload, Number.MAX_SAFE_INTEGER))) throw new Error('reserve failed');
    if (!(await repo.completeUpload(upload, asset))) throw new Error('complete failed');
  };
  const lanes = Array.from({ length: 16 }, async () => {
    while (next < count) await one();
  });
  await Promise.all(lanes);
}

/** A high-entropy 720p MP4 just under 50 MB, made by the npm-shipped ffmpeg. */
async function fiftyMegabyteMp4(dir: string): Promise<string> {
  const out = join(dir, 'fifty.mp4');
  const run = promisify(execFile);
  await run(
    ffmpegPath(),
    [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=1280x720:rate=30,noise=alls=60:allf=t',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440',
      '-t',
      '10',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-b:v',
      '38M',
      '-maxrate',
      '38M',
      '-bufsize',
      '76M',
      '-c:a',
      'aac',
      '-shortest',
      '-fs',
      String(50 * 1024 * 1024 - 64 * 1024),
      out,
    ],
    { maxBuffer: 1024 * 1024 },
  );
  return out;
}

async function main(): Promise<void> {
  const stack = await startLocalStack({ port: 0, inMemory: true, quiet: true });
  const repo = new DynamoMediaUploadRepository(services().table);
  const { id: userId, client } = await signedInUser(stack, 'bench');
  console.log(`\nbench:media  GET /api/media?page=1&limit=60, ${samples} sequential requests per order, local stack in memory`);
  console.log(`${'assets'.padStart(7)}  ${'order'.padEnd(14)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)}`);
  let seeded = 0;
  const p99s: Record<number, number> = {};
  for (const size of sizes) {
    const started = Date.now();
    await seed(repo, userId, size - seeded);
    seeded = size;
    process.stderr.write(`  (seeded ${size} assets in ${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
    for (const sort of sorts) {
      const path = `/api/media?page=1&limit=60&sort=${sort}`;
      for (let i = 0; i < 5; i++) await client.get(path);
      const times: number[] = [];
      for (let i = 0; i < samples; i++) {
        const t = performance.now();
        const answer = await client.get<{ items: unknown[]; totalCount: number }>(path);
        times.push(performance.now() - t);
        if (answer.status !== 200 || answer.body.items.length !== Math.min(60, size) || answer.body.totalCount !== size) {
          throw new Error(`unexpected answer ${answer.status} for ${path}`);
        }
      }
      times.sort((a, b) => a - b);
      console.log(
        `${String(size).padStart(7)}  ${sort.padEnd(14)} ${percentile(times, 50).toFixed(1).padStart(8)} ${percentile(times, 99).toFixed(1).padStart(8)}`,
      );
      p99s[size] = Math.max(p99s[size] ?? 0, percentile(times, 99));
    }
  }
  // For comparison: a search reads the whole library (no substring index), and page 50 skips 49 pages.
  for (const [label, path] of [
    ['search', '/api/media?page=1&limit=60&search=sunset'],
    ['page 50 (no cursor)', '/api/media?page=50&limit=60&sort=name-asc'],
  ] as const) {
    const times: number[] = [];
    for (let i = 0; i < 20; i++) {
      const t = performance.now();
      await client.get(path);
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    console.log(
      `${String(seeded).padStart(7)}  ${label.padEnd(14)} ${percentile(times, 50).toFixed(1).padStart(8)} ${percentile(times, 99).toFixed(1).padStart(8)}`,
    );
  }
  const smallest = sizes[0] ?? 0;
  const largest = sizes[sizes.length - 1] ?? 0;
  console.log(
    `worst p99: ${sizes.map((size) => `${size} assets ${(p99s[size] ?? 0).toFixed(1)} ms`).join(', ')}; ` +
      `${largest} vs ${smallest}: ${((p99s[largest] ?? 0) / (p99s[smallest] ?? 1)).toFixed(2)}x`,
  );

  // Completion of a 50 MB MP4 (the transfer to S3 is not counted).
  const dir = await mkdtemp(join(tmpdir(), 'reelsmith-bench-'));
  try {
    const file = await fiftyMegabyteMp4(dir);
    const bytes = new Uint8Array(await readFile(file));
    const { size } = await stat(file);
    const runs = Number(process.env.BENCH_COMPLETE_RUNS ?? 3);
    // A user of its own: the seeded library above fills far more than a plan's storage.
    const { client: uploader } = await signedInUser(stack, 'bench');
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const begin = await uploader.post<UploadTicket>('/api/media/upload-url', { fileName: 'fifty.mp4', contentType: 'video/mp4', size });
      if (begin.status !== 201) throw new Error(`upload-url ${begin.status}`);
      const sent = await postToS3(begin.body, { name: 'fifty.mp4', type: 'video/mp4', bytes });
      if (sent.status >= 300) throw new Error(`S3 ${sent.status}`);
      const t = performance.now();
      const done = await uploader.post<{ id: string }>('/api/media/complete', { uploadId: begin.body.uploadId });
      times.push(performance.now() - t);
      if (done.status !== 201) throw new Error(`complete ${done.status} ${JSON.stringify(done.body)}`);
      await uploader.delete(`/api/media/${done.body.id}`);
    }
    times.sort((a, b) => a - b);
    console.log(
      `\ncompletion of a ${(size / 1024 / 1024).toFixed(1)} MB MP4 (download from S3, magic numbers, ffprobe, thumbnail, write): ` +
        `median ${percentile(times, 50).toFixed(0)} ms, max ${(times[times.length - 1] ?? 0).toFixed(0)} ms over ${runs} runs`,
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
    await stack.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
