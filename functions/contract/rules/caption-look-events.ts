import { captionLineWidth, captionMargins, captionPixels, captionRowColumn, estimateTextWidth, highlightPop } from './caption-layout';
import { keywordScale, lookMotion, type CaptionLookChoice } from './caption-looks';
import type { CaptionLine } from './caption-lines';
import { emphasisedWordIndexes, type EmphasisOverrides } from './keyword-emphasis';
import {
  assColor,
  lineGap,
  displayWord,
  layerEvent,
  shownWord,
  videoHeight,
  videoWidth,
  writingOf,
  type AssCaptionSettings,
  type WordTiming,
} from './ass-format';
import { karaokeWord } from './karaoke-fill';

/**
 * The named looks as ASS events (caption-looks.ts holds their numbers): each look's animation, keyword
 * emphasis, and a line's fit to the safe zone.
 */

/** The words chosen by the shared keyword rule (keyword-emphasis.ts) with the creator's overrides. */
export function emphasisedWords(words: readonly WordTiming[], overrides: Readonly<Record<string, boolean>>): Set<WordTiming> {
  const choices: Record<number, boolean> = {};
  for (const [key, on] of Object.entries(overrides)) choices[Number(key)] = on;
  const indexes = emphasisedWordIndexes(
    words.map((w) => w.word),
    choices as EmphasisOverrides,
  );
  return new Set(indexes.flatMap((i) => (words[i] ? [words[i]] : [])));
}

export interface LookLine {
  line: CaptionLine;
  settings: AssCaptionSettings;
  emphasised: Set<WordTiming>;
  /** The line's scale in percent (at most 100): a line wider than the safe zone is shrunk to fit rather than wrapped. */
  fit: number;
}

/** An emphasised word's size in a look, in percent of the line's. */
export function keywordPercent(look: CaptionLookChoice): number {
  return look === 'minimal' ? 112 : keywordScale;
}

/** The plain styles shrink an overlong line at most this far (percent); a longer one still wraps, as libass does. */
export const plainFitFloor = 75;

/** How much of the safe width a line may take. */
const fillLimit = 0.96;

