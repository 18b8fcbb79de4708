import { captionFrame, captionMargins, captionPixels } from './caption-layout';
import type { CaptionLookChoice } from './caption-looks';
import type { captionPositions, captionStyles, fontFamilies } from './captions';
import type { LanguageCode } from './languages';
import { captionEmPerFontPixel } from './caption-layout';
import { captionUpperCase, captionWriting, wordGap, type CaptionWriting } from './caption-scripts';
import { assFontRuns } from './caption-script-fonts';

/**
 * The ASS file format as the captions use it: the settings it reads, the fonts it names, times, colours
 * and safe text, the style lines and the document around the events. Pure and zod-free, like every
 * module the browser's exact preview shares with the render.
 */

/** One spoken word and when it is heard, in seconds from the start of the voice-over. */
export interface WordTiming {
  word: string;
  start: number;
  end: number;
}

/** The caption settings the ASS file reads (a structural subset of the contract's `CaptionSettings`). */
export interface AssCaptionSettings {
  line_color: string;
  word_color: string;
  font_size: number;
  max_words_per_line: number;
  bold: boolean;
  italic: boolean;
  underline: boolean;
  strikeout: boolean;
  outline_width: number;
  shadow_offset: number;
  style: (typeof captionStyles)[number];
  font_family: (typeof fontFamilies)[number];
  position: (typeof captionPositions)[number];
  all_caps: boolean;
  /** A named look, 'custom' (the style with keyword emphasis), or null/absent: the product's (docs/product.md#captions) plain styles (caption-looks.ts). */
  look?: CaptionLookChoice | null;
  /** Per-word emphasis choices: a word's index in the voice-over → emphasised or not. */
  emphasis?: Readonly<Record<string, boolean>>;
  /** The script's language (absent: read from the text), for word cutting, capitals, direction and fonts. */
  language?: LanguageCode | null;
  /** How the text is written, resolved once from `language` and the words (`withWriting`); callers leave it out. */
  writing?: CaptionWriting;
}

/** The settings with their writing resolved from the language and the words' text (caption-scripts.ts). */
export function withWriting<S extends AssCaptionSettings>(words: readonly WordTiming[], settings: S): S & { writing: CaptionWriting } {
  return { ...settings, writing: settings.writing ?? captionWriting(words.map((w) => w.word).join(' '), settings.language) };
}

export function writingOf(settings: AssCaptionSettings): CaptionWriting {
  return settings.writing ?? captionWriting('', settings.language);
}

/** What separates two words of a line in the settings' writing: a space, or nothing (Japanese, Chinese, Thai). */
export function lineGap(settings: AssCaptionSettings): string {
  return wordGap(writingOf(settings));
}

/**
 * The product's (docs/product.md#captions) five families and the open font each is drawn with (the family name inside its TTF files,
 * which the ASS style names): adapters/ffmpeg/fonts.ts ships the files, the browser's preview loads
 * the same files.
 */
export const captionFontNames = {
  'The Bold Font': 'Archivo Black',
  Arial: 'Arimo',
  Helvetica: 'Arimo',
  Verdana: 'DejaVu Sans',
  'Times New Roman': 'Tinos',
} as const satisfies Record<(typeof fontFamilies)[number], string>;

export const videoWidth = captionFrame.width;
export const videoHeight = captionFrame.height;

/** ASS numpad alignment for the product's (docs/product.md#captions) 3x3 grid. */
const alignment: Record<AssCaptionSettings['position'], number> = {
  bottom_left: 1,
  bottom_center: 2,
  bottom_right: 3,
  middle_left: 4,
  middle_center: 5,
  middle_right: 6,
  top_left: 7,
  top_center: 8,
  top_right: 9,
};

/** `#RRGGBB` → ASS `&H00BBGGRR` (alpha 00 is opaque). */
export function assColor(hex: string): string {
  const rr = hex.slice(1, 3);
  const gg = hex.slice(3, 5);
  const bb = hex.slice(5, 7);
  return `&H00${bb}${gg}${rr}`.toUpperCase();
}

