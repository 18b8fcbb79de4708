import { highlightPop } from './caption-layout';
import type { CaptionLine } from './caption-lines';
import { assColor, assTime, displayWord, lineGap, writingOf, type AssCaptionSettings } from './ass-format';
import { karaokeWord } from './karaoke-fill';

/** The product's (docs/product.md#captions) five caption styles as ASS events, drawn exactly as they were before looks existed. */

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
 * it stays one line (at 100 nothing is added: the product's (docs/product.md#captions) styles as they were).
 */
export function lineEvents(line: CaptionLine, settings: AssCaptionSettings, fit = 100): string[] {
  const fitted = fit < 100 ? `{\\fscx${fit}\\fscy${fit}}` : '';
  const dialogue = (start: number, end: number, text: string) => plainDialogue(start, end, `${fitted}${text}`);
  const words = line.words.map((w) => displayWord(w.word, settings));
  const wordColor = assColor(settings.word_color);
  switch (settings.style) {
    case 'classic':
      return [dialogue(line.start, line.end, words.join(lineGap(settings)))];
    case 'karaoke': {
      // \kf fills each word from the secondary (line) colour to the primary (word) colour as it is spoken
      // (right to left in Arabic and Hebrew: karaoke-fill.ts).
      const direction = writingOf(settings).direction;
      const parts = line.words.map((w, i) => {
        const gapBefore = i === 0 ? 0 : Math.max(0, w.start - (line.words[i - 1]?.end ?? w.start));
        return karaokeWord(words[i] ?? '', gapBefore, w.end - w.start, direction);
      });
      return [dialogue(line.start, line.end, parts.join(lineGap(settings)))];
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
      if (firstStart > line.start) events.push(dialogue(line.start, firstStart, words.join(lineGap(settings))));
      line.words.forEach((w, i) => {
        const end = i + 1 < line.words.length ? (line.words[i + 1]?.start ?? w.end) : line.end;
        const emphasis = settings.style === 'highlight' ? popOn(wordColor, fit) : `{\\u1\\c${wordColor}}`;
        const reset = settings.style === 'highlight' ? `{\\r}${fitted}` : `{\\u${settings.underline ? 1 : 0}\\c}`;
        const text = words.map((word, j) => (j === i ? `${emphasis}${word}${reset}` : word)).join(lineGap(settings));
        events.push(dialogue(w.start, end, text));
      });
      return events;
    }
  }
}
