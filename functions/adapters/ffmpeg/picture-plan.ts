import { join } from 'node:path';
import { videoWidth } from '../../core/captions/ass-builder';
import { logoPlacement, watermarkPlacement, type Placement } from '../../core/branding/logo-placement';
import type { ChunkRenderRequest, FramedClip, RenderRequest } from '../../core/ports/video-renderer';
import { captionEmojiPlacements } from '../../contract/rules/caption-emoji';
import { emojiImagesDir, emojiTrackChain } from './caption-emoji';
import { frameOf, proxyDecodeArgs, rateOf } from './encoder-settings';
import { generatedChain } from './generated-background';
import { motionFilter, punchSpans, type MotionContext } from './motion';
import { clipInput, coverChain, crossfadeChain, fileInput, filterPath } from './shot-chains';

/**
 * The picture side of a render's filter graph: the shots, the logo and watermark over them, the caption
 * emoji, and the captions on top.
 */

const n = (value: number) => Number(value.toFixed(3)).toString();

function overlayChain(input: number, placement: Placement, base: string, label: string, scale = 1): string[] {
  // A proxy render's frame is smaller: the logo and its margin shrink with it.
  const box = { width: Math.max(2, Math.round(placement.box.width * scale)), height: Math.max(2, Math.round(placement.box.height * scale)) };
  const margin = Math.round(placement.margin * scale);
  const x = placement.left ? `${margin}` : `main_w-overlay_w-${margin}`;
  const y = placement.top ? `${margin}` : `main_h-overlay_h-${margin}`;
  const alpha = placement.opacity < 1 ? `,colorchannelmixer=aa=${n(placement.opacity)}` : '';
  // The logo is turned into yuva420p once; blending it into the yuv420p video then needs no per-frame
  // conversion (overlay's format=auto cost a third more CPU for the whole render).
  return [
    `[${input}:v]scale=${box.width}:${box.height}:force_original_aspect_ratio=decrease,format=rgba${alpha},format=yuva420p[${label}img]`,
    `[${base}][${label}img]overlay=x=${x}:y=${y}:eof_action=repeat:format=yuv420[${label}]`,
  ];
}

export interface PicturePlan {
  inputs: string[];
  graph: string[];
  /** The next free input index. */
  next: number;
}

/**
 * The pictures of frames `startFrame` to `startFrame + frames`: the framed clips, each moved by its motion
 * (motion.ts), concatenated, the logo and watermark over them, the captions last, so they stay readable
 * over a logo (unless a video template turned them off). With crossfades, a shot is rendered on past its
 * end by the crossfade's frames and split there: those frames are laid under the next shot's first ones
 * (`crossfadeChain`), and the concat takes the pieces in order. A chunk's frames are moved to their place
 * in the whole video for the captions, so one ASS file serves every chunk with exact word timings, then
 * moved back.
 */
