/**
 * Where and how large captions are drawn on the 1080x1920 video, zod-free so the render's ASS file
 * (core/captions/ass-builder.ts) and the browser's caption previews read the same numbers
 * (docs/decisions.md, "Captions: safe zones and size").
 *
 * Safe zones: TikTok, Reels and Shorts cover the bottom of a vertical video with the description,
 * the sound and the progress bar (about 20–25 % of the height), its right edge with the like, comment
 * and share buttons (about 12 % of the width), and its top with the status bar and the feed tabs
 * (about 8–10 %). Bottom positions sit above the bottom band, top positions below the top band; every
 * position keeps clear of the right-hand buttons, and centred lines keep the same margin on both sides
 * so they stay centred on the frame. Middle positions are centred on the frame's height.
 */
export const captionFrame = { width: 1080, height: 1920 } as const;

/** Pixels of the 1080x1920 frame kept free of captions on each side. */
export const captionSafeZone = {
  /** 10 % of the height: the status bar and the Following / For You tabs. */
  top: 192,
  /** 23 % of the height: the caption, sound and progress bar of the apps' overlays. */
  bottom: 440,
  /** 12 % of the width: the like / comment / share column. */
  right: 130,
  /** Nothing covers the left edge; a little air keeps left-aligned lines off it. */
  left: 60,
} as const;

export type CaptionRow = 'top' | 'middle' | 'bottom';
export type CaptionColumn = 'left' | 'center' | 'right';

/** `bottom_center` → bottom, center. */
export function captionRowColumn(position: string): { row: CaptionRow; column: CaptionColumn } {
  const [row, column] = position.split('_');
  return {
    row: row === 'top' || row === 'bottom' ? row : 'middle',
    column: column === 'left' || column === 'right' ? column : 'center',
  };
}

export interface CaptionMargins {
  /** ASS MarginL / MarginR: the text block lies between them (and wraps there). */
  left: number;
  right: number;
  /** ASS MarginV: from the top edge (top row) or the bottom edge (bottom row); the middle row ignores it. */
  vertical: number;
}

/** The ASS margins of a position: the safe zone, with centred lines kept centred on the frame. */
export function captionMargins(position: string): CaptionMargins {
  const { row, column } = captionRowColumn(position);
  const side = column === 'center' ? Math.max(captionSafeZone.left, captionSafeZone.right) : undefined;
  return {
    left: side ?? captionSafeZone.left,
    right: side ?? captionSafeZone.right,
    vertical: row === 'top' ? captionSafeZone.top : row === 'bottom' ? captionSafeZone.bottom : 0,
  };
}

/**
 * Caption sizes (font size, outline, shadow) are the spec's numbers (font size 20–100, default 60;
 * outline 0–10; shadow 0–10), and one unit is 1.4 pixels of the 1080x1920 frame. At the default 60
 * the ASS font size is 84 (an em of 62 px in The Bold Font): a three-word line in capitals fills about
 * 60–75 % of the width, as the commercial caption tools do; a longer one wraps inside the safe zone.
 */
export const captionPixelsPerUnit = 1.4;

/** The font size, outline or shadow of the settings in pixels of the 1080x1920 frame (the ASS PlayRes). */
export function captionPixels(units: number): number {
  return Math.round(units * captionPixelsPerUnit * 100) / 100;
}

/**
 * libass sizes a font so that its OS/2 Windows ascent + descent equals the ASS font size; CSS sizes
 * its em. The em of each bundled font per pixel of ASS font size (unitsPerEm / (usWinAscent +
 * usWinDescent), read from the TTF files), so a preview draws the same em as the render.
 */
export const captionEmPerFontPixel: Record<string, number> = {
  'The Bold Font': 0.7424, // Archivo Black: 1000 / (1035 + 312)
  Arial: 0.6983, // Arimo: 2048 / (2136 + 797)
  Helvetica: 0.6983,
  Verdana: 0.8591, // DejaVu Sans: 2048 / (1901 + 483)
  'Times New Roman': 0.903, // Tinos: 2048 / (1825 + 443)
};

/** The CSS em of the captions, in pixels of the 1080x1920 frame, for a font family and the settings' size. */
export function captionEmPixels(fontFamily: string, fontSize: number): number {
  return captionPixels(fontSize) * (captionEmPerFontPixel[fontFamily] ?? 0.75);
}

/** A length in pixels of the 1080-wide frame as a CSS length relative to a preview's width (`cqw`, container query width). */
export function previewLength(framePixels: number): string {
  return `${Number(((framePixels / captionFrame.width) * 100).toFixed(3))}cqw`;
}

/**
 * The block a preview lays its caption out in, as percentages of the frame (left and right of its
 * width, top and bottom of its height): the same margins as the render's ASS file.
 */
export function previewCaptionBox(position: string): { top: string; bottom: string; left: string; right: string } {
  const margins = captionMargins(position);
  const { row } = captionRowColumn(position);
  const pct = (pixels: number, of: number) => `${Number(((pixels / of) * 100).toFixed(3))}%`;
  return {
    top: row === 'top' ? pct(margins.vertical, captionFrame.height) : '0%',
    bottom: row === 'bottom' ? pct(margins.vertical, captionFrame.height) : '0%',
    left: pct(margins.left, captionFrame.width),
    right: pct(margins.right, captionFrame.width),
  };
}

/** The highlight style's pop on the spoken word: scale in percent and the rise and fall in milliseconds. */
export const highlightPop = { scale: 112, riseMs: 80, fallMs: 120 } as const;

/** CSS lengths (relative to the preview's width) that draw a caption as large as the render does. */
export interface PreviewCaptionLengths {
  /** The em of the caption font. */
  fontSize: string;
  /** One ASS line: libass's line height is its font size. */
  lineHeight: string;
  /** `-webkit-text-stroke` width with `paint-order: stroke fill`: twice the outline, half of it under the fill. */
  stroke: string;
  /** The shadow's offset, right and down. */
  shadow: string;
}

export function previewCaptionLengths(s: { fontFamily: string; fontSize: number; outlineWidth: number; shadowOffset: number }): PreviewCaptionLengths {
  return {
    fontSize: previewLength(captionEmPixels(s.fontFamily, s.fontSize)),
    lineHeight: previewLength(captionPixels(s.fontSize)),
    stroke: previewLength(2 * captionPixels(s.outlineWidth)),
    shadow: previewLength(captionPixels(s.shadowOffset)),
  };
}
