import type { WordTiming } from '../../contract/rules/ass-document';

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
export function wordsFromCharacters(alignment: CharacterAlignment): WordTiming[] {
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
