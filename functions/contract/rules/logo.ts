/**
 * The logo overlay's numbers, zod-free so the browser's live preview
 * and the server's render use the same ones: the four corners, the twelve named sizes from 60x22 to
 * 600x228 (the product (docs/product.md#logo) shows only the ends; the ten between are spaced evenly, docs/decisions/rendering.md#logo-and-watermark), the
 * margin, the opacity steps and the upload's limits and messages.
 */

/** The video every render makes. */
export const logoVideoFrame = { width: 1080, height: 1920 } as const;

export const logoPositions = ['top-left', 'top-right', 'bottom-left', 'bottom-right'] as const;
export type LogoPosition = (typeof logoPositions)[number];

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

export interface LogoBox {
  width: number;
  height: number;
}

const smallest: LogoBox = { width: 60, height: 22 };
const largest: LogoBox = { width: 600, height: 228 };

/** Even numbers, as H.264's 4:2:0 chroma likes them. */
const even = (n: number) => Math.round(n / 2) * 2;

export function isLogoSizeName(name: string): name is LogoSizeName {
  return (logoSizeNames as readonly string[]).includes(name);
}

/** The box a logo of this size is fitted into (an unknown name is medium). */
export function logoSize(name: string): LogoBox {
  const index = logoSizeNames.indexOf(isLogoSizeName(name) ? name : 'medium');
  const t = index / (logoSizeNames.length - 1);
  return {
    width: even(smallest.width + (largest.width - smallest.width) * t),
    height: even(smallest.height + (largest.height - smallest.height) * t),
  };
}

/** "Extra small", … for the size select. */
export function logoSizeLabel(name: LogoSizeName): string {
  const words = name.replace('-', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Margin between a logo and the video's edges (the watermark's 30 px; the product (docs/product.md#logo) gives none for the logo). */
export const logoMargin = 30;

/** Opacity 0.1 to 1 in steps of 0.1. */
export const logoOpacity = { min: 0.1, max: 1, step: 0.1 } as const;

/** True for 0.1, 0.2, … 1 (within float noise). */
export function isOpacityStep(value: number): boolean {
  if (!Number.isFinite(value) || value < logoOpacity.min - 1e-9 || value > logoOpacity.max + 1e-9) return false;
  return Math.abs(value * 10 - Math.round(value * 10)) < 1e-6;
}

/** 0.30000000000000004 → 0.3. */
export const roundOpacity = (value: number) => Math.round(value * 10) / 10;

/** The product's (docs/product.md#logo) defaults: bottom-right, medium, opacity 0.8, disabled. */
export const defaultLogoSettings = { position: 'bottom-right', size: 'medium', opacity: 0.8, enabled: false } as const satisfies {
  position: LogoPosition;
  size: LogoSizeName;
  opacity: number;
  enabled: boolean;
};

/** Where the logo lands on the video: the fitted box's corner, in video pixels. */
export interface LogoRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The rectangle a logo of `image` pixels takes on the 1080x1920 video: fitted inside its size's box
 * keeping its aspect ratio (never cropped; as ffmpeg's force_original_aspect_ratio=decrease), `logoMargin`
 * from the chosen corner.
 */
export function logoRect(settings: { position: LogoPosition; size: string }, image: LogoBox): LogoRect {
  const box = logoSize(settings.size);
  const scale = Math.min(box.width / Math.max(1, image.width), box.height / Math.max(1, image.height));
  const width = Math.max(1, Math.round(image.width * scale));
  const height = Math.max(1, Math.round(image.height * scale));
  const left = settings.position.endsWith('left');
  const top = settings.position.startsWith('top');
  return {
    x: left ? logoMargin : logoVideoFrame.width - width - logoMargin,
    y: top ? logoMargin : logoVideoFrame.height - height - logoMargin,
    width,
    height,
  };
}

/** The upload: image/* only, at most 2 MB; the product's (docs/product.md#logo) messages word for word. */
export const logoMaxBytes = 2 * 1024 * 1024;
export const logoMessages = {
  invalidType: 'Invalid file type',
  tooLarge: 'Logo file must be under 2MB',
  uploadFailed: 'Failed to upload logo',
  updateFailed: 'Failed to update logo settings',
  removeFailed: 'Failed to remove logo',
} as const;

/**
 * The raster types the server decodes (checked on the bytes). SVG is image/* but is refused: it is a
 * document that can script and fetch, and rasterising it safely needs a renderer we do not ship.
 */
export const logoImageTypes = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export type LogoImageType = (typeof logoImageTypes)[number];

const logoTypeAliases: Readonly<Record<string, LogoImageType>> = { 'image/jpg': 'image/jpeg', 'image/pjpeg': 'image/jpeg', 'image/x-png': 'image/png' };

/** The declared type as one of ours, or undefined (SVG, BMP, HEIC, …, anything not image/*). */
export function logoImageType(declared: string | undefined): LogoImageType | undefined {
  const mime = (declared ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  const known = logoTypeAliases[mime] ?? mime;
  return (logoImageTypes as readonly string[]).includes(known) ? (known as LogoImageType) : undefined;
}

/** The browser's check before any byte is sent: the product's (docs/product.md#logo) message, or undefined when the file may go. */
export function logoFileProblem(file: { type: string; size: number }): string | undefined {
  if (!file.type.toLowerCase().startsWith('image/') || !logoImageType(file.type)) return logoMessages.invalidType;
  if (file.size > logoMaxBytes) return logoMessages.tooLarge;
  return undefined;
}

/** `/api/logo/<file>`: the one URL form of a stored logo (a UUID and .png). */
export const logoFilePattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.png$/;
export const logoUrlPrefix = '/api/logo/';
