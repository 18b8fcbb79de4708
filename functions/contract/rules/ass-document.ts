import { captionFrame, captionMargins, captionPixels, highlightPop } from './caption-layout';
import { breakLines } from './caption-line-breaks';
import type { captionPositions, captionStyles, fontFamilies } from './captions';

/**
 * Builds the ASS subtitle file burned into a 1080x1920 video by libass: lines of at most
 * `max_words_per_line` words broken at sentence and phrase boundaries (caption-line-breaks.ts), timed
 * by the voice-over's word timings, in one of five styles, inside the vertical-video safe zone
 * (caption-layout.ts). Pure and zod-free: the render (core/captions/ass-builder.ts) and the browser's
 * exact preview (libass in WebAssembly) build the same file from here.
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
}

/**
 * The spec's five families and the open font each is drawn with (the family name inside its TTF files,
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

/** ASS numpad alignment for the spec's 3x3 grid. */
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
  return text.replace(/\\/g, '/').replace(/\{/g, '(').replace(/\}/g, ')').replace(/[\r\n]+/g, ' ');
}

export interface CaptionLine {
  words: WordTiming[];
  start: number;
  end: number;
}

/**
 * Lines of at most `maxWords` words, never across a sentence, broken after punctuation where it can
 * (line-breaks.ts); each lasts until the next begins when the gap is short (no flicker between lines).
 */
export function groupLines(words: readonly WordTiming[], maxWords: number): CaptionLine[] {
  const lines: CaptionLine[] = [];
  for (const chunk of breakLines(words, maxWords)) {
    const first = chunk[0];
    const last = chunk[chunk.length - 1];
    if (!first || !last) continue;
    lines.push({ words: chunk, start: first.start, end: last.end });
  }
  lines.forEach((line, i) => {
    const next = lines[i + 1];
    if (next && next.start - line.end < 0.5) line.end = next.start;
  });
  return lines;
}

function displayWord(word: string, settings: AssCaptionSettings): string {
  return escapeAssText(settings.all_caps ? word.toUpperCase() : word);
}

/** The highlight style's emphasis: the word colour and a brief scale up and back (a "pop"). */
function popOn(wordColor: string): string {
  const { scale, riseMs, fallMs } = highlightPop;
  return `{\\c${wordColor}\\t(0,${riseMs},\\fscx${scale}\\fscy${scale})\\t(${riseMs},${riseMs + fallMs},\\fscx100\\fscy100)}`;
}

function dialogue(start: number, end: number, text: string): string {
  return `Dialogue: 0,${assTime(start)},${assTime(end)},Caption,,0,0,0,,${text}`;
}

/** The events of one line in the chosen style. */
function lineEvents(line: CaptionLine, settings: AssCaptionSettings): string[] {
  const words = line.words.map((w) => displayWord(w.word, settings));
  const wordColor = assColor(settings.word_color);
  switch (settings.style) {
    case 'classic':
      return [dialogue(line.start, line.end, words.join(' '))];
    case 'karaoke': {
      // \kf fills each word from the secondary (line) colour to the primary (word) colour as it is spoken.
      const parts = line.words.map((w, i) => {
        const gapBefore = i === 0 ? 0 : Math.max(0, w.start - (line.words[i - 1]?.end ?? w.start));
        const duration = Math.max(1, Math.round((w.end - w.start + gapBefore) * 100));
        return `{\\kf${duration}}${words[i]}`;
      });
      return [dialogue(line.start, line.end, parts.join(' '))];
    }
    case 'word_by_word':
      return line.words.map((w, i) => {
        const end = i + 1 < line.words.length ? (line.words[i + 1]?.start ?? w.end) : line.end;
        return dialogue(w.start, end, `{\\c${wordColor}}${words[i]}`);
      });
    case 'highlight':
    case 'underline': {
      const events: string[] = [];
      // Before the first word is spoken, and in pauses, the line shows without emphasis.
      const firstStart = line.words[0]?.start ?? line.start;
      if (firstStart > line.start) events.push(dialogue(line.start, firstStart, words.join(' ')));
      line.words.forEach((w, i) => {
        const end = i + 1 < line.words.length ? (line.words[i + 1]?.start ?? w.end) : line.end;
        const emphasis = settings.style === 'highlight' ? popOn(wordColor) : `{\\u1\\c${wordColor}}`;
        const reset = settings.style === 'highlight' ? '{\\r}' : `{\\u${settings.underline ? 1 : 0}\\c}`;
        const text = words.map((word, j) => (j === i ? `${emphasis}${word}${reset}` : word)).join(' ');
        events.push(dialogue(w.start, end, text));
      });
      return events;
    }
  }
}

export interface AssOptions {
  /** The font family name libass should use (the bundled font standing in for the chosen one). */
  fontName: string;
}

export function buildAss(words: readonly WordTiming[], settings: AssCaptionSettings, options: AssOptions): string {
  const margins = captionMargins(settings.position);
  const karaoke = settings.style === 'karaoke';
  const primary = karaoke ? assColor(settings.word_color) : assColor(settings.line_color);
  const secondary = karaoke ? assColor(settings.line_color) : assColor(settings.word_color);
  const flag = (on: boolean) => (on ? -1 : 0);
  const style = [
    'Caption',
    options.fontName,
    captionPixels(settings.font_size),
    primary,
    secondary,
    '&H00000000',
    '&H80000000',
    flag(settings.bold),
    flag(settings.italic),
    flag(settings.underline),
    flag(settings.strikeout),
    100,
    100,
    0,
    0,
    1,
    captionPixels(settings.outline_width),
    captionPixels(settings.shadow_offset),
    alignment[settings.position],
    margins.left,
    margins.right,
    margins.vertical,
    1,
  ].join(',');
  const events = groupLines(words, settings.max_words_per_line).flatMap((line) => lineEvents(line, settings));
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
    `Style: ${style}`,
    '',
    '[Events]',
    'Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text',
    ...events,
    '',
  ].join('\n');
}
