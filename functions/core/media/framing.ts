import type { MediaAsset } from './media';

/**
 * Where a clip's watchable part starts and where its action is, decided from a few small
 * samples of its frames. The decoding is the adapter's (adapters/ffmpeg/footage-analysis.ts); these
 * are the pure rules over what it measured, so they are tested without ffmpeg.
 */

export type Framing = NonNullable<MediaAsset['framing']>;

/** One sampled frame (a few a second, a few dozen pixels wide), measured against the sample before it. */
export interface FrameSample {
  /** Seconds from the clip's start. */
  time: number;
  /** Almost every pixel is black (blackdetect's rule: 98% of pixels under 10% luma). */
  black: boolean;
  /** Mean absolute luma change from the previous sample (0–255); 0 for the first. */
  change: number;
  /** The change summed per pixel column (left to right) and per pixel row (top to bottom). */
  columns: readonly number[];
  rows: readonly number[];
}

/** How long a shot usually shows a clip: the in-point leaves this much after it when the clip is long enough. */
export const shotSeconds = 3.5;
/** Below this mean change the picture is frozen (a still opening, a paused screen recording). */
export const frozenChange = 0.5;
/** A window this close to the liveliest counts as lively: the earliest such window wins. */
const nearBest = 0.85;
/** Under this share of the change above the frame's median the motion is spread out (a pan, noise): the focus stays near the centre. */
const spreadShare = 0.3;

const round = (value: number, step: number) => Number((Math.round(value / step) * step).toFixed(3));
const clamp01 = (value: number) => Math.min(1, Math.max(0, value));

/** A sample's change as motion: nothing for black frames, frozen ones, or the cut out of black. */
function motionOf(samples: readonly FrameSample[], i: number): number {
  const sample = samples[i]!;
  const before = samples[i - 1];
  if (!before || sample.black || before.black || sample.change < frozenChange) return 0;
  return sample.change;
}

/** The latest in-point that still leaves a shot's worth of clip (or most of a short clip). */
function latestStart(duration: number, analysedUntil: number): number {
  const end = Math.min(duration, analysedUntil);
  if (duration >= shotSeconds + 0.5) return Math.max(0, Math.min(end, duration - shotSeconds));
  // A short clip: skip a dead opening as long as a second is left.
  return Math.max(0, duration - 1);
}

/**
 * The in-point: after a black or frozen opening, at the start of the earliest window of a shot's length
 * whose motion is within 15% of the liveliest window's, leaving a shot's worth of clip after it.
 */
export function chooseInPoint(samples: readonly FrameSample[], duration: number): number {
  if (samples.length === 0 || !(duration > 0)) return 0;
  const analysedUntil = samples[samples.length - 1]!.time;
  const latest = latestStart(duration, analysedUntil);
  const motion = samples.map((_, i) => motionOf(samples, i));
  // The first live picture: one that moved since the sample before, or the first after black (or the
  // start) when the next one moves. A frozen opening ends where the picture first changes.
  let firstLive = samples.findIndex((sample, i) => !sample.black && (motion[i]! > 0 || ((samples[i - 1]?.black ?? true) && (motion[i + 1] ?? 0) > 0)));
  if (firstLive < 0) firstLive = samples.findIndex((sample) => !sample.black);
  if (firstLive < 0) return 0;
  const starts = samples.map((sample, i) => ({ time: sample.time, i })).filter(({ time, i }) => i >= firstLive && time <= latest + 1e-6);
  if (starts.length === 0) return round(Math.min(samples[firstLive]!.time, latest), 0.01);
  const windowMotion = (i: number) => {
    const end = samples[i]!.time + shotSeconds;
    let sum = 0;
    for (let k = i + 1; k < samples.length && samples[k]!.time < end; k++) sum += motion[k]!;
    return sum;
  };
  const scored = starts.map((start) => ({ ...start, score: windowMotion(start.i) }));
  const best = Math.max(...scored.map((start) => start.score));
  const chosen = best > 0 ? scored.find((start) => start.score >= best * nearBest)! : scored[0]!;
  return round(chosen.time, 0.01);
}

/**
 * Where the motion is, 0–1 across a profile (columns or rows): the centroid of the change above the
 * profile's median, pulled to the centre as far as the motion is spread out; 0.5 without motion.
 */
export function focusOf(profile: readonly number[]): number {
  if (profile.length === 0) return 0.5;
  const sorted = [...profile].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  const total = profile.reduce((sum, value) => sum + value, 0);
  let above = 0;
  let weighted = 0;
  profile.forEach((value, i) => {
    const excess = Math.max(0, value - median);
    above += excess;
    weighted += excess * ((i + 0.5) / profile.length);
  });
  if (!(total > 0) || !(above > 0)) return 0.5;
  const centroid = weighted / above;
  const confidence = Math.min(1, above / total / spreadShare);
  return round(clamp01(0.5 + (centroid - 0.5) * confidence), 0.001);
}

/** The motion per column and row over the samples from `from` for a shot's length (the whole clip if that is still). */
function motionProfile(samples: readonly FrameSample[], from: number): { columns: number[]; rows: number[] } {
  const add = (into: number[], values: readonly number[]) => values.forEach((value, i) => (into[i] = (into[i] ?? 0) + value));
  const sum = (inWindow: (time: number) => boolean) => {
    const columns: number[] = [];
    const rows: number[] = [];
    samples.forEach((sample, i) => {
      if (!inWindow(sample.time) || motionOf(samples, i) === 0) return;
      add(columns, sample.columns);
      add(rows, sample.rows);
    });
    return { columns, rows };
  };
  const shot = sum((time) => time > from && time <= from + shotSeconds);
  return shot.columns.some((value) => value > 0) ? shot : sum(() => true);
}

/** The framing of a clip from its samples: the in-point, and the focus of the motion in the shot that starts there. */
export function framingOf(samples: readonly FrameSample[], duration: number): Framing {
  const inPoint = chooseInPoint(samples, duration);
  const { columns, rows } = motionProfile(samples, inPoint);
  return { inPoint, focusX: focusOf(columns), focusY: focusOf(rows) };
}
