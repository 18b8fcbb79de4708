import { framingOf, type FrameSample, type Framing } from '../../core/media/framing';
import { ffmpegPath, quietFfmpeg } from './binaries';
import { firstVideoStreamOnly, mediaFormats, untrustedInput } from './input';
import { runTool } from './run';

/**
 * The quick look at an uploaded clip: one ffmpeg run decodes at most the first
 * `analysedSeconds`, a few frames a second, scaled to a few dozen grey pixels, and the pure rules of
 * core/media/framing.ts pick the in-point and the focus from them. Cheap on purpose: the decoder skips
 * the loop filter and the frames no other frame refers to (neither matters at 64 pixels), nothing is
 * encoded, and the run is bounded in time and output.
 */

export const analysisLimits = {
  /** Frames sampled per second. */
  fps: 4,
  /** The sample's width in pixels (its height follows the picture's shape). */
  width: 64,
  /** Only the opening is looked at: an in-point further in is rarely what a shot wants, and the time stays bounded. */
  analysedSeconds: 20,
  timeoutMs: 8_000,
};

/** 10% of the luma range above video black (16), as blackdetect's default pixel threshold. */
const blackLuma = 16 + Math.round(0.1 * 219);
const blackShare = 0.98;

/** The sample size for a picture of this shape: `width` wide, an even height of at least 2. */
export function sampleSize(width: number | null, height: number | null): { width: number; height: number } {
  const w = analysisLimits.width;
  if (!width || !height) return { width: w, height: 36 };
  const h = Math.max(2, Math.min(256, Math.round((w * height) / width / 2) * 2));
  return { width: w, height: h };
}

/** The samples of raw grey frames (`width` x `height` bytes each, `fps` a second), each against the one before. */
export function samplesOf(raw: Uint8Array, size: { width: number; height: number }, fps: number): FrameSample[] {
  const { width, height } = size;
  const frameBytes = width * height;
  const count = Math.floor(raw.length / frameBytes);
  const samples: FrameSample[] = [];
  for (let f = 0; f < count; f++) {
    const frame = raw.subarray(f * frameBytes, (f + 1) * frameBytes);
    const previous = f > 0 ? raw.subarray((f - 1) * frameBytes, f * frameBytes) : undefined;
    const columns = new Array<number>(width).fill(0);
    const rows = new Array<number>(height).fill(0);
    let dark = 0;
    let total = 0;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const i = y * width + x;
        const value = frame[i]!;
        if (value <= blackLuma) dark += 1;
        if (previous) {
          const change = Math.abs(value - previous[i]!);
          columns[x]! += change;
          rows[y]! += change;
          total += change;
        }
      }
    }
    samples.push({ time: f / fps, black: dark / frameBytes >= blackShare, change: total / frameBytes, columns, rows });
  }
  return samples;
}

/** Decodes the opening of a local video into samples and decides its framing. A failed or slow run is a ToolFailedError. */
export async function analyseFootage(path: string, clip: { duration: number; width: number | null; height: number | null }): Promise<Framing> {
  const size = sampleSize(clip.width, clip.height);
  const { fps, analysedSeconds, timeoutMs } = analysisLimits;
  const maxBytes = size.width * size.height * (fps * analysedSeconds + 8);
  const { stdout } = await runTool(
    ffmpegPath(),
    [
      ...quietFfmpeg,
      '-skip_loop_filter',
      'all',
      '-skip_frame',
      'noref',
      ...untrustedInput(path, mediaFormats),
      '-t',
      String(analysedSeconds),
      ...firstVideoStreamOnly,
      '-vf',
      `fps=${fps},scale=${size.width}:${size.height}:flags=area,format=gray`,
      '-f',
      'rawvideo',
      'pipe:1',
    ],
    { timeoutMs, maxOutputBytes: maxBytes },
  );
  return framingOf(samplesOf(stdout, size, fps), clip.duration);
}
