import { describe, expect, it } from 'vitest';
import { limited } from '../../bin/local/limited';
import type { Publisher } from '../../functions/core/ports/realtime';
import type { VideoRunStore } from '../../functions/core/ports/video';
import { FrameProgress } from '../../functions/core/video/progress';

/** The script's run record as DynamoDB keeps it: the frame count, and the forward-only, throttled progress. */
function runRecord() {
  const record = { frames: 0, progress: 0, progressAt: Number.NEGATIVE_INFINITY };
  const published: number[] = [];
  const runs: VideoRunStore = {
    claim: () => Promise.resolve('busy'),
    release: () => Promise.resolve(undefined),
    update: () => Promise.resolve(true),
    addRenderedFrames: (_user, _script, _run, frames) => Promise.resolve((record.frames += frames)),
    advanceProgress: (_user, _script, _run, progress, now, minIntervalMs) => {
      if (record.progressAt > now - minIntervalMs || progress <= record.progress) return Promise.resolve(false);
      Object.assign(record, { progress, progressAt: now });
      return Promise.resolve(true);
    },
  };
  const publisher: Publisher = {
    publish: (_user, message) => {
      if ('progress' in message && typeof message.progress === 'number') published.push(message.progress);
      return Promise.resolve();
    },
  };
  return { record, runs, publisher, published };
}

describe('the progress of a parallel render', () => {
  const run = { userId: 'u', scriptId: 's', runId: 'r' };

  it('counts the frames of every chunk together, forward only, one message a second across chunks', async () => {
    const { runs, publisher, published, record } = runRecord();
    let now = 0;
    const clock = () => now;
    // Two chunks of 150 frames out of 300, reporting in turns.
    const a = new FrameProgress({ runs, publisher }, run, 300, 150, 1000, clock);
    const b = new FrameProgress({ runs, publisher }, run, 300, 150, 1000, clock);
    a.report(50);
    await a.finish();
    expect(record.frames).toBe(150);
    now = 500;
    b.report(50); // Counted, but within a second of the last message: not published.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(record.frames).toBe(225);
    now = 1600;
    await b.finish();
    expect(record.frames).toBe(300);
    expect(published).toEqual([10 + Math.floor((75 * 85) / 300), 95]);
    expect([...published].sort((x, y) => x - y)).toEqual(published);
  });

  it('stops at 95 when a retried chunk counts its frames again (the join and finalize say the rest)', async () => {
    const { runs, publisher, published } = runRecord();
    let now = 0;
    for (const attempt of [1, 2]) {
      now += 2000;
      await new FrameProgress({ runs, publisher }, run, 100, 100, 1000, () => now + attempt).finish();
    }
    expect(published).toEqual([95]);
  });
});

describe('the local limit on chunks at once', () => {
  it('runs at most `slots` calls at a time, the others in order as slots free', async () => {
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const task = limited(2, async (n: number) => {
      running += 1;
      most = Math.max(most, running);
      order.push(n);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running -= 1;
      return n * 2;
    });
    const results = await Promise.all([1, 2, 3, 4, 5].map((n) => task(n)));
    expect(results).toEqual([2, 4, 6, 8, 10]);
    expect(most).toBe(2);
    expect(order).toEqual([1, 2, 3, 4, 5]);
  });

  it('frees the slot of a call that fails', async () => {
    const task = limited(1, (n: number) => (n === 1 ? Promise.reject(new Error('boom')) : Promise.resolve(n)));
    await expect(task(1)).rejects.toThrow('boom');
    await expect(task(2)).resolves.toBe(2);
  });
});
