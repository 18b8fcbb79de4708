import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { captionEmojiMotion, type CaptionEmojiPlacement } from '../../contract/rules/caption-emoji';

/**
 * The caption emoji's images and how the render lays them over the video (the choice and the place are
 * contract/rules/caption-emoji.ts). The images are the WebP files of `assets/emoji/`
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

/** One emoji image's input: its decoded picture's label in the graph, and the bundled file it came from. */
export interface EmojiImage {
  file: string;
  label: string;
}

/**
 * A sum of steps in whole units: `first`, then each change added from the moment `when(i)` is true (a
 * flat expression, no nesting). Whole numbers, so the sum is exact however many steps it has.
 */
function steps(values: readonly number[], when: (i: number) => string): string {
  const whole = values.map((value) => Math.round(value));
  const terms = whole.slice(1).map((value, i) => {
    const change = value - (whole[i] ?? 0);
    return change === 0 ? '' : `+${when(i + 1)}*${change}`;
  });
  return `${whole[0] ?? 0}${terms.join('')}`;
}

/**
 * All the caption emoji of a render in one overlay. The lines' pop-in frames (each emoji scaled and
 * padded with transparency into one canvas, anchored at the edge nearest its line) are concatenated into
 * one sparse track: a frame only where the picture changes, placed at its time in the whole video's
 * seconds; the overlay holds each frame until the next, moves to each line's height, and is switched on
 * only while a line with an emoji shows. One overlay over the video instead of one per line: each
 * overlay costs its pass over every frame. `images` are the decoded pictures, one per file, each used
 * once here (split among its lines); `scale` shrinks everything for a proxy's smaller frame.
 */
export function emojiTrackChain(
  images: readonly EmojiImage[],
  placements: readonly CaptionEmojiPlacement[],
  base: string,
  label: string,
  frameRate: number,
  scale: number,
): string[] {
  const first = placements[0];
  if (!first) return [`[${base}]null[${label}]`];
  const size = even(first.size * scale);
  const scales = popScales(frameRate);
  const canvas = even((size * Math.max(...scales)) / 100);
  const graph: string[] = [];
  // A line shows from the first frame whose time is within half a frame of its start (a frame's time in
  // floating point may fall a hair before the start it equals).
  const half = 0.5 / frameRate;
  // The frames each line shows, in order: its pop-in, cut short where the next line begins.
  const shown = placements.map((placement, i) => {
    const next = (placements[i + 1]?.start ?? Number.POSITIVE_INFINITY) - half;
    const frames = scales.map((_, k) => placement.start - half + k / frameRate).filter((time, k) => k === 0 || time < next);
    return { placement, times: frames };
  });
  // Each file's pop-in frames made once, each split among the lines that show it.
  const pieces = new Map<string, string[][]>();
  for (const image of images) {
    const uses = shown.filter(({ placement }) => placement.file === image.file);
    const needed = scales.map((_, k) => uses.filter(({ times }) => k < times.length).length);
    const sizes = scales.flatMap((percent, k) => ((needed[k] ?? 0) > 0 ? [{ percent, k }] : []));
    if (sizes.length === 0) continue;
    const origin = uses[0]?.placement.origin ?? 'bottom';
    const source = (k: number) => `${label}${image.label}s${k}`;
    graph.push(`[${image.label}]${sizes.length > 1 ? `split=${sizes.length}` : 'null'}${sizes.map(({ k }) => `[${source(k)}]`).join('')}`);
    const lines: string[][] = uses.map(() => []);
    for (const { percent, k } of sizes) {
      const side = even((size * percent) / 100);
      const x = even((canvas - side) / 2);
      const y = origin === 'bottom' ? canvas - side : 0;
      const outs = uses.flatMap(({ times }, u) => (k < times.length ? [u] : []));
      const outLabel = (u: number) => `${label}${image.label}k${k}u${u}`;
      outs.forEach((u) => lines[u]?.push(outLabel(u)));
      graph.push(
        `[${source(k)}]scale=${side}:${side},pad=${canvas}:${canvas}:${x}:${y}:color=black@0${outs.length > 1 ? `,split=${outs.length}` : ''}${outs.map((u) => `[${outLabel(u)}]`).join('')}`,
      );
    }
    pieces.set(image.file, lines);
  }
  const order: string[] = [];
  const times: number[] = [];
  for (const { placement, times: frames } of shown) {
    const labels = pieces.get(placement.file)?.shift() ?? [];
    labels.forEach((piece, k) => {
      order.push(piece);
      times.push(frames[k] ?? placement.start);
    });
  }
  // Each frame's time in the whole video (in microseconds), by its place in the track.
  const pts = steps(
    times.map((time) => time * 1e6),
    (i) => `gte(N\\,${i})`,
  );
  graph.push(`${order.map((piece) => `[${piece}]`).join('')}concat=n=${order.length}:v=1:a=0,setpts='(${pts})/1000000/TB',format=yuva420p[${label}track]`);
  const x = Math.round((first.left + first.size / 2) * scale - canvas / 2);
  const tops = placements.map((p) => (p.origin === 'bottom' ? Math.round((p.top + p.size) * scale) - canvas : Math.round(p.top * scale)));
  const y = steps(tops, (i) => `gte(t\\,${n((placements[i]?.start ?? 0) - half)})`);
  const enable = placements.map((p) => `gte(t\\,${n(p.start - half)})*lt(t\\,${n(p.end - half)})`).join('+');
  graph.push(`[${base}][${label}track]overlay=x=${x}:y='${y}':eof_action=repeat:format=yuv420:enable='${enable}'[${label}]`);
  return graph;
}
