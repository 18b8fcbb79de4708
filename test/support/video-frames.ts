import { ffmpegPath } from '../../functions/adapters/ffmpeg/binaries';
import { runTool } from '../../functions/adapters/ffmpeg/run';

/** Reading pictures out of rendered videos: one decoded frame as packed RGB, and colour counts in an area. */
export const videoWidth = 1080;
export const videoHeight = 1920;

export interface Area {
  x: number;
  y: number;
  w: number;
  h: number;
}
export type Rgb = [number, number, number];

export async function ffmpegOut(args: string[]): Promise<Buffer> {
  const limits = { timeoutMs: 60_000, maxOutputBytes: 32 * 1024 * 1024 };
  return (await runTool(ffmpegPath(), ['-hide_banner', '-nostdin', '-loglevel', 'error', ...args], limits)).stdout;
}

export async function frameAt(video: string, seconds: number): Promise<Buffer> {
  // A draft render (360x640) is read at the full frame's coordinates too.
  const rgb = await ffmpegOut([
    '-ss',
    seconds.toFixed(3),
    '-i',
    video,
    '-frames:v',
    '1',
    '-vf',
    `scale=${videoWidth}:${videoHeight}`,
    '-f',
    'rawvideo',
    '-pix_fmt',
    'rgb24',
    'pipe:1',
  ]);
  if (rgb.length !== videoWidth * videoHeight * 3) throw new Error(`frame of ${rgb.length} bytes, not 1080x1920 RGB`);
  return rgb;
}

export function countColour(rgb: Buffer, area: Area, [r, g, b]: Rgb, tolerance = 60): number {
  let count = 0;
  for (let y = area.y; y < area.y + area.h; y++) {
    for (let x = area.x; x < area.x + area.w; x++) {
      const i = (y * videoWidth + x) * 3;
      if (Math.abs((rgb[i] ?? 0) - r) + Math.abs((rgb[i + 1] ?? 0) - g) + Math.abs((rgb[i + 2] ?? 0) - b) < tolerance) count++;
    }
  }
  return count;
}

export function meanColour(rgb: Buffer, area: Area): Rgb {
  const sum = [0, 0, 0];
  for (let y = area.y; y < area.y + area.h; y++) {
    for (let x = area.x; x < area.x + area.w; x++) {
      const i = (y * videoWidth + x) * 3;
      for (let c = 0; c < 3; c++) sum[c] = (sum[c] ?? 0) + (rgb[i + c] ?? 0);
    }
  }
  const n = area.w * area.h;
  return [Math.round((sum[0] ?? 0) / n), Math.round((sum[1] ?? 0) / n), Math.round((sum[2] ?? 0) / n)];
}

export function meanDifference(a: Buffer, b: Buffer, area: Area): number {
  let sum = 0;
  for (let y = area.y; y < area.y + area.h; y++) {
    for (let x = area.x; x < area.x + area.w; x++) {
      const i = (y * videoWidth + x) * 3;
      for (let c = 0; c < 3; c++) sum += Math.abs((a[i + c] ?? 0) - (b[i + c] ?? 0));
    }
  }
  return sum / (area.w * area.h * 3);
}
