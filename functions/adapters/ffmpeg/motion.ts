import type { CaptionSettings } from '../../contract/caption-settings';
import { emphasisedWordIndexes, type EmphasisOverrides } from '../../contract/rules/keyword-emphasis';
import type { WordTiming } from '../../core/captions/word-timings';
import type { FramedClip } from '../../core/ports/video-renderer';
import type { FrameSpan } from '../../core/video/frame-timeline';
import { framesAt, videoFrameRate } from '../../core/video/frame-timeline';

/**
 * Motion in the picture: a slow Ken Burns move on every shot, a punch-in while an emphasised
 * word is spoken, and the zoom transition through a cut. All three are one zoom factor and one pan
 * position per frame, applied by one `zoompan` after the shot is scaled to 1080x1920
 * (docs/decisions/rendering.md#motion). Every value is a function of the frame's number within its shot (and of the video's frame
 * for the punch-in), never of the chunk: a chunk that starts inside a shot shows the single render's frames.
 */

/** Ken Burns moves, taken in turn by the shots (by their index), so neighbouring shots never move alike. */
export const kenBurnsMoves = ['push-in', 'pan-right', 'pull-out', 'pan-left'] as const;
export type KenBurnsMove = (typeof kenBurnsMoves)[number];

export const motionTuning = {
  /** Zoom gained per second by a push-in (or lost by a pull-out): 1.0 → 1.105 over a 3 s shot. */
  zoomPerSecond: 0.035,
  /** The most a Ken Burns zoom changes over one shot up to 4 s (a longer shot moves more slowly)... */
  maxZoomChange: 0.14,
  /** ...but never slower than this while the change stays under `longZoomChange` (2.1 % a second keeps every frame of a still different). */
  minZoomPerSecond: 0.021,
  longZoomChange: 0.2,
  /** A pan's zoom (the room it pans across: 6 % of the frame), which grows at half the push-in's rate. */
  panZoom: 1.06,
  /** The punch-in: this much larger, reached in `punchRampFrames` (133 ms), let go over as many after the word. */
  punchZoom: 0.08,
  punchRampFrames: 4,
  /** The zoom transition's peak at the cut (1 + this), reached on an ease-in and left on an ease-out. */
  transitionZoom: 0.35,
} as const;

export function kenBurnsMove(shot: number): KenBurnsMove {
  return kenBurnsMoves[((shot % kenBurnsMoves.length) + kenBurnsMoves.length) % kenBurnsMoves.length] ?? 'push-in';
}

/** A number for an expression, precise enough for per-frame steps and never in exponent notation. */
const num = (value: number) => Number(value.toFixed(6)).toString();

/**
 * The video frames of the emphasised words (the shared keyword-emphasis rule with the creator's per-word
 * overrides): from the word's first frame to its last, at least one frame.
 */
export function punchSpans(words: readonly WordTiming[], captions: Pick<CaptionSettings, 'motion' | 'emphasis'>, rate: number = videoFrameRate): FrameSpan[] {
  if (captions.motion === false) return [];
  const overrides: Record<number, boolean> = {};
  for (const [key, on] of Object.entries(captions.emphasis ?? {})) overrides[Number(key)] = on;
  return emphasisedWordIndexes(
    words.map((word) => word.word),
    overrides as EmphasisOverrides,
  ).flatMap((index) => {
    const word = words[index];
    if (!word) return [];
    const startFrame = Math.round(word.start * rate);
    return [{ startFrame, frames: Math.max(1, Math.round(word.end * rate) - startFrame) }];
  });
}

export interface MotionContext {
  /** Ken Burns on every shot (the caption settings' `motion`; the punch-ins come only when it is on). */
  kenBurns: boolean;
  /** The emphasised words' frames in the video (`punchSpans`, at the same rate). */
  punches: readonly FrameSpan[];
  /** Frames a second of the render (the preview's 15); 30 when absent. Every move keeps its speed in seconds. */
  frameRate?: number;
}

/** The shot frames `from` to `from + frames` of `clip`, and the clip's place in the whole video. */
export interface ShotRange {
  from: number;
  frames: number;
}

const shotFramesOf = (clip: FramedClip) => clip.shotFrames ?? clip.skipFrames + clip.frames;

/**
 * The `zoompan` that moves frames `range` of a shot scaled to 1080x1920, and resets their timestamps to
 * 1/30 s steps from 0; empty when nothing moves in them (motion off, no punch-in, a plain cut).
 * `shotStart` is the video frame of the shot's first frame.
 */
export function motionFilter(clip: FramedClip, range: ShotRange, shotStart: number, context: MotionContext, size: { width: number; height: number }): string {
  const t = motionTuning;
  const rate = context.frameRate ?? videoFrameRate;
  // zoompan's `in` counts its input frames from 0: the shot's frame is `from + in`, the video's `shotStart + from + in`.
  const f = `(in+${range.from})`;
  const g = `(in+${shotStart + range.from})`;
  const total = shotFramesOf(clip);
  const last = range.from + range.frames - 1;
  const factors: string[] = [];
  let ax = '0.5';
  if (context.kenBurns) {
    const seconds = total / rate;
    const length = Math.max(seconds, 1 / rate);
    const perSecond = Math.min(t.zoomPerSecond, Math.max(t.maxZoomChange / length, Math.min(t.minZoomPerSecond, t.longZoomChange / length)));
    const perFrame = perSecond / rate;
    const progress = `clip(${f}/${Math.max(1, total - 1)},0,1)`;
    const move = kenBurnsMove(clip.shot ?? 0);
    if (move === 'push-in') factors.push(`(1+${num(perFrame)}*${f})`);
    else if (move === 'pull-out') factors.push(`max(1,1+${num(perFrame)}*(${total - 1}-${f}))`);
    else {
      factors.push(`(${num(t.panZoom)}+${num(perFrame / 2)}*${f})`);
      ax = move === 'pan-right' ? progress : `(1-${progress})`;
    }
  }
  const r = framesAt(t.punchRampFrames, rate);
  const punches = context.kenBurns
    ? context.punches.filter((p) => p.startFrame <= shotStart + last && p.startFrame + p.frames + r > shotStart + range.from)
    : [];
  if (punches.length > 0) {
    const terms = punches.map((p) => `min(clip((${g}-${p.startFrame - 1})/${r},0,1),clip((${p.startFrame + p.frames + r - 1}-${g})/${r},0,1))`);
    const strongest = terms.reduce((a, b) => `max(${a},${b})`);
    factors.push(`(1+${num(t.punchZoom)}*${strongest})`);
  }
  const into = clip.transitionIn?.kind === 'zoom' ? clip.transitionIn.frames : 0;
  if (into > 0 && range.from < into) {
    factors.push(`(1+${num(t.transitionZoom)}*pow(clip((${into}-${f})/${into},0,1),2))`);
  }
  const out = clip.transitionOut?.kind === 'zoom' ? clip.transitionOut.frames : 0;
  if (out > 0 && last >= total - out) {
    factors.push(`(1+${num(t.transitionZoom)}*pow(clip((${f}-${total - out - 1})/${out},0,1),2))`);
  }
  if (factors.length === 0) return '';
  return [
    `zoompan=z='${factors.join('*')}':x='(iw-iw/zoom)*${ax}':y='(ih-ih/zoom)*0.5':d=1:s=${size.width}x${size.height}:fps=${rate}`,
    `setpts=N/(${rate}*TB)`,
  ].join(',');
}
