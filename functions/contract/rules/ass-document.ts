import { captionFrame, captionLineWidth, captionMargins, captionPixels, captionRowColumn, estimateTextWidth, highlightPop } from './caption-layout';
import { breakLines } from './caption-line-breaks';
import { keywordScale, lookMotion, type CaptionLookChoice } from './caption-looks';
import type { captionPositions, captionStyles, fontFamilies } from './captions';
import { emphasisedWordIndexes, type EmphasisOverrides } from './keyword-emphasis';

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
  /** A named look, 'custom' (the style with keyword emphasis), or null/absent: the spec's plain styles (caption-looks.ts). */
  look?: CaptionLookChoice | null;
  /** Per-word emphasis choices: a word's index in the voice-over → emphasised or not. */
  emphasis?: Readonly<Record<string, boolean>>;
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

/** The highlight style's emphasis: the word colour and a brief scale up and back (a "pop"), of the line's fitted size. */
function popOn(wordColor: string, fit: number): string {
  const { scale, riseMs, fallMs } = highlightPop;
  const peak = Math.round((scale * fit) / 100);
  return `{\\c${wordColor}\\t(0,${riseMs},\\fscx${peak}\\fscy${peak})\\t(${riseMs},${riseMs + fallMs},\\fscx${fit}\\fscy${fit})}`;
}

function plainDialogue(start: number, end: number, text: string): string {
  return `Dialogue: 0,${assTime(start)},${assTime(end)},Caption,,0,0,0,,${text}`;
}

/**
 * The events of one line in the chosen style. `fit` (percent) shrinks a line wider than the safe zone so
 * it stays one line (at 100 nothing is added: the spec's styles as they were).
 */
function lineEvents(line: CaptionLine, settings: AssCaptionSettings, fit = 100): string[] {
  const fitted = fit < 100 ? `{\\fscx${fit}\\fscy${fit}}` : '';
  const dialogue = (start: number, end: number, text: string) => plainDialogue(start, end, `${fitted}${text}`);
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
        const emphasis = settings.style === 'highlight' ? popOn(wordColor, fit) : `{\\u1\\c${wordColor}}`;
        const reset = settings.style === 'highlight' ? `{\\r}${fitted}` : `{\\u${settings.underline ? 1 : 0}\\c}`;
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

interface StyleOverrides {
  primary?: string;
  secondary?: string;
  outlineColour?: string;
  borderStyle?: 1 | 3;
  outline?: number;
  shadow?: number;
}

/** One `Style:` line of the settings (colours, font, size, outline, shadow, alignment, safe-zone margins). */
function styleLine(name: string, settings: AssCaptionSettings, options: AssOptions, over: StyleOverrides = {}): string {
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
    1,
  ].join(',');
}

