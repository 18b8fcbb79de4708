import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyseFootage } from '../../functions/adapters/ffmpeg/footage-analysis';
import { probeMedia } from '../../functions/adapters/ffmpeg/probe';
import { makeFootage } from '../support/footage-clips';

/** The quick look at upload with the real ffmpeg on clips whose answer is known. */

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'reelsmith-footage-'));
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function analysed(path: string) {
  const info = await probeMedia(path);
  const started = performance.now();
  const framing = await analyseFootage(path, { duration: info.durationSeconds, width: info.width, height: info.height });
  return { framing, ms: performance.now() - started, seconds: info.durationSeconds };
}

describe('footage analysis', () => {
  it('skips a black second and finds the motion on the right', async () => {
    const { framing } = await analysed(await makeFootage(dir, 'black-right', { opening: 'black', motion: 'right', seconds: 6 }));
    expect(framing.inPoint).toBeGreaterThanOrEqual(0.75);
    expect(framing.inPoint).toBeLessThanOrEqual(1.5);
    expect(framing.focusX).toBeGreaterThan(0.6);
    expect(framing.focusY).toBeGreaterThan(0.35);
    expect(framing.focusY).toBeLessThan(0.65);
  });

  it('skips a frozen opening and finds the motion on the left', async () => {
    const { framing } = await analysed(await makeFootage(dir, 'frozen-left', { opening: 'frozen', openingSeconds: 2, motion: 'left', seconds: 8 }));
    expect(framing.inPoint).toBeGreaterThanOrEqual(1.9);
    expect(framing.inPoint).toBeLessThanOrEqual(2.5);
    expect(framing.focusX).toBeLessThan(0.4);
  });

  it('leaves a shot after the in-point: a clip that is black until near its end starts early enough', async () => {
    const { framing } = await analysed(await makeFootage(dir, 'late', { opening: 'black', openingSeconds: 4, motion: 'right', seconds: 6 }));
    expect(framing.inPoint).toBeLessThanOrEqual(6 - 3.5 + 0.01);
  });

  it('keeps a still clip at 0 on the centre', async () => {
    const { framing } = await analysed(await makeFootage(dir, 'still', { opening: 'none', motion: 'still', seconds: 4 }));
    expect(framing).toEqual({ inPoint: 0, focusX: 0.5, focusY: 0.5 });
  });

  it('reads a portrait clip in its own shape', async () => {
    const { framing } = await analysed(await makeFootage(dir, 'portrait', { opening: 'none', motion: 'left', seconds: 4, size: '360x640' }));
    expect(framing.inPoint).toBeLessThan(0.6);
    expect(framing.focusX).toBeLessThan(0.45);
  });

  it('refuses what is not a video as a failed run (the upload then keeps no framing)', async () => {
    const path = join(dir, 'not-a-video.mp4');
    await import('node:fs/promises').then((fs) => fs.writeFile(path, 'not a video'));
    await expect(analyseFootage(path, { duration: 3, width: 640, height: 360 })).rejects.toThrow();
    expect((await readFile(path)).length).toBeGreaterThan(0);
  });
});
