/**
 * Where caption lines break (docs/decisions/captions.md#captions-line-breaks); pure, shared by the render
 * (core/captions/ass-builder.ts) and the browser's exact preview. A line never holds the end of
 * one sentence and the start of the next; inside a sentence the breaks are chosen together (the
 * cheapest set, by dynamic programming) so that lines end after punctuation (comma, semicolon, colon,
 * dash, ellipsis), at a pause of the voice or before a conjunction, not after a word that leads into
 * the next one ("the", "of", "to"…), with few lines and no lone word where a better split exists.
 * `maxWords` is always the upper bound of a line.
 */

/** Characters that may close a word after its punctuation: quotes and brackets. */
const closers = `"'\u201d\u2019)\\]}\u300d\u300f\uff09`;
const trailing = new RegExp(`[${closers}]+$`, 'u');

/** Abbreviations whose full stop does not end a sentence. */
const abbreviations = new Set([
  'mr.',
  'mrs.',
  'ms.',
  'dr.',
  'st.',
  'vs.',
  'etc.',
  'e.g.',
  'i.e.',
  'approx.',
  'jr.',
  'sr.',
  'prof.',
  'inc.',
  'ltd.',
  'co.',
  'u.s.',
  'a.m.',
  'p.m.',
]);

/** Words that lead into the next one: a line should not end on them. */
const leading = new Set([
  'a',
  'an',
  'the',
  'my',
  'your',
  'our',
  'their',
  'his',
  'her',
  'its',
  'this',
  'that',
  'these',
  'those',
  'of',
  'to',
  'in',
  'on',
  'at',
  'for',
  'with',
  'from',
  'by',
  'about',
  'into',
  'onto',
  'over',
  'under',
  'after',
  'before',
  'between',
  'through',
  'without',
  'and',
  'or',
  'but',
  'nor',
  'so',
  'if',
  'than',
  'as',
  'is',
  'are',
  'was',
  'be',
  'very',
  'more',
  'most',
  'not',
  'no',
  "don't",
  "can't",
  "won't",
  'i',
  "i'm",
  "it's",
  'we',
  'you',
  'they',
]);

const articles = new Set(['a', 'an', 'the']);

/** Words a new line may well start with: a break before them is nearly as good as after a comma. */
const clauseStarters = new Set(['and', 'but', 'or', 'so', 'because', 'then', 'when', 'while', 'which', 'who', 'where', 'until', 'unless', 'although', 'if']);

/** The bare word: lower case, without closing quotes and brackets. */
function core(word: string): string {
  return word.toLowerCase().replace(trailing, '');
}

/** Letters only, for the word lists. */
function bare(word: string): string {
  return core(word).replace(/^[^\p{L}\p{N}']+|[^\p{L}\p{N}']+$/gu, '');
}

/** True when the word ends a sentence: `.`, `!`, `?` (not an abbreviation, not an ellipsis), closers allowed after. */
export function endsSentence(word: string): boolean {
  const w = core(word);
  if (/(\.\.\.|\u2026)$/u.test(w)) return false;
  // Full-width marks end sentences in Japanese and Chinese, "।" and "॥" in Hindi, "؟" in Arabic.
  if (/[!?\u3002\uff01\uff1f\u0964\u0965\u061f\u06d4]$/u.test(w)) return true;
  if (!w.endsWith('.')) return false;
  if (abbreviations.has(w.replace(/^[^\p{L}\p{N}]+/u, ''))) return false;
  // A single letter with a full stop is an initial ("J."), not a sentence.
  return !/^\p{L}\.$/u.test(w);
}

/** How strongly punctuation invites a break after the word: 0 none, 1 a comma, 2 ; : — – ... */
export function clauseStrength(word: string): 0 | 1 | 2 {
  const w = core(word);
  if (/([;:\u2014\u2013\uff1b\uff1a\u061b]|\s-|--|\.\.\.|\u2026)$/u.test(w) || /^[\u2014\u2013-]+$/u.test(w)) return 2;
  // The comma, and the Japanese and Chinese commas and the Arabic one.
  if (/[,\u3001\uff0c\u060c]$/u.test(w)) return 1;
  return 0;
}

export interface TimedWord {
  word: string;
  start: number;
  end: number;
}

