/**
 * Generated backgrounds: a sentence that gets no clip from the library (the library has no
 * videos, or none could be given to it) is shown over a generated background instead of failing the
 * video: a soft gradient of one of these palettes, with glowing colour blobs, drifting slowly. The
 * palette steps on with every sentence and the direction turns, so consecutive sentences differ. The
 * render (adapters/ffmpeg/render.ts) draws them; the dialog names the sentences that get one and why.
 * Zod-free: the browser reads the palettes too (a swatch in Switch Scenes).
 */

/** Why a sentence has a generated background. */
export const generatedReasons = ['no-videos', 'no-clip'] as const;
export type GeneratedReason = (typeof generatedReasons)[number];

/** The segment's picture: a clip of the library, or a generated background. */
export const segmentSources = ['library', 'generated'] as const;
export type SegmentSource = (typeof segmentSources)[number];

/** One palette: the gradient's two ends and three glowing blobs (`#rrggbb`), mid to dark so light captions stay the hero. */
export interface BackgroundPalette {
  name: string;
  from: string;
  to: string;
  glows: readonly [string, string, string];
}

export const backgroundPalettes: readonly BackgroundPalette[] = [
  { name: 'Sunset', from: '#e8506a', to: '#4a2490', glows: ['#ffae4a', '#5a5cf0', '#f060b4'] },
  { name: 'Ocean', from: '#0f4c81', to: '#0a1a40', glows: ['#22c1c3', '#3a6ff0', '#7b4ff0'] },
  { name: 'Grape', from: '#6a2c91', to: '#1d0f3a', glows: ['#e14fad', '#4f6ef7', '#b06cff'] },
  { name: 'Ember', from: '#b3261e', to: '#2b0a12', glows: ['#ff8a3d', '#ffc14d', '#e0457b'] },
  { name: 'Mint', from: '#0c7a6b', to: '#0b2438', glows: ['#3ee6a8', '#2f9bf0', '#a6f05a'] },
  { name: 'Dusk', from: '#2d3a8c', to: '#120f2e', glows: ['#f2709c', '#ff9472', '#6a82fb'] },
];

/** The look of the generated background of a video's sentence `index` (0-based): its palette and the turn of its gradient. */
export interface GeneratedLook {
  palette: BackgroundPalette;
  /** The gradient's direction (radians) and which way the picture drifts. */
  angle: number;
  drift: 1 | -1;
  /** Where the blobs sit, so two sentences of the same palette still differ. */
  variant: number;
}

export function generatedLook(index: number): GeneratedLook {
  const step = Math.max(0, Math.floor(index));
  const palette = backgroundPalettes[step % backgroundPalettes.length] ?? (backgroundPalettes[0] as BackgroundPalette);
  return { palette, angle: ((step * 137) % 360) * (Math.PI / 180), drift: step % 2 === 0 ? 1 : -1, variant: step % 3 };
}

/** A CSS gradient of the look, for a thumbnail in the browser. */
export function generatedLookCss(index: number): string {
  const { palette, angle } = generatedLook(index);
  const degrees = Math.round((angle * 180) / Math.PI + 90) % 360;
  return `radial-gradient(circle at 25% 25%, ${palette.glows[0]}cc, transparent 55%), radial-gradient(circle at 80% 60%, ${palette.glows[1]}aa, transparent 50%), linear-gradient(${degrees}deg, ${palette.from}, ${palette.to})`;
}

const reasonText: Record<GeneratedReason, string> = {
  'no-videos': 'your media library has no videos yet. Upload clips on the Media page to use your own footage.',
  'no-clip': 'no clip in your library matched.',
};

function listed(numbers: readonly number[]): string {
  if (numbers.length <= 1) return numbers.join('');
  return `${numbers.slice(0, -1).join(', ')} and ${numbers[numbers.length - 1]}`;
}

/**
 * What Video Generation Settings and Generate video say about generated backgrounds: which sentences
 * get one and why ("2 sentences use generated backgrounds (2 and 4): …"), or null when none does.
 */
export function generatedBackgroundNotice(
  segments: readonly { mediaAssetId?: string | number | null; source?: SegmentSource; generatedReason?: GeneratedReason }[],
  /** The reason of segments that do not say theirs (the browser's own segments before the server has planned them). */
  fallback: GeneratedReason = 'no-videos',
): string | null {
  const generated = segments.flatMap((segment, i) =>
    segment.source === 'generated' || segment.mediaAssetId === null || segment.mediaAssetId === undefined || segment.mediaAssetId === ''
      ? [{ i, reason: segment.generatedReason }]
      : [],
  );
  if (generated.length === 0) return null;
  const reasons = generated.map((g) => g.reason ?? fallback);
  const reason: GeneratedReason = reasons.includes('no-clip') ? 'no-clip' : 'no-videos';
  const count = generated.length;
  const numbers = listed(generated.map((g) => g.i + 1));
  const which =
    count === segments.length
      ? count === 1
        ? 'The shot uses a generated background'
        : `All ${count} shots use generated backgrounds`
      : count === 1
        ? `Shot ${numbers} uses a generated background`
        : `${count} shots use generated backgrounds (${numbers})`;
  return `${which}: ${reasonText[reason]}`;
}
