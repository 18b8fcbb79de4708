import type { FramedClip } from '../../core/ports/video-renderer';
import { videoHeight, videoWidth } from '../../core/captions/ass-builder';
import { frameRate, fullFrame, rateOf, type FrameSize } from './encoder-settings';
import { renderFormats, untrustedInput } from './input';

/**
 * A shot's pictures in the filter graph: its clip read from the file (only what is shown), cut to its
 * frames, cropped to 9:16 around its focus and scaled, and a crossfade into the shot before it.
 */

/** Paths that go inside a filter graph must need no escaping; ours (temp and font folders) never do. */
export function filterPath(path: string): string {
  if (!/^[\w./-]+$/.test(path)) throw new Error(`Unsupported characters in a path used by the filter graph: ${path}`);
  return path;
}

/** Every input is a local file opened with the guards of `untrustedInput` (file protocol, known demuxers). */
export const fileInput = (path: string) => untrustedInput(path, renderFormats);

const n = (value: number) => Number(value.toFixed(3)).toString();

/**
 * A clip's input options. Decoding is bounded by `-t` (what is shown, and two frames to spare, which
 * the trim after `fps` drops): the same options in the single render and in a chunk give the same frames.
 */
export function clipInput(clip: FramedClip, rate: number = frameRate): string[] {
  const seconds = (clip.skipFrames + clip.frames + 2) / rate;
  if (clip.kind === 'image') return ['-loop', '1', '-framerate', String(rate), '-t', n(seconds), ...fileInput(clip.path)];
  // -stream_loop repeats a clip shorter than its segment; -ss/-t (input options) decode only what is shown.
  return ['-stream_loop', '-1', '-ss', n(clip.start), '-t', n(seconds), ...fileInput(clip.path)];
}

/**
 * Cover: crop the source to 9:16 first, then scale the crop to 1080x1920. Cropping first scales only
 * the pixels that are kept (a 1920x1080 source scales 608x1080, not 3414x1920). A framed clip is cut to
 * its whole frames right after `fps`, before any scaling, so skipped frames cost only their decoding.
 */
export function coverChain(input: number, clip: FramedClip, label: string, motion = '', size: FrameSize = fullFrame): string {
  const aspect = `${videoWidth}/${videoHeight}`;
  return [
    `[${input}:v]fps=${rateOf(size)}`,
    `trim=${clip.skipFrames > 0 ? `start_frame=${clip.skipFrames}:` : ''}end_frame=${clip.skipFrames + clip.frames}`,
    'setpts=PTS-STARTPTS',
    `crop=w='trunc(min(iw\\,ih*${aspect})/2)*2':h='trunc(min(ih\\,iw/(${aspect}))/2)*2'${focusOffset(clip)}`,
    `scale=${size.width}:${size.height}:flags=bilinear`,
    ...(motion ? [motion] : []),
    'setsar=1',
    `format=yuv420p[${label}]`,
  ].join(',');
}

/**
 * Reframing: the 9:16 crop of a wider or taller clip is centred on its focus (found at upload
 * or chosen by the creator), held inside the frame; without a focus, the crop's default, the centre.
 */
export function focusOffset(clip: Pick<FramedClip, 'focusX' | 'focusY'>): string {
  const axis = (focus: number | undefined, size: string, cropped: string) =>
    focus === undefined || !Number.isFinite(focus) ? '' : `min(max(${n(Math.min(1, Math.max(0, focus)))}*${size}-${cropped}/2\\,0)\\,${size}-${cropped})`;
  const x = axis(clip.focusX, 'iw', 'ow');
  const y = axis(clip.focusY, 'ih', 'oh');
  return `${x ? `:x='${x}'` : ''}${y ? `:y='${y}'` : ''}`;
}

/**
 * A crossfade's frames: the incoming shot's first frames (`head`, from shot frame `skipFrames`)
 * laid over the outgoing shot's frames after its end (`tail`) with the incoming one's opacity rising
 * (k+1)/(n+1) over the crossfade's n frames. The opacity comes from `fade` on timestamps set to whole
 * seconds by the frame's place in the crossfade (so it is exact, and the same when a chunk starts inside
 * it); the timestamps are reset for the concat afterwards.
 */
export function crossfadeChain(tail: string, head: string, clip: FramedClip, label: string, rate: number): string[] {
  const frames = clip.transitionIn?.frames ?? 1;
  const place = `setpts=(N+${clip.skipFrames + 1})/TB`;
  return [
    `[${head}]${place},format=yuva420p,fade=t=in:st=0:d=${frames + 1}:alpha=1[${label}in]`,
    `[${tail}]${place}[${label}out]`,
    `[${label}out][${label}in]overlay=format=yuv420,setpts=N/(${rate}*TB)[${label}]`,
  ];
}