/** The weights of the choice (exported for the tests' understanding; the decision record lists them). */
export const breakCosts = {
  /** Every line costs this much: fewer lines are better. */
  line: 3,
  /** A break after a word with no punctuation. */
  plain: 6,
  /** After a comma. */
  comma: 1,
  /** After ; : — – or an ellipsis. */
  clause: 0,
  /** Before a word that starts a clause (and, but, because…). */
  beforeClause: 2,
  /** The voice pauses (≥ `pauseSeconds`) between the two words: taken off a plain break. */
  pause: 3,
  pauseSeconds: 0.25,
  /** After a word that leads into the next ("of", "to", "and"…), and more after an article ("a", "an", "the"). */
  afterLeading: 7,
  afterArticle: 10,
  /**
   * A line of one word in a sentence of several: opening the sentence or a phrase ("Honestly,"), closing
   * it (a widow: "…night | before."), or between two lines of one phrase.
   */
  loneFirst: 6,
  /**
   * A one-word line opening a sentence with nothing to set it apart (no comma after it, no pause): a lone
   * "HERE" at the start reads as a mistake, so it costs more than any other split.
   */
  loneOpening: 16,
  loneLast: 8,
  loneMiddle: 9,
} as const;

/** A one-word line at the start of a sentence or phrase, at its end, or between two lines of one phrase. */
function loneCost(words: readonly TimedWord[], start: number): number {
  const previous = words[start - 1];
  const word = words[start];
  const next = words[start + 1];
  if (!previous && word && next && clauseStrength(word.word) === 0 && next.start - word.end < breakCosts.pauseSeconds) return breakCosts.loneOpening;
  if (!previous || clauseStrength(previous.word) > 0) return breakCosts.loneFirst;
  return start === words.length - 1 || (word && clauseStrength(word.word) > 0) ? breakCosts.loneLast : breakCosts.loneMiddle;
}

function breakCost(words: readonly TimedWord[], after: number): number {
  const word = words[after];
  const next = words[after + 1];
  if (!word || !next) return 0;
  const strength = clauseStrength(word.word);
  if (strength === 2) return breakCosts.clause;
  if (strength === 1) return breakCosts.comma;
  let cost: number = clauseStarters.has(bare(next.word)) ? breakCosts.beforeClause : breakCosts.plain;
  if (next.start - word.end >= breakCosts.pauseSeconds) cost = Math.max(0, cost - breakCosts.pause);
  const last = bare(word.word);
  if (articles.has(last)) cost += breakCosts.afterArticle;
  else if (leading.has(last)) cost += breakCosts.afterLeading;
  return cost;
}

/** The best lines of one sentence, as word counts, by dynamic programming over the break positions. */
function breakSentence(words: readonly TimedWord[], maxWords: number): number[] {
  const n = words.length;
  if (n <= maxWords) return [n];
  const best: number[] = new Array<number>(n + 1).fill(Number.POSITIVE_INFINITY);
  const take: number[] = new Array<number>(n + 1).fill(0);
  best[0] = 0;
  for (let end = 1; end <= n; end++) {
    for (let size = 1; size <= Math.min(maxWords, end); size++) {
      const start = end - size;
      const before = best[start] ?? Number.POSITIVE_INFINITY;
      const lone = size === 1 && maxWords > 1 ? loneCost(words, start) : 0;
      const cost = before + breakCosts.line + lone + breakCost(words, end - 1);
      // Sizes are tried shortest first and only a cheaper choice replaces one: a tie keeps the shorter
      // last line, so earlier lines are the longer ones ("Your espresso deserves | fresh beans.").
      if (cost < (best[end] ?? Number.POSITIVE_INFINITY)) {
        best[end] = cost;
        take[end] = size;
      }
    }
  }
  const sizes: number[] = [];
  for (let end = n; end > 0; end -= take[end] ?? 1) sizes.unshift(take[end] ?? 1);
  return sizes;
}

/** Splits the words into sentences: each ends with a word that `endsSentence`, or with the text. */
export function sentencesOf<T extends TimedWord>(words: readonly T[]): T[][] {
  const sentences: T[][] = [];
  let current: T[] = [];
  for (const word of words) {
    current.push(word);
    if (endsSentence(word.word)) {
      sentences.push(current);
      current = [];
    }
  }
  if (current.length > 0) sentences.push(current);
  return sentences;
}

/** The caption lines: at most `maxWords` words each, never across a sentence, broken where a person would. */
export function breakLines<T extends TimedWord>(words: readonly T[], maxWords: number): T[][] {
  const max = Math.max(1, Math.floor(maxWords));
  const lines: T[][] = [];
  for (const sentence of sentencesOf(words)) {
    let at = 0;
    for (const size of breakSentence(sentence, max)) {
      lines.push(sentence.slice(at, at + size));
      at += size;
    }
  }
  return lines;
}