function assDocument(styles: readonly string[], events: readonly string[]): string {
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

/**
 * The ASS file of the captions: the spec's plain styles when no look is chosen (exactly as before looks
 * existed), else the chosen look's animation with keyword emphasis (caption-looks.ts).
 */
export function buildAss(words: readonly WordTiming[], settings: AssCaptionSettings, options: AssOptions): string {
  if (!settings.look) {
    const none = new Set<WordTiming>();
    const events = groupLines(words, settings.max_words_per_line).flatMap((line) => lineEvents(line, settings, Math.max(plainFitFloor, lineFit(line, settings, none, 'custom', 1))));
    return assDocument([styleLine('Caption', settings, options)], events);
  }
  const look = settings.look;
  const emphasised = emphasisedWords(words, settings.emphasis ?? {});
  const lines = groupLines(words, settings.max_words_per_line);
  const events = lines.flatMap((line) => lookEvents(look, { line, settings, emphasised, fit: lineFit(line, settings, emphasised, look) }));
  const styles = [styleLine('Caption', settings, options, look === 'karaoke' ? {} : { primary: assColor(settings.line_color), secondary: assColor(settings.word_color) })];
  if (look === 'karaoke') styles[0] = styleLine('Caption', { ...settings, style: 'karaoke' }, options);
  if (look === 'boxed') {
    const pad = Math.round(captionPixels(settings.font_size) * 0.14);
    styles.push(styleLine('Box', settings, options, { primary: assColor(settings.line_color), outlineColour: assColor(settings.word_color), borderStyle: 3, outline: pad, shadow: 0 }));
  }
  return assDocument(styles, events);
}

/** A caption line as drawn, for what is laid over it (caption-emoji.ts). */
export interface CaptionLineLayout {
  line: CaptionLine;
  /** Whether each word is a key word (keyword-emphasis.ts with the creator's choices), whatever the look. */
  keywords: boolean[];
  /** The line's height in pixels of the 1080x1920 frame: the font size at the line's fit and its largest word. */
  height: number;
}

/** The lines `buildAss` draws, with their key words and heights (the same fit and sizes as the ASS file). */
export function captionLineLayouts(words: readonly WordTiming[], settings: AssCaptionSettings): CaptionLineLayout[] {
  const px = captionPixels(settings.font_size);
  const keywords = emphasisedWords(words, settings.emphasis ?? {});
  const look = settings.look;
  const none = new Set<WordTiming>();
  return groupLines(words, settings.max_words_per_line).map((line) => {
    const fit = look ? lineFit(line, settings, keywords, look) : Math.max(plainFitFloor, lineFit(line, settings, none, 'custom', 1));
    const largest = look && line.words.some((w) => keywords.has(w)) ? keywordPercent(look) : 100;
    return { line, keywords: line.words.map((w) => keywords.has(w)), height: (px * fit * largest) / 10_000 };
  });
}

// ---- Looks -------------------------------------------------------------------------------------

/** The words chosen by the shared keyword rule (keyword-emphasis.ts) with the creator's overrides. */
function emphasisedWords(words: readonly WordTiming[], overrides: Readonly<Record<string, boolean>>): Set<WordTiming> {
  const choices: Record<number, boolean> = {};
  for (const [key, on] of Object.entries(overrides)) choices[Number(key)] = on;
  const indexes = emphasisedWordIndexes(
    words.map((w) => w.word),
    choices as EmphasisOverrides,
  );
  return new Set(indexes.flatMap((i) => (words[i] ? [words[i]] : [])));
}

interface LookLine {
  line: CaptionLine;
  settings: AssCaptionSettings;
  emphasised: Set<WordTiming>;
  /** The line's scale in percent (at most 100): a line wider than the safe zone is shrunk to fit rather than wrapped. */
  fit: number;
}

/** An emphasised word's size in a look, in percent of the line's. */
function keywordPercent(look: CaptionLookChoice): number {
  return look === 'minimal' ? 112 : keywordScale;
}

/** The plain styles shrink an overlong line at most this far (percent); a longer one still wraps, as libass does. */
const plainFitFloor = 75;

/** How much of the safe width a line may take. */
const fillLimit = 0.96;

function lineFit(line: CaptionLine, settings: AssCaptionSettings, emphasised: Set<WordTiming>, look: CaptionLookChoice, limit = fillLimit): number {
  const px = captionPixels(settings.font_size);
  const keyword = keywordPercent(look) / 100;
  const widthOf = (w: WordTiming) => estimateTextWidth(displayWord(w.word, settings), settings.font_family, px) * (emphasised.has(w) ? keyword : 1);
  const outline = 2 * captionPixels(settings.outline_width);
  const space = estimateTextWidth(' ', settings.font_family, px);
  // Pop shows one word at a time: the widest word must fit; the others show the whole line.
  const width =
    look === 'pop' || settings.style === 'word_by_word'
      ? Math.max(0, ...line.words.map(widthOf)) * (lookMotion.pop.peak / 100)
      : line.words.reduce((sum, w) => sum + widthOf(w), 0) + space * Math.max(0, line.words.length - 1);
  const available = captionLineWidth(settings.position) * limit - outline;
  return width <= available ? 100 : Math.max(40, Math.floor((100 * available) / width));
}

/** `\fscx\fscy` of `percent` of the line's fitted size. */
function scale(percent: number, fit: number): string {
  const value = Math.round((percent * fit) / 100);
  return `\\fscx${value}\\fscy${value}`;
}

/** The spoken word's end: the next word's start, or the line's end. */
function wordEnd(line: CaptionLine, i: number): number {
  const w = line.words[i];
  return i + 1 < line.words.length ? (line.words[i + 1]?.start ?? w?.end ?? line.end) : line.end;
}

function layerEvent(layer: number, style: string, start: number, end: number, text: string): string {
  return `Dialogue: ${layer},${assTime(start)},${assTime(end)},${style},,0,0,0,,${text}`;
}

/** The anchor point libass places a line at for the position (for \pos and \move). */
function anchorOf(position: AssCaptionSettings['position']): { x: number; y: number } {
  const margins = captionMargins(position);
  const { row, column } = captionRowColumn(position);
  const x = column === 'left' ? margins.left : column === 'right' ? videoWidth - margins.right : (margins.left + videoWidth - margins.right) / 2;
  const y = row === 'top' ? margins.vertical : row === 'bottom' ? videoHeight - margins.vertical : videoHeight / 2;
  return { x: Math.round(x), y: Math.round(y) };
}

/**
 * The line's entrance (Minimal, Two-tone): it rises into place while fading in. An event that begins
 * after the entrance is over is simply placed; one that begins during it continues the rise.
 */
function entrance(line: CaptionLine, settings: AssCaptionSettings, eventStart: number, fadeOut = 0): string {
  const { x, y } = anchorOf(settings.position);
  const { rise, ms } = lookMotion.entrance;
  const elapsed = Math.round((eventStart - line.start) * 1000);
  if (elapsed >= ms) return `\\pos(${x},${y})`;
  const from = Math.round(y + rise * (1 - elapsed / ms));
  const fade = elapsed === 0 ? `\\fad(${ms},${fadeOut})` : '';
  return `${fade}\\move(${x},${from},${x},${y},0,${ms - elapsed})`;
}

/** A word drawn plainly in a look: the line colour, or the word colour and the keyword size when emphasised. */
function plainWord(ctx: LookLine, w: WordTiming, look: CaptionLookChoice, text: string, extra = ''): string {
  const on = ctx.emphasised.has(w);
  const colour = assColor(on ? ctx.settings.word_color : ctx.settings.line_color);
  return `{\\c${colour}${scale(on ? keywordPercent(look) : 100, ctx.fit)}${extra}}${text}`;
}

/** A bump of the spoken word from its size up to `peak`% of it and back. */
function bump(size: number, fit: number, peak: number, rise: number, settle: number, from = size): string {
  return `${scale(from, fit)}\\t(0,${rise},${scale((size * peak) / 100, fit)})\\t(${rise},${rise + settle},${scale(size, fit)})`;
}

function lookEvents(look: CaptionLookChoice, ctx: LookLine): string[] {
  const { line, settings } = ctx;
  const shown = line.words.map((w) => displayWord(w.word, settings));
  const size = (w: WordTiming) => (ctx.emphasised.has(w) ? keywordPercent(look) : 100);
  const wordColour = assColor(settings.word_color);
  const lineColour = assColor(settings.line_color);
  const firstStart = line.words[0]?.start ?? line.start;
  const plainLine = (extra = '') => line.words.map((w, i) => plainWord(ctx, w, look, shown[i] ?? '', extra)).join(' ');
  /** Before the first word is spoken (a line held over a short pause), the line shows unanimated. */
  const lead = (layered: (start: number, end: number) => string[]) => (firstStart > line.start ? layered(line.start, firstStart) : []);

  switch (look) {
    case 'pop': {
      // One word at a time, growing from 60 % past its size and settling: Submagic's and CapCut's "pop".
      const { from, peak, rise, settle } = lookMotion.pop;
      return line.words.map((w, i) => {
        const on = ctx.emphasised.has(w);
        const s = size(w);
        const colour = on ? wordColour : lineColour;
        const text = `{\\c${colour}${bump(s, ctx.fit, peak, rise, settle, (s * from) / 100)}}${shown[i] ?? ''}`;
        return layerEvent(0, 'Caption', w.start, wordEnd(line, i), text);
      });
    }
    case 'karaoke': {
      // The line fades in and fills from the line colour to the word colour as each word is spoken (\kf).
      const parts = line.words.map((w, i) => {
        const gapBefore = i === 0 ? Math.max(0, w.start - line.start) : Math.max(0, w.start - (line.words[i - 1]?.end ?? w.start));
        const duration = Math.max(1, Math.round((w.end - w.start + gapBefore) * 100));
        return `{\\kf${duration}${scale(size(w), ctx.fit)}}${shown[i] ?? ''}`;
      });
      return [layerEvent(0, 'Caption', line.start, line.end, `{\\fad(100,0)}${parts.join(' ')}`)];
    }
    case 'boxed': {
      // A box in the word colour behind the spoken word (a second layer in the Box style, BorderStyle 3),
      // the word popping slightly; both layers size every word alike, so they lay out the same.
      const { peak, rise, settle } = lookMotion.bump;
      const events = lead((start, end) => [layerEvent(0, 'Caption', start, end, plainLine())]);
      line.words.forEach((w, i) => {
        const end = wordEnd(line, i);
        const spoken = bump(size(w), ctx.fit, peak, rise, settle);
        const below = line.words.map((v, j) => (j === i ? `{\\alpha&HFF&${spoken}}${shown[j] ?? ''}` : plainWord(ctx, v, look, shown[j] ?? '', '\\alpha&H00&'))).join(' ');
        // The space after the spoken word belongs to the next (hidden) word, so the box ends at the word.
        const box = line.words.map((v, j) => (j === i ? `{\\alpha&H00&\\c${lineColour}${spoken}}${shown[j] ?? ''}{\\alpha&HFF&}` : `{\\alpha&HFF&${scale(size(v), ctx.fit)}}${shown[j] ?? ''}`)).join(' ');
        events.push(layerEvent(0, 'Caption', w.start, end, below), layerEvent(1, 'Box', w.start, end, box));
      });
      return events;
    }
    case 'minimal':
      // A lower third that rises into place and fades; key words in the word colour.
      return [layerEvent(0, 'Caption', line.start, line.end, `{${entrance(line, settings, line.start, 120)}}${plainLine()}`)];
    case 'neon': {
      // Two layers: a wide blurred glow in the word colour under crisp tube letters; the spoken word glows
      // brightest, the others are dimmed.
      const { width, blur, dimAlpha } = lookMotion.glow;
      const dim = `&H${dimAlpha.toString(16).toUpperCase()}&`;
      const glowBorder = captionPixels(width);
      const core = Math.max(1, captionPixels(Math.min(settings.outline_width, 3)));
      const layers = (start: number, end: number, spokenIndex: number) => {
        const glow = line.words
          .map((v, j) => `{\\1c${wordColour}\\3c${wordColour}\\bord${glowBorder}\\blur${blur}\\shad0\\alpha${j === spokenIndex ? '&H00&' : dim}${scale(size(v), ctx.fit)}}${shown[j] ?? ''}`)
          .join(' ');
        const letters = line.words
          .map((v, j) => {
            const colour = ctx.emphasised.has(v) ? wordColour : lineColour;
            const outline = ctx.emphasised.has(v) ? lineColour : wordColour;
            const alpha = j === spokenIndex || spokenIndex < 0 ? '&H00&' : '&H30&';
            return `{\\1c${colour}\\3c${outline}\\bord${core}\\blur0.8\\shad0\\1a${alpha}${scale(size(v), ctx.fit)}}${shown[j] ?? ''}`;
          })
          .join(' ');
        return [layerEvent(0, 'Caption', start, end, glow), layerEvent(1, 'Caption', start, end, letters)];
      };
      return [...lead((start, end) => layers(start, end, -1)), ...line.words.flatMap((w, i) => layers(w.start, wordEnd(line, i), i))];
    }
    case 'two_tone': {
      // White lines that rise in, key words large in the word colour; the spoken word bumps and the words
      // still to come are dimmed, so the line reads in two tones as it is spoken.
      const { peak, rise, settle } = lookMotion.bump;
      const ahead = `\\alpha&H${lookMotion.ahead.toString(16).toUpperCase()}&`;
      const events = lead((start, end) => [layerEvent(0, 'Caption', start, end, `{${entrance(line, settings, start)}}${plainLine()}`)]);
      line.words.forEach((w, i) => {
        const text = line.words
          .map((v, j) => plainWord(ctx, v, look, shown[j] ?? '', j === i ? `\\alpha&H00&${bump(size(v), ctx.fit, peak, rise, settle)}` : j > i ? ahead : '\\alpha&H00&'))
          .join(' ');
        events.push(layerEvent(0, 'Caption', w.start, wordEnd(line, i), `{${entrance(line, settings, w.start)}}${text}`));
      });
      return events;
    }
    case 'custom':
      return customEvents(ctx);
  }
}

/** 'custom': the creator's own settings drawn by their style, with keyword emphasis and the line fitted to the safe zone. */
function customEvents(ctx: LookLine): string[] {
  const { line, settings, fit } = ctx;
  const shown = line.words.map((w) => displayWord(w.word, settings));
  const wordColour = assColor(settings.word_color);
  const size = (w: WordTiming) => (ctx.emphasised.has(w) ? keywordScale : 100);
  const plain = (w: WordTiming, i: number, extra = '') => plainWord(ctx, w, 'custom', shown[i] ?? '', extra);
  const event = (start: number, end: number, text: string) => layerEvent(0, 'Caption', start, end, text);
  switch (settings.style) {
    case 'classic':
      return [event(line.start, line.end, line.words.map((w, i) => plain(w, i)).join(' '))];
    case 'karaoke': {
      const parts = line.words.map((w, i) => {
        const gapBefore = i === 0 ? 0 : Math.max(0, w.start - (line.words[i - 1]?.end ?? w.start));
        const duration = Math.max(1, Math.round((w.end - w.start + gapBefore) * 100));
        return `{\\kf${duration}${scale(size(w), fit)}}${shown[i] ?? ''}`;
      });
      return [event(line.start, line.end, parts.join(' '))];
    }
    case 'word_by_word':
      return line.words.map((w, i) => event(w.start, wordEnd(line, i), `{\\c${wordColour}${scale(size(w), fit)}}${shown[i] ?? ''}`));
    case 'highlight':
    case 'underline': {
      const { scale: peak, riseMs, fallMs } = highlightPop;
      const firstStart = line.words[0]?.start ?? line.start;
      const events: string[] = [];
      if (firstStart > line.start) events.push(event(line.start, firstStart, line.words.map((w, i) => plain(w, i)).join(' ')));
      line.words.forEach((w, i) => {
        const emphasis = settings.style === 'highlight' ? `\\c${wordColour}${bump(size(w), fit, peak, riseMs, fallMs)}` : `\\u1\\c${wordColour}${scale(size(w), fit)}`;
        const text = line.words.map((v, j) => (j === i ? `{${emphasis}}${shown[j] ?? ''}{\\u${settings.underline ? 1 : 0}}` : plain(v, j))).join(' ');
        events.push(event(w.start, wordEnd(line, i), text));
      });
      return events;
    }
  }
}
