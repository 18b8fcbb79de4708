/**
 * Keyword emphasis: the spoken words that carry a sentence get the highlight colour and a
 * larger size in the captions, and a punch-in of the picture. Pure and shared: the render's captions,
 * its motion and the browser's preview all ask this one rule, so they emphasise the same words.
 *
 * Each sentence offers its candidates, strongest first: the word of the script's topic it says (a content
 * word whose stem comes back in another sentence: "coffee", "beans", "grind"), numbers (digits or number
 * words), names (a capitalised word that does not open its sentence), its longest content word of at
 * least six letters (not an adverb in -ly), and last the ordinals that open list items ("First,"), so a
 * tip's emphasis lands on what it is about, not only on its number. At most one word in `minGap` is
 * emphasised (the stronger candidate wins, then the earlier), so emphasis stays rare enough to mean
 * something; a creator's own choice per word (`overrides`) always wins.
 */
import { sameStem } from './word-stems';

export const emphasisMinGap = 4;

const numberWords = new Set([
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'twenty',
  'thirty',
  'forty',
  'fifty',
  'hundred',
  'thousand',
  'million',
  'billion',
  'half',
  'double',
  'twice',
]);
const ordinalWords = new Set(['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth']);
/** Common words that come back in any script without being its topic. */
const everydayWords = new Set([
  'that',
  'this',
  'these',
  'those',
  'with',
  'your',
  'yours',
  'have',
  'will',
  'what',
  'when',
  'then',
  'than',
  'they',
  'them',
  'their',
  'there',
  'here',
  'just',
  'more',
  'most',
  'make',
  'makes',
  'made',
  'like',
  'want',
  'need',
  'know',
  'keep',
  'take',
  'give',
  'come',
  'good',
  'better',
  'best',
  'time',
  'times',
  'every',
  'each',
  'much',
  'many',
  'some',
  'only',
  'even',
  'also',
  'still',
  'over',
  'into',
  'from',
  'does',
  'doing',
  'done',
  'been',
  'were',
  'which',
  'while',
  'where',
  'other',
  'same',
  'whole',
  'most',
  'ever',
  'very',
  'well',
  'right',
  'start',
  'follow',
  'save',
  'today',
  'tomorrow',
  'week',
  'day',
  'days',
  'part',
  'works',
  'work',
  'look',
  'think',
  'feel',
  'try',
  'thank',
  'thanks',
  'simple',
  'small',
  'little',
  'happen',
  'real',
  'really',
  'next',
  'last',
  'finally',
]);

const plainWords = new Set([
  'about',
  'after',
  'again',
  'always',
  'another',
  'because',
  'before',
  'between',
  'cannot',
  'could',
  'different',
  'during',
  'either',
  'enough',
  'everything',
  'everyone',
  'little',
  'actually',
  'really',
  'should',
  'something',
  'thing',
  'things',
  'though',
  'through',
  'without',
  'would',
  'yourself',
  'people',
  'around',
  'little',
  'almost',
  'already',
  'anything',
  'nothing',
  'rather',
  'whether',
  'within',
  'instead',
  'itself',
  'others',
  'simply',
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

function isContent(bare: string): boolean {
  return bare.length >= 4 && !plainWords.has(bare) && !everydayWords.has(bare) && !bare.endsWith('ly') && !/\p{N}/u.test(bare);
}

/** Candidate strengths: the topic's word, a number, a name, the longest content word, an ordinal. */
const strength = { topic: 5, number: 4, name: 3, content: 2, ordinal: 1 } as const;

/**
 * The indexes of the emphasised words among `words` (the voice-over's words, in order, as spoken,
 * punctuation attached).
 */
export function emphasisedWordIndexes(words: readonly string[], overrides: EmphasisOverrides = {}): number[] {
  let sentenceStart = 0;
  const sentences: Array<[number, number]> = [];
  words.forEach((word, i) => {
    if (endsSentence(word) || i === words.length - 1) {
      sentences.push([sentenceStart, i + 1]);
      sentenceStart = i + 1;
    }
  });
  const bare = words.map((word) => bareWord(word).toLowerCase());
  const sentenceOf = (i: number) => sentences.findIndex(([from, to]) => i >= from && i < to);
  // A topic word: its stem is said in at least two sentences of the script.
  const sentencesSaying = (i: number) => new Set(bare.flatMap((other, j) => (isContent(other) && sameStem(other, bare[i] ?? '') ? [sentenceOf(j)] : []))).size;
  const candidates: { index: number; weight: number }[] = [];
  for (const [from, to] of sentences) {
    let topic = -1;
    let topicReach = 1;
    let longest = -1;
    let longestLength = 5;
    for (let i = from; i < to; i++) {
      const word = bareWord(words[i] ?? '');
      const lower = bare[i] ?? '';
      if (!word) continue;
      // An ordinal counts where it opens a list item ("First, …"); elsewhere ("try first?") it is an ordinary word.
      if (ordinalWords.has(lower)) {
        if (i === from) candidates.push({ index: i, weight: strength.ordinal });
      } else if (isNumber(word)) candidates.push({ index: i, weight: strength.number });
      else if (isName(word, i === from)) candidates.push({ index: i, weight: strength.name });
      else if (isContent(lower)) {
        const reach = sentencesSaying(i);
        if (reach > topicReach || (reach === topicReach && reach > 1 && lower.length > (bare[topic] ?? '').length)) {
          topic = i;
          topicReach = reach;
        }
        if (lower.length > longestLength) {
          longest = i;
          longestLength = lower.length;
        }
      }
    }
    if (topic >= 0) candidates.push({ index: topic, weight: strength.topic });
    else if (longest >= 0) candidates.push({ index: longest, weight: strength.content });
  }
  // Rare enough to mean something: at most one in `emphasisMinGap` words (the stronger, then the earlier, stays).
  const chosen: number[] = [];
  for (const { index } of candidates.sort((a, b) => b.weight - a.weight || a.index - b.index)) {
    if (chosen.every((other) => Math.abs(index - other) >= emphasisMinGap)) chosen.push(index);
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
