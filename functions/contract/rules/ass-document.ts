import { captionPixels } from './caption-layout';
import { emphasisedWords, keywordPercent, lineFit, lookEvents, plainFitFloor } from './caption-look-events';
import { groupLines, type CaptionLine } from './caption-lines';
import { lineEvents } from './caption-style-events';
import { assColor, assDocument, styleLine, type AssCaptionSettings, type AssOptions, type WordTiming } from './ass-format';

/**
 * Builds the ASS subtitle file burned into a 1080x1920 video by libass: lines of at most
 * `max_words_per_line` words broken at sentence and phrase boundaries (caption-line-breaks.ts), timed
 * by the voice-over's word timings, in one of five styles or a named look, inside the vertical-video
 * safe zone (caption-layout.ts). Pure and zod-free: the render (core/captions/ass-builder.ts) and the
 * browser's exact preview (libass in WebAssembly) build the same file from here.
 */
export { assColor, assTime, captionFontNames, escapeAssText, videoHeight, videoWidth, type AssCaptionSettings, type AssOptions, type WordTiming } from './ass-format';
export { groupLines, type CaptionLine } from './caption-lines';

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
