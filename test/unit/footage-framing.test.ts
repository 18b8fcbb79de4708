import { describe, expect, it } from 'vitest';
import { chooseInPoint, focusOf, framingOf, type FrameSample } from '../../functions/core/media/framing';
import { sampleSize, samplesOf } from '../../functions/adapters/ffmpeg/footage-analysis';

/** The rules of the in-point and focus over hand-made samples, 4 a second. */

const width = 8;
function sample(i: number, kind: 'black' | 'frozen' | 'moving', at = 6): FrameSample {
  const moving = kind === 'moving';
  const columns = Array.from({ length: width }, (_, x) => (moving ? (x === at ? 80 : 2) : 0));
  return { time: i / 4, black: kind === 'black', change: moving ? 10 : 0, columns, rows: [moving ? 40 : 0, moving ? 40 : 0] };
}
const clip = (...parts: [kind: 'black' | 'frozen' | 'moving', seconds: number, at?: number][]) => {
  const samples: FrameSample[] = [];
  for (const [kind, seconds, at] of parts) for (let k = 0; k < seconds * 4; k++) samples.push(sample(samples.length, kind, at));
  return samples;
};

describe('in-point', () => {
  it('starts a moving clip at 0', () => {
    expect(chooseInPoint(clip(['moving', 8]), 8)).toBe(0);
  });
  it('skips a black opening', () => {
    expect(chooseInPoint(clip(['black', 1], ['moving', 7]), 8)).toBe(1);
  });
  it('skips a frozen opening to where the picture first changes', () => {
    expect(chooseInPoint(clip(['frozen', 2], ['moving', 6]), 8)).toBe(2);
  });
  it('prefers the lively stretch over a still one', () => {
    expect(chooseInPoint(clip(['moving', 0.5], ['frozen', 4], ['moving', 6]), 10.5)).toBeGreaterThanOrEqual(4);
  });
  it('leaves a shot after it, or a second of a short clip', () => {
    expect(chooseInPoint(clip(['black', 5], ['moving', 3]), 8)).toBe(4.5);
    expect(chooseInPoint(clip(['black', 2], ['moving', 1]), 3)).toBe(2);
    expect(chooseInPoint(clip(['black', 2.5], ['moving', 0.5]), 3)).toBe(2);
  });
  it('is 0 for a black or empty clip', () => {
    expect(chooseInPoint(clip(['black', 3]), 3)).toBe(0);
    expect(chooseInPoint([], 3)).toBe(0);
  });
});

describe('focus', () => {
  it('is the centroid of the motion above the median', () => {
    expect(focusOf([1, 1, 1, 1, 1, 1, 9, 1])).toBeCloseTo(0.8125, 2);
    expect(focusOf([9, 1, 1, 1, 1, 1, 1, 1])).toBeCloseTo(0.0625, 2);
  });
  it('stays near the centre when motion is spread out (a pan) or absent', () => {
    expect(focusOf([5, 5, 5, 5, 5, 5, 5, 5])).toBe(0.5);
    expect(focusOf([0, 0, 0, 0])).toBe(0.5);
    expect(Math.abs(focusOf([10, 10, 10, 10, 10, 10, 10, 11]) - 0.5)).toBeLessThan(0.05);
  });
  it('follows the shot that starts at the in-point', () => {
    const framing = framingOf(clip(['black', 1], ['moving', 4, 1], ['moving', 4, 6]), 9);
    expect(framing.inPoint).toBe(1);
    expect(framing.focusX).toBeLessThan(0.3);
  });
});

describe('samples of raw grey frames', () => {
  it('measures black, change and where it changed', () => {
    const size = { width: 4, height: 2 };
    const black = new Uint8Array(8).fill(16);
    const picture = Uint8Array.from([100, 100, 100, 100, 100, 100, 100, 100]);
    const moved = Uint8Array.from([100, 100, 100, 200, 100, 100, 100, 200]);
    const samples = samplesOf(Uint8Array.from([...black, ...picture, ...moved]), size, 4);
    expect(samples.map((s) => s.black)).toEqual([true, false, false]);
    expect(samples[2]!.columns).toEqual([0, 0, 0, 200]);
    expect(samples[2]!.rows).toEqual([100, 100]);
    expect(samples[2]!.time).toBe(0.5);
  });
  it('sizes the sample to the picture, 64 wide', () => {
    expect(sampleSize(1920, 1080)).toEqual({ width: 64, height: 36 });
    expect(sampleSize(1080, 1920)).toEqual({ width: 64, height: 114 });
    expect(sampleSize(null, null)).toEqual({ width: 64, height: 36 });
  });
});
