import { languages, type LanguageCode } from '../../contract/languages';
import type { WordTiming } from '../../contract/rules/ass-document';
import { languageWords } from '../../contract/rules/language-words';

/** One spoken word and when it is heard (the contract's type: the ASS file is built there). */
export type { WordTiming };

/** ElevenLabs' `convertWithTimestamps` alignment: one entry per character. */
export interface CharacterAlignment {
  characters: string[];
  characterStartTimesSeconds: number[];
  characterEndTimesSeconds: number[];
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;
const spoken = /[\p{L}\p{N}]/u;

/**
 * Groups per-character timings into words: a word is a run of non-space characters; its start is
 * its first character's start and its end its last character's end. A run with no letter or digit
 * (a dash, an ellipsis) is not a word of its own: it joins the word before it (or the one after,
 * at the start), so captions never show a lone "—". Times are rounded to the millisecond.
 */
export function wordsFromCharacters(alignment: CharacterAlignment, language?: LanguageCode): WordTiming[] {
  if (language !== undefined && !languages[language].spaceSeparated) return segmentedWords(alignment, language);
  const runs: WordTiming[] = [];
  let current: WordTiming | undefined;
  alignment.characters.forEach((char, i) => {
    const start = alignment.characterStartTimesSeconds[i] ?? 0;
    const end = alignment.characterEndTimesSeconds[i] ?? start;
    if (/\s/.test(char)) {
      if (current) runs.push(current);
      current = undefined;
      return;
    }
    if (!current) current = { word: char, start, end };
    else {
      current.word += char;
      current.end = end;
    }
  });
  if (current) runs.push(current);

  const words: WordTiming[] = [];
  let leading: WordTiming | undefined;
  for (const run of runs) {
    const previous = words[words.length - 1];
    if (!spoken.test(run.word)) {
      if (previous) {
        previous.word += ` ${run.word}`;
        previous.end = Math.max(previous.end, run.end);
      } else leading = leading ? { ...leading, word: `${leading.word} ${run.word}`, end: run.end } : { ...run };
      continue;
    }
    if (leading) {
      words.push({ word: `${leading.word} ${run.word}`, start: leading.start, end: run.end });
      leading = undefined;
    } else words.push({ ...run });
  }
  return words.map((w) => ({ word: w.word, start: round3(w.start), end: round3(Math.max(w.end, w.start)) }));
}

/**
 * Per-character timings grouped into the words of a language written without spaces (Japanese,
 * Chinese): the words are `languageWords` of the spoken text (`Intl.Segmenter`, punctuation kept on the
 * word before it), each timed from its first character's start to its last's end. The characters are
 * walked in order, white space skipped, so each word takes exactly its own characters.
 */
function segmentedWords(alignment: CharacterAlignment, language: LanguageCode): WordTiming[] {
  const characters = alignment.characters;
  const words: WordTiming[] = [];
  let index = 0;
  for (const word of languageWords(characters.join(''), language)) {
    let remaining = word;
    let first: number | undefined;
    let last: number | undefined;
    while (remaining !== '' && index < characters.length) {
      const char = characters[index] ?? '';
      if (char !== '' && remaining.startsWith(char)) {
        first ??= index;
        last = index;
        remaining = remaining.slice(char.length);
      } else if (!/^\s*$/.test(char)) break;
      index += 1;
    }
    if (first === undefined || last === undefined) break;
    const start = alignment.characterStartTimesSeconds[first] ?? 0;
    const end = alignment.characterEndTimesSeconds[last] ?? start;
    words.push({ word, start: round3(start), end: round3(Math.max(end, start)) });
  }
  return words;
}
