import type { LogoSettings } from '../../contract/users';

/**
 * Where the user's logo and the free-plan watermark sit on a 1080x1920 video (spec 001, "Logo overlay"
 * and "Watermark"). The spec names twelve logo sizes from 60x22 to 600x228 and shows only the ends;
 * the ten between are spaced evenly (docs/decisions.md, render engine).
 */
export const logoSizeNames = [
  'extra-small',
  'small',
  'medium',
  'large',
  'extra-large',
  'huge',
  'massive',
  'gigantic',
  'enormous',
  'colossal',
  'titan',
  'ultimate',
] as const;
export type LogoSizeName = (typeof logoSizeNames)[number];

export interface Box {
  width: number;
  height: number;
}

const smallest: Box = { width: 60, height: 22 };
const largest: Box = { width: 600, height: 228 };

/** Even numbers, as H.264's 4:2:0 chroma likes them. */
const even = (n: number) => Math.round(n / 2) * 2;

export function logoSize(name: string): Box {
  const index = logoSizeNames.indexOf(name as LogoSizeName);
  const step = index < 0 ? logoSizeNames.indexOf('medium') : index;
  const t = step / (logoSizeNames.length - 1);
  return {
    width: even(smallest.width + (largest.width - smallest.width) * t),
    height: even(smallest.height + (largest.height - smallest.height) * t),
  };
}

/** Margin between a logo and the video's edges. The spec gives 30 px for the watermark; the logo uses the same. */
export const logoMargin = 30;

/**
 * A logo is scaled to fit inside `box` (keeping its aspect ratio) and anchored to one corner,
 * `margin` pixels from both edges.
 */
export interface Placement {
  box: Box;
  left: boolean;
  top: boolean;
  margin: number;
  opacity: number;
}

export function logoPlacement(settings: Pick<LogoSettings, 'position' | 'size' | 'opacity'>): Placement {
  return {
    box: logoSize(settings.size),
    left: settings.position.endsWith('left'),
    top: settings.position.startsWith('top'),
    margin: logoMargin,
    opacity: Math.min(1, Math.max(0.1, settings.opacity)),
  };
}

/** The free plan's watermark: the logo scaled into 180x180, bottom-left, 30 px from the edges, opaque. */
export const watermarkPlacement: Placement = {
  box: { width: 180, height: 180 },
  left: true,
  top: false,
  margin: logoMargin,
  opacity: 1,
};
