import { describe, expect, it } from 'vitest';
import { retryAfterOf } from '../../functions/adapters/providers/publishing/posting-http';
import { storedPostingVideo } from '../../functions/adapters/providers/publishing/stored-posting-video';
import { tiktokChunkPlan } from '../../functions/adapters/providers/publishing/tiktok-poster';

/** The posting wire's pure parts: TikTok's chunk plan, Retry-After, the stored video's bounds. */
const mb = 1024 ** 2;

describe('tiktokChunkPlan', () => {
  it('sends a file no larger than a chunk whole', () => {
    expect(tiktokChunkPlan(3 * mb, 10 * mb)).toEqual({ chunkSize: 3 * mb, chunkCount: 1 });
    expect(tiktokChunkPlan(10 * mb, 10 * mb)).toEqual({ chunkSize: 10 * mb, chunkCount: 1 });
  });

  it('counts floor(size / chunk) chunks, the last taking the rest, under twice a chunk', () => {
    expect(tiktokChunkPlan(25 * mb + 7, 10 * mb)).toEqual({ chunkSize: 10 * mb, chunkCount: 2 });
    for (const size of [11 * mb, 64 * mb + 1, 200 * mb, 4 * 1024 * mb]) {
      const { chunkSize, chunkCount } = tiktokChunkPlan(size, 64 * mb);
      const last = size - (chunkCount - 1) * chunkSize;
      expect(last).toBeGreaterThanOrEqual(chunkSize);
      expect(last).toBeLessThanOrEqual(128 * mb);
      expect(chunkCount).toBeLessThanOrEqual(1000);
    }
  });

  it('never plans chunks over 64 MB', () => {
    expect(tiktokChunkPlan(500 * mb, 100 * mb).chunkSize).toBe(64 * mb);
  });
});

describe('retryAfterOf', () => {
  it('reads seconds and HTTP dates', () => {
    expect(retryAfterOf(new Headers({ 'retry-after': '7' }))).toBe(7000);
    expect(retryAfterOf(new Headers({ 'retry-after': new Date(61_000).toUTCString() }), 1_000)).toBe(60_000);
    expect(retryAfterOf(new Headers())).toBeUndefined();
    expect(retryAfterOf(new Headers({ 'retry-after': 'soon' }))).toBeUndefined();
  });
});

describe('storedPostingVideo', () => {
  it('reads ranges inside the object only, and presigns a GET', async () => {
    const reads: [string, number, number][] = [];
    const video = storedPostingVideo(
      {
        readRange: (key, start, end) => {
          reads.push([key, start, end]);
          return Promise.resolve(new Uint8Array(end - start));
        },
        presignGet: (key, seconds) => Promise.resolve(`https://bucket/${key}?expires=${seconds}`),
      },
      { key: 'users/u/v.mp4', sizeBytes: 100, durationSeconds: 3 },
    );
    expect((await video.read(10, 20)).byteLength).toBe(10);
    await expect(video.read(90, 101)).rejects.toThrow(RangeError);
    await expect(video.read(5, 5)).rejects.toThrow(RangeError);
    expect(reads).toEqual([['users/u/v.mp4', 10, 20]]);
    expect(await video.publicUrl()).toBe('https://bucket/users/u/v.mp4?expires=3600');
  });
});
