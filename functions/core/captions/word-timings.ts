/** One spoken word and when it is heard, in seconds from the start of the voice-over. */
export interface WordTiming {
  word: string;
  start: number;
  end: number;
}

/** ElevenLabs' `convertWithTimestamps` alignment: one entry per character. */
export interface CharacterAlignment {
  characters: string[];
  characterStartTimesSeconds: number[];
  characterEndTimesSeconds: number[];
}

/**
 * Groups per-character timings into words: a word is a run of non-space characters; its start is
 * its first character's start and its end its last character's end.
 */
export function wordsFromCharacters(alignment: CharacterAlignment): WordTiming[] {
  const words: WordTiming[] = [];
  let current: WordTiming | undefined;
  alignment.characters.forEach((char, i) => {
    const start = alignment.characterStartTimesSeconds[i] ?? 0;
    const end = alignment.characterEndTimesSeconds[i] ?? start;
    if (/\s/.test(char)) {
      if (current) words.push(current);
      current = undefined;
      return;
    }
    if (!current) current = { word: char, start, end };
    else {
      current.word += char;
      current.end = end;
    }
  });
  if (current) words.push(current);
  return words;
}
