import { captionPixels } from './caption-layout';
import { emphasisedWords, keywordPercent, lineFit, lookEvents, plainFitFloor } from './caption-look-events';
import { groupLines, type CaptionLine } from './caption-lines';
import { lineEvents } from './caption-style-events';
import {
  assColor,
  assDocument,
  captionFontNames,
  shownWord,
  styleLine,
  withWriting,
  type AssCaptionSettings,
  type AssOptions,
  type WordTiming,
} from './ass-format';
import { captionWords } from './caption-scripts';
import { captionScriptFontsNeeded, type ScriptFont } from './caption-script-fonts';

/**
 * Builds the ASS subtitle file burned into a 1080x1920 video by libass: lines of at most
 * `max_words_per_line` words broken at sentence and phrase boundaries (caption-line-breaks.ts), timed
 * by the voice-over's word timings, in one of five styles or a named look, inside the vertical-video
 * safe zone (caption-layout.ts). Pure and zod-free: the render (core/captions/ass-builder.ts) and the
 * browser's exact preview (libass in WebAssembly) build the same file from here.
 */
export {
  assColor,
  assTime,
  captionFontNames,
  escapeAssText,
  videoHeight,
  videoWidth,
  type AssCaptionSettings,
  type AssOptions,
  type WordTiming,
} from './ass-format';
export { groupLines, type CaptionLine } from './caption-lines';

/**
 * The caption words of the voice-over's words in the text's writing (cut at words where the language
 * has no spaces: caption-scripts.ts) and the settings with that writing resolved.
 */
export function writtenWords<S extends AssCaptionSettings>(
  spoken: readonly WordTiming[],
  given: S,
): { words: WordTiming[]; settings: S & Required<Pick<AssCaptionSettings, 'writing'>> } {
  const settings = withWriting(spoken, given);
  return { words: captionWords(spoken, settings.writing), settings };
}

/**
 * The ASS file of the captions: the product's (docs/product.md#captions) plain styles when no look is chosen (exactly as before looks
 * existed), else the chosen look's animation with keyword emphasis (caption-looks.ts).
 */
export function buildAss(spoken: readonly WordTiming[], given: AssCaptionSettings, options: AssOptions): string {
  const { words, settings } = writtenWords(spoken, given);
  if (!settings.look) {
    const none = new Set<WordTiming>();
    const events = groupLines(words, settings.max_words_per_line).flatMap((line) =>
      lineEvents(line, settings, Math.max(plainFitFloor, lineFit(line, settings, none, 'custom', 1))),
    );
    return assDocument([styleLine('Caption', settings, options)], events);
  }
  const look = settings.look;
  const emphasised = emphasisedWords(words, settings.emphasis ?? {});
  const lines = groupLines(words, settings.max_words_per_line);
  const events = lines.flatMap((line) => lookEvents(look, { line, settings, emphasised, fit: lineFit(line, settings, emphasised, look) }));
  const styles = [
    styleLine('Caption', settings, options, look === 'karaoke' ? {} : { primary: assColor(settings.line_color), secondary: assColor(settings.word_color) }),
  ];
  if (look === 'karaoke') styles[0] = styleLine('Caption', { ...settings, style: 'karaoke' }, options);
  if (look === 'boxed') {
    const pad = Math.round(captionPixels(settings.font_size) * 0.14);
    styles.push(
      styleLine('Box', settings, options, {
        primary: assColor(settings.line_color),
        outlineColour: assColor(settings.word_color),
        borderStyle: 3,
        outline: pad,
        shadow: 0,
      }),
    );
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
export function captionLineLayouts(spoken: readonly WordTiming[], given: AssCaptionSettings): CaptionLineLayout[] {
  const { words, settings } = writtenWords(spoken, given);
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

/** The script fonts the captions draw besides the chosen family (the render's font folder, the preview's downloads). */
export function captionScriptFontsOf(spoken: readonly WordTiming[], given: AssCaptionSettings): ScriptFont[] {
  const { words, settings } = writtenWords(spoken, given);
  return captionScriptFontsNeeded(
    words.map((w) => shownWord(w.word, settings)),
    captionFontNames[settings.font_family],
    settings.writing,
  );
}
