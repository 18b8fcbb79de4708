/**
 * Reframing a shot to 9:16, zod-free so Switch Scenes draws the window the render crops:
 * a clip wider than 9:16 is cropped across (its focus moves the window left or right), a taller one down
 * (up or down); the window is centred on the focus and held inside the frame, as the render's
 * `focusOffset` (adapters/ffmpeg/render.ts) crops it.
 */
import type { Segment } from './segments';

/** The video's shape (1080x1920). */
export const videoAspect = 9 / 16;

/** Which way a clip of this size is cropped to 9:16: across, down, or not at all (already 9:16, or unknown). */
export type ReframeAxis = 'x' | 'y';

export function reframeAxisOf(width: number | null | undefined, height: number | null | undefined): ReframeAxis | null {
  if (!width || !height || width <= 0 || height <= 0) return null;
  const aspect = width / height;
  if (Math.abs(aspect - videoAspect) < 0.01) return null;
  return aspect > videoAspect ? 'x' : 'y';
}

/**
 * The 9:16 window of a clip on its cropped axis, as fractions of the clip's length along it: where it
 * starts and how much of it it takes. `objectPosition` is the CSS `object-position` percentage that
 * shows the same window in a 9:16 box with `object-fit: cover`.
 */
export function cropWindowOf(axis: ReframeAxis, width: number, height: number, focus: number): { start: number; size: number; objectPosition: number } {
  const size = axis === 'x' ? Math.min(1, (height * videoAspect) / width) : Math.min(1, width / videoAspect / height);
  const f = Math.min(1, Math.max(0, Number.isFinite(focus) ? focus : 0.5));
  const start = Math.min(Math.max(f - size / 2, 0), 1 - size);
  const objectPosition = size >= 1 ? 50 : (start / (1 - size)) * 100;
  return { start, size, objectPosition: Math.round(objectPosition * 10) / 10 };
}

/** The framings a creator picks from, along the cropped axis: one edge, the centre, the other edge. */
export const framingChoices = {
  x: [
    { label: 'Left', focus: 0 },
    { label: 'Centre', focus: 0.5 },
    { label: 'Right', focus: 1 },
  ],
  y: [
    { label: 'Top', focus: 0 },
    { label: 'Centre', focus: 0.5 },
    { label: 'Bottom', focus: 1 },
  ],
} as const satisfies Record<ReframeAxis, readonly { label: string; focus: number }[]>;

/** The focus a shot is cropped around on an axis: the creator's, else the clip's analysed one, else the centre. */
export function shotFocusOf(segment: Pick<Segment, 'focusX' | 'focusY'>, axis: ReframeAxis, framing?: { focusX: number; focusY: number } | null): number {
  const own = axis === 'x' ? segment.focusX : segment.focusY;
  return own ?? (framing ? (axis === 'x' ? framing.focusX : framing.focusY) : 0.5);
}

/**
 * A shot's framing chosen by the creator on one axis (0–1, rounded to hundredths), or taken back to the
 * clip's own (null: the analysed focus). The other axis is left as it was.
 */
export function setFocus(segments: readonly Segment[], index: number, axis: ReframeAxis, focus: number | null): Segment[] {
  const key = axis === 'x' ? 'focusX' : 'focusY';
  return segments.map((segment, i) => {
    if (i !== index) return segment;
    const { [key]: _old, ...rest } = segment;
    if (focus === null || !Number.isFinite(focus)) return rest;
    return { ...rest, [key]: Math.round(Math.min(1, Math.max(0, focus)) * 100) / 100 };
  });
}