export function lineFit(line: CaptionLine, settings: AssCaptionSettings, emphasised: Set<WordTiming>, look: CaptionLookChoice, limit = fillLimit): number {
  const px = captionPixels(settings.font_size);
  const keyword = keywordPercent(look) / 100;
  const widthOf = (w: WordTiming) => estimateTextWidth(shownWord(w.word, settings), settings.font_family, px) * (emphasised.has(w) ? keyword : 1);
  const outline = 2 * captionPixels(settings.outline_width);
  const space = estimateTextWidth(lineGap(settings), settings.font_family, px);
  // Pop shows one word at a time: the widest word must fit; the others show the whole line.
  const width =
    look === 'pop' || settings.style === 'word_by_word'
      ? Math.max(0, ...line.words.map(widthOf)) * (lookMotion.pop.peak / 100)
      : line.words.reduce((sum, w) => sum + widthOf(w), 0) +
        space * Math.max(0, line.words.length - 1) +
        // The highlight style's pop enlarges the spoken word for a moment: the line must hold it then too, or libass wraps it for that moment.
        (look === 'custom' && settings.style === 'highlight' ? Math.max(0, ...line.words.map(widthOf)) * (highlightPop.scale / 100 - 1) : 0);
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

export function lookEvents(look: CaptionLookChoice, ctx: LookLine): string[] {
  const { line, settings } = ctx;
  const shown = line.words.map((w) => displayWord(w.word, settings));
  const size = (w: WordTiming) => (ctx.emphasised.has(w) ? keywordPercent(look) : 100);
  const wordColour = assColor(settings.word_color);
  const lineColour = assColor(settings.line_color);
  const firstStart = line.words[0]?.start ?? line.start;
  const plainLine = (extra = '') => line.words.map((w, i) => plainWord(ctx, w, look, shown[i] ?? '', extra)).join(lineGap(settings));
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
      // The line fades in and fills from the line colour to the word colour as each word is spoken, in the
      // direction it is read (karaoke-fill.ts).
      const direction = writingOf(settings).direction;
      const parts = line.words.map((w, i) => {
        const gapBefore = i === 0 ? Math.max(0, w.start - line.start) : Math.max(0, w.start - (line.words[i - 1]?.end ?? w.start));
        return karaokeWord(shown[i] ?? '', gapBefore, w.end - w.start, direction, scale(size(w), ctx.fit));
      });
      return [layerEvent(0, 'Caption', line.start, line.end, `{\\fad(100,0)}${parts.join(lineGap(settings))}`)];
    }
    case 'boxed': {
      // A box in the word colour behind the spoken word (a second layer in the Box style, BorderStyle 3),
      // the word popping slightly; both layers size every word alike, so they lay out the same.
      const { peak, rise, settle } = lookMotion.bump;
      const events = lead((start, end) => [layerEvent(0, 'Caption', start, end, plainLine())]);
      line.words.forEach((w, i) => {
        const end = wordEnd(line, i);
        const spoken = bump(size(w), ctx.fit, peak, rise, settle);
        const below = line.words
          .map((v, j) => (j === i ? `{\\alpha&HFF&${spoken}}${shown[j] ?? ''}` : plainWord(ctx, v, look, shown[j] ?? '', '\\alpha&H00&')))
          .join(lineGap(settings));
        // The space after the spoken word belongs to the next (hidden) word, so the box ends at the word.
        const box = line.words
          .map((v, j) =>
            j === i ? `{\\alpha&H00&\\c${lineColour}${spoken}}${shown[j] ?? ''}{\\alpha&HFF&}` : `{\\alpha&HFF&${scale(size(v), ctx.fit)}}${shown[j] ?? ''}`,
          )
          .join(lineGap(settings));
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
          .map(
            (v, j) =>
              `{\\1c${wordColour}\\3c${wordColour}\\bord${glowBorder}\\blur${blur}\\shad0\\alpha${j === spokenIndex ? '&H00&' : dim}${scale(size(v), ctx.fit)}}${shown[j] ?? ''}`,
          )
          .join(lineGap(settings));
        const letters = line.words
          .map((v, j) => {
            const colour = ctx.emphasised.has(v) ? wordColour : lineColour;
            const outline = ctx.emphasised.has(v) ? lineColour : wordColour;
            const alpha = j === spokenIndex || spokenIndex < 0 ? '&H00&' : '&H30&';
            return `{\\1c${colour}\\3c${outline}\\bord${core}\\blur0.8\\shad0\\1a${alpha}${scale(size(v), ctx.fit)}}${shown[j] ?? ''}`;
          })
          .join(lineGap(settings));
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
          .map((v, j) =>
            plainWord(ctx, v, look, shown[j] ?? '', j === i ? `\\alpha&H00&${bump(size(v), ctx.fit, peak, rise, settle)}` : j > i ? ahead : '\\alpha&H00&'),
          )
          .join(lineGap(settings));
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
      return [event(line.start, line.end, line.words.map((w, i) => plain(w, i)).join(lineGap(settings)))];
    case 'karaoke': {
      const direction = writingOf(settings).direction;
      const parts = line.words.map((w, i) => {
        const gapBefore = i === 0 ? 0 : Math.max(0, w.start - (line.words[i - 1]?.end ?? w.start));
        return karaokeWord(shown[i] ?? '', gapBefore, w.end - w.start, direction, scale(size(w), fit));
      });
      return [event(line.start, line.end, parts.join(lineGap(settings)))];
    }
    case 'word_by_word':
      return line.words.map((w, i) => event(w.start, wordEnd(line, i), `{\\c${wordColour}${scale(size(w), fit)}}${shown[i] ?? ''}`));
    case 'highlight':
    case 'underline': {
      const { scale: peak, riseMs, fallMs } = highlightPop;
      const firstStart = line.words[0]?.start ?? line.start;
      const events: string[] = [];
      if (firstStart > line.start) events.push(event(line.start, firstStart, line.words.map((w, i) => plain(w, i)).join(lineGap(settings))));
      line.words.forEach((w, i) => {
        const emphasis =
          settings.style === 'highlight' ? `\\c${wordColour}${bump(size(w), fit, peak, riseMs, fallMs)}` : `\\u1\\c${wordColour}${scale(size(w), fit)}`;
        const text = line.words
          .map((v, j) => (j === i ? `{${emphasis}}${shown[j] ?? ''}{\\u${settings.underline ? 1 : 0}}` : plain(v, j)))
          .join(lineGap(settings));
        events.push(event(w.start, wordEnd(line, i), text));
      });
      return events;
    }
  }
}
