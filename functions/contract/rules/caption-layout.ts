/**
 * Where and how large captions are drawn on the 1080x1920 video, zod-free so the render's ASS file
 * (core/captions/ass-builder.ts) and the browser's caption previews read the same numbers
 * (docs/decisions/captions.md#captions-safe-zones-and-size).
 *
 * Safe zones: TikTok, Reels and Shorts cover the bottom of a vertical video with the description,
 * the sound and the progress bar (about 20–25 % of the height), its right edge with the like, comment
 * and share buttons (about 12 % of the width), and its top with the status bar and the feed tabs
 * (about 8–10 %). Bottom positions sit above the bottom band, top positions below the top band; every
 * position keeps clear of the right-hand buttons, and centred lines keep the same margin on both sides
 * so they stay centred on the frame. Middle positions are centred on the frame's height.
 */
import { scriptFontMetrics } from './caption-font-coverage';
import { scriptFontScale, type ScriptFont } from './caption-script-fonts';

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
 * Caption sizes (font size, outline, shadow) are the product's (docs/product.md#captions) numbers (font size 20–100, default 60;
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

/**
 * The advance of each printable ASCII character (space to ~, in order) in thousandths of the ASS font
 * size, per family, read from the bundled bold TTF files (advance / (usWinAscent + usWinDescent), the
 * size libass gives the font). Enough to estimate a line's width without the font files, so a look
 * can shrink a long line to fit the safe zone instead of letting libass wrap it (kerning ignored; other
 * characters count as an 'n').
 */
const asciiAdvance: Record<string, readonly number[]> = {
  'The Bold Font': [
    247, 247, 371, 490, 495, 742, 660, 206, 289, 289, 413, 490, 247, 247, 247, 206, 495, 495, 495, 495, 495, 495, 495, 495, 495, 495, 247, 247, 490, 490, 490,
    454, 549, 578, 578, 578, 578, 536, 495, 618, 618, 289, 495, 618, 495, 701, 618, 618, 536, 618, 578, 536, 536, 618, 578, 742, 578, 578, 536, 289, 206, 289,
    490, 371, 247, 495, 495, 495, 495, 495, 289, 495, 495, 247, 247, 495, 247, 742, 495, 495, 495, 495, 330, 454, 330, 495, 454, 701, 495, 454, 413, 289, 206,
    289, 490,
  ],
  Arial: [
    194, 233, 331, 388, 388, 621, 504, 166, 233, 233, 272, 408, 194, 233, 194, 194, 388, 388, 388, 388, 388, 388, 388, 388, 388, 388, 233, 233, 408, 408, 408,
    427, 681, 504, 504, 504, 504, 466, 427, 543, 504, 194, 388, 504, 427, 582, 504, 543, 466, 543, 504, 466, 427, 504, 466, 659, 466, 466, 427, 233, 194, 233,
    408, 388, 233, 388, 427, 388, 427, 388, 233, 427, 427, 194, 194, 388, 194, 621, 427, 427, 427, 427, 272, 388, 233, 427, 388, 543, 388, 388, 349, 272, 195,
    272, 408,
  ],
  Verdana: [
    299, 392, 448, 720, 598, 861, 749, 263, 393, 393, 449, 720, 326, 357, 326, 314, 598, 598, 598, 598, 598, 598, 598, 598, 598, 598, 344, 344, 720, 720, 720,
    498, 859, 665, 655, 630, 713, 587, 587, 705, 719, 320, 320, 666, 547, 855, 719, 730, 630, 730, 661, 619, 586, 698, 665, 948, 662, 622, 623, 393, 314, 393,
    720, 430, 430, 580, 615, 509, 615, 583, 374, 615, 612, 294, 294, 571, 294, 895, 612, 590, 615, 615, 424, 511, 411, 612, 560, 794, 554, 560, 500, 612, 314,
    612, 720,
  ],
  'Times New Roman': [
    226, 301, 501, 451, 451, 903, 752, 251, 301, 301, 451, 515, 226, 301, 226, 251, 451, 451, 451, 451, 451, 451, 451, 451, 451, 451, 301, 301, 515, 515, 515,
    451, 840, 652, 602, 652, 652, 602, 552, 702, 702, 351, 451, 702, 602, 852, 652, 702, 552, 702, 652, 502, 602, 652, 652, 903, 652, 652, 602, 301, 251, 301,
    525, 451, 301, 451, 502, 401, 502, 401, 301, 451, 502, 251, 301, 502, 251, 752, 502, 451, 502, 502, 401, 351, 301, 502, 451, 652, 451, 451, 401, 356, 199,
    356, 470,
  ],
};
asciiAdvance.Helvetica = asciiAdvance.Arial ?? [];

/** The script font whose letters' average advance stands for a character outside ASCII (null: an 'n'). */
function advanceScript(char: string): ScriptFont | null {
  if (/\p{Script=Arabic}/u.test(char)) return 'arabic';
  if (/\p{Script=Hebrew}/u.test(char)) return 'hebrew';
  if (/\p{Script=Devanagari}/u.test(char)) return 'devanagari';
  if (/\p{Script=Thai}/u.test(char)) return 'thai';
  if (/\p{Script=Hangul}/u.test(char)) return 'hangul';
  if (/[\p{Script_Extensions=Han}\p{Script_Extensions=Hiragana}\p{Script_Extensions=Katakana}\u3000-\u303f\uff00-\uffef]/u.test(char)) return 'han';
  return null;
}

/**
 * Arabic letters join: a joined form is narrower than the isolated one the average is read from (about
 * 0.58 of it in Noto Sans Arabic Bold, measured on libass's lines).
 */
const joinedArabic = 0.58;

/**
 * The estimated width in pixels of `text` drawn at `fontPixels` (the ASS font size) in `fontFamily`:
 * ASCII from the family's table, letters of the scripts the family lacks from their Noto font's average
 * advance at the size caption-scripts.ts draws them, marks over or under a letter as nothing, anything
 * else as an 'n'.
 */
export function estimateTextWidth(text: string, fontFamily: string, fontPixels: number): number {
  const table = asciiAdvance[fontFamily] ?? asciiAdvance['The Bold Font'] ?? [];
  const fallback = table['n'.charCodeAt(0) - 32] ?? 500;
  const em = captionEmPerFontPixel[fontFamily] ?? 0.75;
  let thousandths = 0;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code >= 32 && code <= 126) {
      thousandths += table[code - 32] ?? fallback;
      continue;
    }
    // Marks drawn over or under their letter take no room; spacing vowel signs (Devanagari "ी") about half a letter.
    if (/\p{Mn}|\p{Me}/u.test(char)) continue;
    const script = advanceScript(char);
    const share = /\p{Mc}/u.test(char) ? 0.5 : script === 'arabic' ? joinedArabic : 1;
    if (script) thousandths += scriptFontMetrics[script].advance * scriptFontMetrics[script].em * scriptFontScale(script, em) * share;
    else thousandths += fallback;
  }
  return (thousandths / 1000) * fontPixels;
}

/** The width a line may take at a position: the frame less the safe-zone margins on both sides. */
export function captionLineWidth(position: string): number {
  const margins = captionMargins(position);
  return captionFrame.width - margins.left - margins.right;
}
