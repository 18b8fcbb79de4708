import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { captionEmojiMotion, type CaptionEmojiPlacement } from '../../contract/rules/caption-emoji';

/**
 * The caption emoji's images and how the render lays them over the video (the choice and the
 * place are contract/rules/caption-emoji.ts). The images are the WebP files of `assets/emoji/`
 * (Fluent Emoji 3D, MIT, `bin/bundle-caption-emoji.ts`); in Lambda the ffmpeg layer holds the same
 * files under EMOJI_DIR (/opt/emoji).
 */
const sourceDir = () => fileURLToPath(new URL('../../../assets/emoji/', import.meta.url));

/** The folder of the emoji images. */
export function emojiImagesDir(): string {
  return process.env.EMOJI_DIR ?? sourceDir();
}

/** Every bundled emoji image and its place under the layer's `emoji/` (the layer stages the same list). */
export function bundledEmojiFiles(): { source: string; target: string }[] {
  const dir = sourceDir();
  return readdirSync(dir)
    .filter((file) => file.endsWith('.webp'))
    .map((file) => ({ source: join(dir, file), target: file }));
}

const even = (value: number) => Math.max(2, 2 * Math.round(value / 2));
const n = (value: number) => Number(value.toFixed(3)).toString();

/** The pop-in's frames: the emoji's size in each, in percent, growing from `from` past 100 % and then settling. */
export function popScales(frameRate: number): number[] {
  const frames = Math.max(2, Math.round((captionEmojiMotion.ms / 1000) * frameRate));
  const overshoot = 110;
  const rising = Array.from({ length: frames }, (_, k) => captionEmojiMotion.from + ((overshoot - captionEmojiMotion.from) * k) / (frames - 1));
  return [...rising, 100];
}

/**
 * One emoji's filters: its decoded picture `[image]` turned into the pop-in's frames (each scaled and
 * padded with transparency into one canvas, anchored at the edge nearest the line), timed in the whole
 * video's seconds, then laid over `[base]` while its line shows (after the last frame the overlay repeats
 * it at full size). `scale` shrinks everything for a proxy's smaller frame.
 */
export function emojiOverlayChain(image: string, placement: CaptionEmojiPlacement, base: string, label: string, frameRate: number, scale: number): string[] {
  const size = even(placement.size * scale);
  const scales = popScales(frameRate);
  const canvas = even((size * Math.max(...scales)) / 100);
  const frames = scales.map((percent, k) => {
    const side = even((size * percent) / 100);
    const x = even((canvas - side) / 2);
    const y = placement.origin === 'bottom' ? canvas - side : 0;
    return `[${label}s${k}]scale=${side}:${side},pad=${canvas}:${canvas}:${x}:${y}:color=black@0[${label}p${k}]`;
  });
  const centreX = (placement.left + placement.size / 2) * scale;
  const x = Math.round(centreX - canvas / 2);
  const y = placement.origin === 'bottom' ? Math.round((placement.top + placement.size) * scale) - canvas : Math.round(placement.top * scale);
  // Shown on the frames from its start to its end, each frame's time compared half a frame early (a frame's
  // time in floating point may fall a hair before the start it equals).
  const half = 0.5 / frameRate;
  const [from, to] = [n(placement.start - half), n(placement.end - half)];
  return [
    `[${image}]split=${scales.length}${scales.map((_, k) => `[${label}s${k}]`).join('')}`,
    ...frames,
    `${scales.map((_, k) => `[${label}p${k}]`).join('')}concat=n=${scales.length}:v=1:a=0,setpts=N/(${frameRate}*TB)+${n(placement.start)}/TB,format=yuva420p[${label}]`,
    `[${base}][${label}]overlay=x=${x}:y=${y}:eof_action=repeat:format=yuv420:enable='gte(t\\,${from})*lt(t\\,${to})'[${label}v]`,
  ];
}
