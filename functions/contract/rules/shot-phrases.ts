/**
 * Where phrases start, so shots cut between phrases rather than inside them (shot-plan.ts). A spoken
 * word opens a phrase after punctuation (a sentence's end, a comma, a colon or semicolon, a dash, an
 * ellipsis, in any script the captions draw), after a pause of the voice, or, weaker, on a word that
 * joins clauses ("and", "but", "because", "before" …, in English). Pure and small: the browser runs it too.
 */
import { defaultLanguage, type LanguageCode } from './languages';
import { endsSentence } from './segments';

/** How clearly a word opens a phrase: -1 it follows a word leaning on it, 0 not at all, 1 a joining word, 2 after punctuation or a pause. */
export type PhraseEdge = -1 | 0 | 1 | 2;

const phraseEnd = /[,;:—–…،、，；：]["'”’»)\]」』）】]*$/u;
/** Words that open a clause in English (a cut before them leaves each side a whole thought). */
const joiningWords = new Set(['and', 'but', 'so', 'or', 'because', 'then', 'when', 'while', 'if', 'until', 'before', 'after', 'unless', 'although', 'since']);
/** Words that lean on the next one in English: a cut right after them leaves them hanging ("a | pour over"). */
const leaningWords = new Set([
  'a',
  'an',
  'the',
  'your',
  'my',
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
  'with',
  'for',
  'in',
  'on',
  'at',
  'by',
  'from',
  'into',
  'very',
  'more',
  'most',
  'less',
  'just',
  'so',
  'too',
  'not',
  'no',
  'every',
  'each',
  'some',
  'any',
  'fresh',
  'good',
  'better',
  'best',
  'big',
  'small',
  'new',
]);
/** A pause of the voice this long between two words is a phrase edge. */
export const phrasePauseSeconds = 0.25;

/** Whether a piece of text ends a phrase (or a sentence). */
export function endsPhrase(text: string): boolean {
  return endsSentence(text) || phraseEnd.test(text);
}

/**
 * Each spoken word's phrase edge, by index. `tokens` are the script's words in order (punctuation alone
 * counts as a break after the word before it); `pauses[k]` (optional) is the voice's silence before spoken word k.
 */
export function phraseEdgesOf(
  tokens: readonly { text: string; spoken: number; sentenceStart?: boolean }[],
  pauses: readonly number[] = [],
  language: LanguageCode = defaultLanguage,
): PhraseEdge[] {
  const edges: PhraseEdge[] = [];
  let broken = true;
  let leaning = false;
  for (const token of tokens) {
    if (token.spoken < 0) {
      // A dash or other punctuation standing alone.
      broken = true;
      continue;
    }
    const word = token.text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
    const paused = (pauses[token.spoken] ?? 0) >= phrasePauseSeconds;
    edges[token.spoken] = broken || paused || token.sentenceStart ? 2 : language === 'en' && joiningWords.has(word) ? 1 : leaning ? -1 : 0;
    broken = endsPhrase(token.text);
    leaning = language === 'en' && leaningWords.has(word);
  }
  return edges;
}
