import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { proxyOutput } from '../../core/ports/video-renderer';
import { previewFrameRate } from '../../core/video/frame-timeline';
import { ffmpegPath, quietFfmpeg } from './binaries';
import { firstVideoStreamOnly, mediaFormats, untrustedInput } from './input';
import { runTool, ToolFailedError } from './run';

/**
 * The proxy copy of an uploaded clip (the preview is the video), made beside the footage
 * analysis and read by the settings preview and draft renders instead of the original: decoding a
 * 1080p original was most of a preview's time (docs/decisions/shot-planning.md#clip-proxies).
 *
 * Just large enough that a 9:16 crop of it fills the proxy frame (360x640) without enlarging: the
 * crop's height (the picture's height, or for a picture taller than 9:16 its width's 16/9) is scaled to
 * 640, never up; the crop itself is left to the render, so a focus chosen later still applies. At most
 * 15 fps (the preview's rate: a 30 fps proxy made the preview decode twice the frames it shows; a draft
 * render at 30 fps shows each proxy frame twice), H.264 `ultrafast` tuned for decoding, a keyframe about
 * every half second (a shot's in-point is reached decoding at most 7 frames, against up to 250 in a
 * phone's original), no sound.
 */
export const proxyLimits = {
  /** The 9:16 crop's height in the proxy. */
  cropHeight: proxyOutput.height,
  frameRate: previewFrameRate,
  keyframeFrames: Math.ceil(previewFrameRate / 2),
  crf: 27,
  /**
   * Made within the upload's request (API Gateway's 29 s), after the footage analysis (at most 8 s): a
   * longer run gives up and the asset is kept without a proxy (the original is read then).
   */
  timeoutMs: 12_000,
  /** A proxy larger than this is not kept (it would be no cheaper to read than the original). */
  maxBytes: 100 * 1024 * 1024,
} as const;

/** The scale of the proxy: the 9:16 crop's height to `cropHeight` at most, even sizes, square pixels. */
export function proxyScale(cropHeight: number = proxyLimits.cropHeight): string {
  const factor = `min(1\\,${cropHeight}/min(ih\\,iw*16/9))`;
  return `scale=w='trunc(iw*${factor}/2)*2':h='trunc(ih*${factor}/2)*2':flags=bilinear,setsar=1`;
}

/** The ffmpeg arguments that write the proxy of `inputPath` to `outputPath` (pure, for a test to read). */
export function proxyArgs(inputPath: string, outputPath: string, sourceFps: number | null): string[] {
  // Above the preview's rate, frames the preview would drop anyway are dropped here; at or below, every frame is kept as it is.
  const fps = sourceFps === null || sourceFps > proxyLimits.frameRate ? [`fps=${proxyLimits.frameRate}`] : [];
  return [
    ...quietFfmpeg,
    // The original's deblocking is skipped (a tenth less CPU measured): its blocks are shrunk away at 640 px.
    '-skip_loop_filter',
    'all',
    ...untrustedInput(inputPath, mediaFormats),
    ...firstVideoStreamOnly,
    '-vf',
    [...fps, proxyScale(), 'format=yuv420p'].join(','),
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-tune',
    'fastdecode',
    // Trellis off: this ffmpeg build runs ultrafast with trellis 1 (render.ts, proxyEncoderArgs).
    '-x264-params',
    'trellis=0',
    '-crf',
    String(proxyLimits.crf),
    '-g',
    String(proxyLimits.keyframeFrames),
    '-map_metadata',
    '-1',
    '-f',
    'mp4',
    '-y',
    `file:${resolve(outputPath)}`,
  ];
}

/** Writes the proxy of a local video; a failed, slow or oversized run is a ToolFailedError. */
export async function makeFootageProxy(
  inputPath: string,
  outputPath: string,
  sourceFps: number | null,
  timeoutMs: number = proxyLimits.timeoutMs,
): Promise<number> {
  await runTool(ffmpegPath(), proxyArgs(inputPath, outputPath, sourceFps), { timeoutMs, maxOutputBytes: 64 * 1024 });
  const { size } = await stat(outputPath);
  if (size === 0 || size > proxyLimits.maxBytes) throw new ToolFailedError(`the proxy has ${size} bytes`, '');
  return size;
}