/** Seconds → `H:MM:SS.cc`. */
export function assTime(seconds: number): string {
  const cs = Math.max(0, Math.round(seconds * 100));
  const h = Math.floor(cs / 360000);
  const m = Math.floor((cs % 360000) / 6000);
  const s = Math.floor((cs % 6000) / 100);
  const c = cs % 100;
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}.${String(c).padStart(2, '0')}`;
}

/** Text can never open an override block or a line break in ASS. */
export function escapeAssText(text: string): string {
  return text
    .replace(/\\/g, '/')
    .replace(/\{/g, '(')
    .replace(/\}/g, ')')
    .replace(/[\r\n]+/g, ' ');
}

/** The word as shown (in capitals where the settings ask and the writing has case), without ASS tags. */
export function shownWord(word: string, settings: AssCaptionSettings): string {
  return settings.all_caps ? captionUpperCase(word, writingOf(settings)) : word;
}

/**
 * The word as ASS text: shown, escaped, and each run the chosen family has no glyphs for drawn in its
 * script's Noto font (caption-scripts.ts).
 */
export function displayWord(word: string, settings: AssCaptionSettings): string {
  const family = captionFontNames[settings.font_family];
  const em = captionEmPerFontPixel[settings.font_family] ?? 0.75;
  return assFontRuns(shownWord(word, settings), family, em, captionPixels(settings.font_size), writingOf(settings), escapeAssText);
}

export function layerEvent(layer: number, style: string, start: number, end: number, text: string): string {
  return `Dialogue: ${layer},${assTime(start)},${assTime(end)},${style},,0,0,0,,${text}`;
}

export interface AssOptions {
  /** The font family name libass should use (the bundled font standing in for the chosen one). */
  fontName: string;
}

interface StyleOverrides {
  primary?: string;
  secondary?: string;
  outlineColour?: string;
  borderStyle?: 1 | 3;
  outline?: number;
  shadow?: number;
}

/** One `Style:` line of the settings (colours, font, size, outline, shadow, alignment, safe-zone margins). */
export function styleLine(name: string, settings: AssCaptionSettings, options: AssOptions, over: StyleOverrides = {}): string {
  const margins = captionMargins(settings.position);
  const karaoke = settings.style === 'karaoke';
  const flag = (on: boolean) => (on ? -1 : 0);
  return [
    name,
    options.fontName,
    captionPixels(settings.font_size),
    over.primary ?? (karaoke ? assColor(settings.word_color) : assColor(settings.line_color)),
    over.secondary ?? (karaoke ? assColor(settings.line_color) : assColor(settings.word_color)),
    over.outlineColour ?? '&H00000000',
    '&H80000000',
    flag(settings.bold),
    flag(settings.italic),
    flag(settings.underline),
    flag(settings.strikeout),
    100,
    100,
    0,
    0,
    over.borderStyle ?? 1,
    over.outline ?? captionPixels(settings.outline_width),
    over.shadow ?? captionPixels(settings.shadow_offset),
    alignment[settings.position],
    margins.left,
    margins.right,
    margins.vertical,
    // Encoding -1 makes libass find each line's base direction from its text (right-to-left for Arabic and
    // Hebrew, so punctuation lands at the line's left end); 1 is the ordinary left-to-right.
    settings.writing?.direction === 'rtl' ? -1 : 1,
  ].join(',');
}

export function assDocument(styles: readonly string[], events: readonly string[]): string {
  return [
    '[Script Info]',
    'ScriptType: v4.00+',
    `PlayResX: ${videoWidth}`,
    `PlayResY: ${videoHeight}`,
    'WrapStyle: 0',
    'ScaledBorderAndShadow: yes',
    '',
    '[V4+ Styles]',
    'Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding',
    ...styles.map((style) => `Style: ${style}`),
    '',
    '[Events]',
    'Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text',
    ...events,
    '',
  ].join('\n');
}
