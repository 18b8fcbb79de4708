import { videoHeight, videoWidth } from '../../core/captions/ass-builder';
import type { RenderOutput } from '../../core/ports/video-renderer';
import { videoFrameRate } from '../../core/video/frame-timeline';

/**
 * How a render encodes, and the frame it draws: the finished video's H.264 and AAC, a proxy's faster
 * settings, and the size and rate of either.
 */
export const frameRate = videoFrameRate;

/**
 * The H.264 settings of every render (and of the benchmark's bare encode, so the two stay comparable):
 * x264 `superfast` with its macroblock tree and a 10-frame lookahead put back (what `veryfast` has), CRF
 * 23. Measured on the 1080x1920 benchmark: a quarter less CPU than `veryfast` for the same SSIM and PSNR
 * and a file about 5 % larger (docs/decisions/rendering.md). A chunk of a parallel render uses the
 * same settings; each chunk starts with a keyframe, being an encode of its own.
 */
export const videoEncoderArgs: readonly string[] = [
  '-c:v',
  'libx264',
  '-preset',
  'superfast',
  '-x264-params',
  'mbtree=1:rc-lookahead=10',
  '-crf',
  '23',
  '-pix_fmt',
  'yuv420p',
];

/**
 * A proxy render's H.264 (the settings dialog's preview and draft renders): x264 `ultrafast`,
 * CRF 30, a keyframe a second so the player seeks at once. Watched once in a small frame, then thrown away.
 * `trellis=0` is set outright: with this ffmpeg build, `ultrafast` alone runs x264 with trellis 1 (its log
 * says `trellis=1`; `superfast`'s says 0), and turning it off halved the encoder's CPU at 360x640
 * (docs/decisions/rendering.md#the-preview-is-the-video).
 */
export function proxyEncoderArgs(rate: number = videoFrameRate): string[] {
  return [
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-tune',
    'fastdecode',
    '-x264-params',
    'trellis=0',
    '-crf',
    '30',
    '-g',
    String(rate),
    '-pix_fmt',
    'yuv420p',
  ];
}

/** A proxy's clip decoding: no deblocking, one thread per clip (measured: an eighth less CPU with ten clips on two cores). */
export const proxyDecodeArgs: readonly string[] = ['-skip_loop_filter', 'all', '-flags2', 'fast', '-threads', '1'];

/** The frame a render draws, and at what rate: the finished video's, or a proxy's (`RenderRequest.output`). */
export type FrameSize = { width: number; height: number; rate?: number };
export const fullFrame: FrameSize = { width: videoWidth, height: videoHeight };
export const frameOf = (output: RenderOutput | undefined): FrameSize =>
  output ? { width: output.width, height: output.height, rate: output.frameRate ?? frameRate } : fullFrame;
export const rateOf = (size: FrameSize) => size.rate ?? frameRate;

export const audioEncoderArgs: readonly string[] = ['-c:a', 'aac', '-b:a', '128k'];
/** A proxy's sound: the same mix in mono (half the AAC encoder's time; the preview plays it once, small). */
export const proxyAudioEncoderArgs: readonly string[] = ['-c:a', 'aac', '-ac', '1', '-b:a', '48k'];
