import { videoHeight, videoWidth } from '../../core/captions/ass-builder';
import type { FramedClip } from '../../core/ports/video-renderer';
import { generatedLook, type GeneratedLook } from '../../contract/rules/generated-backgrounds';
import { fullFrame, rateOf, type FrameSize } from './encoder-settings';

/**
 * The background a shot without footage gets: a palette gradient with soft glows, drawn inside the
 * filter graph (no input file) and kept in slow motion.
 */

const n = (value: number) => Number(value.toFixed(3)).toString();

const hex = (colour: string): [number, number, number] => {
  const value = Number.parseInt(colour.replace('#', ''), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
};

/** Where the three glows of a generated background sit (x, y as fractions of the frame), by the look's variant. */
const glowSpots: readonly (readonly [number, number][])[] = [
  [
    [0.2, 0.25],
    [0.85, 0.55],
    [0.35, 0.85],
  ],
  [
    [0.8, 0.2],
    [0.15, 0.6],
    [0.7, 0.88],
  ],
  [
    [0.5, 0.12],
    [0.9, 0.8],
    [0.1, 0.45],
  ],
];
const glowStrength = [0.8, 0.7, 0.6] as const;
const glowSize = [0.06, 0.08, 0.05] as const;

/** The generated background's canvas: drawn once at this size, then panned and scaled. */
export const generatedCanvas = { width: 90, height: 160, scaledWidth: 360, scaledHeight: 640, windowWidth: 270, windowHeight: 480 } as const;

/**
 * The per-pixel expression of one colour channel of a generated background's canvas: a linear gradient
 * across the look's angle, three soft glows of the palette over it, a faint ring, and a vignette that
 * darkens the edges (the captions stay the brightest thing on screen). Evaluated once, on one small frame.
 */
export function generatedChannel(look: GeneratedLook, channel: 0 | 1 | 2): string {
  const u = 'X/W';
  const v = 'Y/H';
  const aspect = n(videoHeight / videoWidth);
  const along = `clip(0.5+((${u}-0.5)*${n(Math.cos(look.angle))}+(${v}-0.5)*${aspect}*${n(Math.sin(look.angle))})*0.6,0,1)`;
  const spots = glowSpots[look.variant] ?? glowSpots[0] ?? [];
  const glows = spots.map(([x, y], i) => `${n(glowStrength[i] ?? 0.6)}*exp(-(pow(${u}-${n(x)},2)+pow((${v}-${n(y)})*${aspect},2))/${n(glowSize[i] ?? 0.06)})`);
  const from = hex(look.palette.from)[channel];
  const to = hex(look.palette.to)[channel];
  const glowColours = look.palette.glows.map((glow) => hex(glow)[channel]);
  const [cx, cy] = spots[1] ?? [0.5, 0.5];
  const ring = `0.22*exp(-pow(sqrt(pow(${u}-${n(1 - cx)},2)+pow((${v}-${n(1 - cy)})*${aspect},2))-0.3,2)/0.0015)`;
  const base = `(${from}*(1-${along})+${to}*${along})*max(0,1-${glows.join('-')})`;
  const lit = glows.map((glow, i) => `${glowColours[i] ?? 255}*${glow}`).join('+');
  const vignette = `(1-0.45*(pow(${u}-0.5,2)+pow(${v}-0.5,2)))`;
  return `clip((${base}+${lit}+255*${ring})*${vignette},0,255)`;
}

/**
 * A generated background for one framed clip, `[label]`, made inside the filter graph (no input):
 * the canvas drawn once by geq at 90x160, scaled to 360x640 and repeated; a 270x480 window of it
 * drifts slowly (its direction per look) and the hue sways a few degrees, then the frame is scaled to
 * 1080x1920. The clip's time is its own (`skipFrames` on, in a chunk), so a chunk shows the same frames.
 */
export function generatedChain(clip: FramedClip, label: string, motion = '', size: FrameSize = fullFrame): string {
  const look = generatedLook(clip.look ?? 0);
  const c = generatedCanvas;
  const rate = rateOf(size);
  const t = `(t+${n(clip.skipFrames / rate)})`;
  const phase = n(look.variant * 2.1);
  const dx = (c.scaledWidth - c.windowWidth) / 2;
  const dy = (c.scaledHeight - c.windowHeight) / 2;
  const geq = ([0, 1, 2] as const).map((channel) => `${'rgb'[channel]}='${generatedChannel(look, channel)}'`).join(':');
  return [
    `color=c=black:s=${c.width}x${c.height}:r=${rate}`,
    'trim=end_frame=1',
    'format=rgb24',
    `geq=${geq}`,
    `scale=${c.scaledWidth}:${c.scaledHeight}:flags=bicubic`,
    'loop=loop=-1:size=1:start=0',
    `trim=end_frame=${clip.frames}`,
    `setpts=N/(${rate}*TB)`,
    `crop=${c.windowWidth}:${c.windowHeight}:x='${dx}+${dx}*sin(${look.drift * 0.35}*${t}+${phase})':y='${dy}+${dy}*sin(0.23*${t}+1+${phase})'`,
    'format=yuv420p',
    `hue=h='10*sin(0.4*${t})'`,
    `scale=${size.width}:${size.height}:flags=bicubic`,
    ...(motion ? [motion] : []),
    `setsar=1,format=yuv420p[${label}]`,
  ].join(',');
}
