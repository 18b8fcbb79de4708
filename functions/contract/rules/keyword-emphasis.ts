/**
 * Keyword emphasis: the spoken words that carry a sentence get the highlight colour and a
 * larger size in the captions, and a punch-in of the picture. Pure and shared: the render's captions,
 * its motion and the browser's preview all ask this one rule, so they emphasise the same words.
 *
 * A word is emphasised when it is a number (digits, or a number word such as "three"), a name (a
 * capitalised word that does not open its sentence), or, in a sentence with neither, its longest
 * content word of at least six letters (not an adverb in -ly). At most one word in `minGap` is emphasised, so emphasis stays
 * rare enough to mean something; a creator's own choice per word (`overrides`) always wins.
 */
export const emphasisMinGap = 4;

const numberWords = new Set([
  'zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve',
  'twenty', 'thirty', 'forty', 'fifty', 'hundred', 'thousand', 'million', 'billion', 'half', 'double', 'twice',
  'first', 'second', 'third', 'fourth', 'fifth',
]);

const plainWords = new Set([
  'about', 'after', 'again', 'always', 'another', 'because', 'before', 'between', 'cannot', 'could', 'different',
  'during', 'either', 'enough', 'everything', 'everyone', 'little', 'actually', 'really', 'should', 'something',
  'thing', 'things', 'though', 'through', 'without', 'would', 'yourself', 'people', 'around', 'little', 'almost',
  'already', 'anything', 'nothing', 'rather', 'whether', 'within', 'instead', 'itself', 'others', 'simply',
]);

/** The word without its punctuation (what is compared); empty for a run with no letter or digit. */
export function bareWord(word: string): string {
  return word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
}

function endsSentence(word: string): boolean {
  return /[.!?]["')\]]*$/.test(word);
}

function isNumber(bare: string): boolean {
  return /\p{N}/u.test(bare) || numberWords.has(bare.toLowerCase());
}

function isName(bare: string, opensSentence: boolean): boolean {
  return !opensSentence && bare.length >= 2 && /^\p{Lu}/u.test(bare);
}

/** Per-word choices a creator made: a word's index in the voice-over → emphasised or not. */
export type EmphasisOverrides = Readonly<Record<number, boolean>>;

/**
 * The indexes of the emphasised words among `words` (the voice-over's words, in order, as spoken,
 * punctuation attached).
 */
export function emphasisedWordIndexes(words: readonly string[], overrides: EmphasisOverrides = {}): number[] {
  const strong = new Set<number>();
  let sentenceStart = 0;
  const sentences: Array<[number, number]> = [];
  words.forEach((word, i) => {
    if (endsSentence(word) || i === words.length - 1) {
      sentences.push([sentenceStart, i + 1]);
      sentenceStart = i + 1;
    }
  });
  for (const [from, to] of sentences) {
    let found = false;
    for (let i = from; i < to; i++) {
      const bare = bareWord(words[i] ?? '');
      if (bare && (isNumber(bare) || isName(bare, i === from))) {
        strong.add(i);
        found = true;
      }
    }
    if (found) continue;
    let best = -1;
    let bestLength = 5;
    for (let i = from; i < to; i++) {
      const bare = bareWord(words[i] ?? '').toLowerCase();
      if (bare.length > bestLength && !plainWords.has(bare) && !bare.endsWith('ly')) {
        best = i;
        bestLength = bare.length;
      }
    }
    if (best >= 0) strong.add(best);
  }
  // Rare enough to mean something: at most one in `emphasisMinGap` words (the earlier one stays).
  const chosen: number[] = [];
  for (const index of [...strong].sort((a, b) => a - b)) {
    const last = chosen[chosen.length - 1];
    if (last === undefined || index - last >= emphasisMinGap) chosen.push(index);
  }
  const result = new Set(chosen);
  for (const [key, on] of Object.entries(overrides)) {
    const index = Number(key);
    if (!Number.isInteger(index) || index < 0 || index >= words.length) continue;
    if (on) result.add(index);
    else result.delete(index);
  }
  return [...result].sort((a, b) => a - b);
}