export function planPictures(
  request: Pick<ChunkRenderRequest, 'clips' | 'words' | 'captions' | 'logo' | 'watermarkPath' | 'startFrame'> & Pick<RenderRequest, 'output'>,
  assPath: string,
  fontsDir: string,
  emojiDir: string = emojiImagesDir(),
): PicturePlan {
  const inputs: string[] = [];
  const graph: string[] = [];
  let input = 0;
  const size = frameOf(request.output);
  const rate = rateOf(size);
  const context: MotionContext = { kenBurns: request.captions.motion !== false, punches: punchSpans(request.words, request.captions, rate), frameRate: rate };
  const overlayScale = size.width / videoWidth;
  const clips = request.clips;
  /** Each clip's crossfade frames from the clip before it that fall in this picture run. */
  const heads = clips.map((clip) => {
    const fade = clip.transitionIn?.kind === 'crossfade' ? clip.transitionIn.frames : 0;
    return clip.skipFrames < fade ? Math.min(fade, clip.skipFrames + clip.frames) - clip.skipFrames : 0;
  });
  const tails: string[] = [];
  const pieces: string[] = [];
  let at = request.startFrame;
  clips.forEach((clip, i) => {
    const shotStart = clip.shotStart ?? at - clip.skipFrames;
    at += clip.frames;
    const own = clip.frames;
    const tail = heads[i + 1] ?? 0;
    const shotFrames = clip.shotFrames ?? clip.skipFrames + own;
    const head = heads[i] ?? 0;
    if (head > 0 && (i === 0 || !tails[i - 1])) throw new Error('A crossfade needs the shot before it');
    if (own > 0 && tail > 0 && clip.skipFrames + own !== shotFrames) throw new Error('A crossfade follows a shot shown to its end');
    if (own + tail === 0) return;
    // The shot's own frames, then (into a crossfade) the frames it would show after its end.
    const range = { from: own > 0 ? clip.skipFrames : shotFrames + (clips[i + 1]?.skipFrames ?? 0), frames: own + tail };
    const ranged: FramedClip = { ...clip, skipFrames: range.from, frames: range.frames };
    const motion = motionFilter(clip, range, shotStart, context, size);
    const label = `c${i}`;
    if (clip.kind === 'generated') graph.push(generatedChain(ranged, label, motion, size));
    else {
      // A proxy decodes its clips the fast way (no deblocking): they are shown small and briefly.
      inputs.push(...(request.output ? proxyDecodeArgs : []), ...clipInput(ranged, rate));
      graph.push(coverChain(input++, ranged, label, motion, size));
    }
    let ownLabel = label;
    if (tail > 0) {
      tails[i] = `${label}t`;
      if (own === 0) tails[i] = label;
      else {
        ownLabel = `${label}o`;
        graph.push(
          `[${label}]split=2[${label}a][${label}b]`,
          `[${label}a]trim=end_frame=${own}[${ownLabel}]`,
          `[${label}b]trim=start_frame=${own},setpts=PTS-STARTPTS[${label}t]`,
        );
      }
    }
    if (own === 0) return;
    if (head === 0) {
      pieces.push(ownLabel);
      return;
    }
    let headLabel = ownLabel;
    if (own > head) {
      headLabel = `${label}h`;
      graph.push(
        `[${ownLabel}]split=2[${label}p][${label}q]`,
        `[${label}p]trim=end_frame=${head}[${headLabel}]`,
        `[${label}q]trim=start_frame=${head},setpts=PTS-STARTPTS[${label}r]`,
      );
    }
    graph.push(...crossfadeChain(tails[i - 1] ?? '', headLabel, clip, `${label}x`, rate));
    pieces.push(`${label}x`);
    if (own > head) pieces.push(`${label}r`);
  });
  graph.push(`${pieces.map((piece) => `[${piece}]`).join('')}concat=n=${pieces.length}:v=1:a=0[base]`);
  let video = 'base';
  if (request.logo) {
    // One decoded frame, scaled once, repeated by the overlay (eof_action=repeat): looping the image
    // input would decode and scale it again for every video frame.
    inputs.push(...fileInput(request.logo.path));
    graph.push(...overlayChain(input++, logoPlacement(request.logo.settings), video, 'logo', overlayScale));
    video = 'logo';
  }
  if (request.watermarkPath) {
    inputs.push(...fileInput(request.watermarkPath));
    graph.push(...overlayChain(input++, watermarkPlacement, video, 'wm', overlayScale));
    video = 'wm';
  }
  if (!request.captions.enabled) graph.push(`[${video}]null[vout]`);
  else {
    const subtitles = `subtitles=filename=${filterPath(assPath)}:fontsdir=${filterPath(fontsDir)}`;
    // The caption emoji of the lines shown in these frames, timed like the captions (in the whole video's time).
    const from = request.startFrame / rate;
    const to = (request.startFrame + clips.reduce((sum, clip) => sum + clip.frames, 0)) / rate;
    const emoji = captionEmojiPlacements(request.words, request.captions).filter((placement) => placement.end > from && placement.start < to);
    if (emoji.length === 0) {
      if (request.startFrame === 0) graph.push(`[${video}]${subtitles}[vout]`);
      else graph.push(`[${video}]setpts=PTS+${request.startFrame}/(${rate}*TB),${subtitles},setpts=PTS-STARTPTS[vout]`);
    } else {
      if (request.startFrame > 0) {
        graph.push(`[${video}]setpts=PTS+${request.startFrame}/(${rate}*TB)[moved]`);
        video = 'moved';
      }
      // Each image is read and decoded once (one frame); all the emoji go over the video in one overlay.
      const images = [...new Set(emoji.map((placement) => placement.file))].map((file) => {
        inputs.push(...fileInput(join(emojiDir, `${filterPath(file)}.webp`)));
        const label = `em${input}`;
        graph.push(`[${input++}:v]format=yuva420p[${label}]`);
        return { file, label };
      });
      graph.push(...emojiTrackChain(images, emoji, video, 'emoji', rate, overlayScale));
      video = 'emoji';
      graph.push(`[${video}]${subtitles}${request.startFrame > 0 ? ',setpts=PTS-STARTPTS' : ''}[vout]`);
    }
  }
  return { inputs, graph, next: input };
}
