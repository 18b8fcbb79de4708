/**
 * What the extra instructions explicitly ask the offline writer for: a number of tips, steps
 * or reasons ("three quick tips", "5 steps"), a closing or opening question, each listed item in its own
 * sentence, and the items themselves. The ask phrases are taken out before the items are read, so
 * "latte and three quick tips" yields the item "latte", never "three quick tips".
 */

/** The kind of list a counted ask wants: actionable tips, reasons, or mistakes to avoid. */
export type CountKind = 'tip' | 'reason' | 'mistake';

export interface CountAsk {
  n: number;
  /** The noun as asked, singular ("tip", "step", "way"). */
  noun: string;
  /** Words between the number and the noun ("quick"), at most two. */
  adjectives: string;
  kind: CountKind;
}

export interface ScriptAsks {
  count?: CountAsk;
  endWithQuestion: boolean;
  openWithQuestion: boolean;
  /** "Mention each item in its own sentence": never fold the items into one listing sentence. */
  ownSentences: boolean;
  /** The things to talk about, in their order, at most `maxItems`. */
  items: string[];
  /** What the instructions are about once the asks are taken out ("better sleep tonight"), if they name it. */
  topic?: string;
}

export const maxCount = 10;
export const maxItems = 5;

const numberWords = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
const countNouns: Record<string, CountKind> = {
  tip: 'tip',
  step: 'tip',
  way: 'tip',
  idea: 'tip',
  trick: 'tip',
  hack: 'tip',
  habit: 'tip',
  rule: 'tip',
  thing: 'tip',
  lesson: 'tip',
  secret: 'tip',
  reason: 'reason',
  mistake: 'mistake',
};
const countPattern = new RegExp(
  `\\b(?:top\\s+)?(\\d{1,2}|${numberWords.slice(1).join('|')})\\s+((?:[a-z][a-z-]*\\s+){0,2}?)(${Object.keys(countNouns).join('|')})s?\\b`,
  'i',
);
const endQuestion =
  /\b(?:end|finish|close|conclude|wrap(?:\s+it)?\s+up)(?:\s+(?:it|each(?:\s+one|\s+script)?|the\s+(?:script|video|post|clip)s?))?\s+(?:with|on|by\s+asking)\s+(?:a\s+|an\s+|one\s+)?(?:[a-z-]+\s+)?question\b|\b(?:ending|closing|final)\s+question\b|\bquestion\s+at\s+the\s+end\b|\bask\s+(?:the\s+)?(?:viewers?|audience|followers|people|them)\s+(?:a\s+)?question\s+at\s+the\s+end\b/gi;
const openQuestion =
  /\b(?:start|open|begin)(?:\s+(?:it|each(?:\s+one|\s+script)?|the\s+(?:script|video|post|clip)s?))?\s+(?:with|on)\s+(?:a\s+|an\s+)?(?:[a-z-]+\s+)?question\b|\b(?:opening)\s+question\b/gi;
const ownSentence =
  /\b(?:each|every)\b[^.!?:]{0,40}?\b(?:in|with|gets?)\s+(?:its|their|a)\s+own\s+sentence\b|\bone\s+sentence\s+(?:each|per\s+\w+|for\s+each(?:\s+\w+)?)\b|\b(?:in\s+)?(?:separate|individual)\s+sentences\b/gi;

function numberOf(word: string): number {
  const index = numberWords.indexOf(word.toLowerCase());
  return index >= 0 ? index : Number(word);
}

const leadIn =
  /\b(?:talk(?:ing)? about|about|mention(?:ing)?|cover(?:ing)?|includ(?:e|ing)|focus(?:ing)? on|featur(?:e|ing)|explain(?:ing)?|discuss(?:ing)?|tips? (?:on|for|about)|show(?:ing)?)\s+(.+)$/i;
/** Instructions about style, not subjects ("Make it useful", "keep it short, punchy"). */
const styleClause = /^\s*(?:make|keep|be|sound|use|write|add|avoid|don'?t|do not|end|start|open|close|stay|give|tell)\b/i;
const stopWords = new Set(
  'a an the and or but of for to in on at by with about into from your my our their this that these those is are be how what why make write create script video please some more tips talk mention cover include focus explain discuss each every item items listed list'.split(
    ' ',
  ),
);
const leadingFiller = new Set(['the', 'a', 'an', 'some', 'my', 'your', 'our', 'their', 'how', 'to', 'also', 'then', 'more']);
const styleWords = new Set([
  'useful',
  'short',
  'fun',
  'funny',
  'engaging',
  'simple',
  'casual',
  'friendly',
  'punchy',
  'informative',
  'professional',
  'energetic',
  'clear',
  'concise',
  'it',
  'this',
]);

/** A clause with no lead-in, no comma and no style request is a list only when it is short "a and b". */
function isAndList(clause: string): boolean {
  const words = clause.trim().split(/\s+/);
  return /\band\b/i.test(clause) && words.length <= 8 && clause.split(/\band\b/i).every((piece) => piece.trim().split(/\s+/).length <= 3);
}

/** The things the instructions ask for, in their order, at most five ("Talk about grinders, beans and milk frothing"). */
export function subjectsOf(instructions: string): string[] {
  const found: string[] = [];
  const seen = new Set<string>();
  for (const clause of instructions.split(/[.!?\n:]+/)) {
    const listLike = !styleClause.test(clause) && (clause.includes(',') || isAndList(clause));
    const asked = clause.match(leadIn)?.[1] ?? (listLike ? clause : undefined);
    if (!asked) continue;
    for (const piece of asked.split(/,|;|&|\/|\band\b|\bor\b|\bplus\b/i)) {
      const words = piece
        .replace(/[^\p{L}\p{N}\s'-]/gu, ' ')
        .split(/\s+/)
        .filter(Boolean);
      while (words.length > 0 && leadingFiller.has(words[0]!.toLowerCase())) words.shift();
      if (words.length === 0 || words.length > 4) continue;
      if (words.every((word) => stopWords.has(word.toLowerCase()) || styleWords.has(word.toLowerCase()))) continue;
      const phrase = words.map((word) => (/^[A-Z]{2,}/.test(word) ? word : word.toLowerCase())).join(' ');
      if (phrase.length > 40 || seen.has(phrase.toLowerCase())) continue;
      seen.add(phrase.toLowerCase());
      found.push(phrase);
      if (found.length >= maxItems) return found;
    }
  }
  return found;
}

/** Words that open an instruction without saying what it is about ("make a video about", "give", "write"). */
const instructionVerbs = new Set([
  'make',
  'write',
  'create',
  'give',
  'share',
  'tell',
  'list',
  'keep',
  'add',
  'do',
  'film',
  'record',
  'post',
  'try',
  'need',
  'want',
  'you',
  'we',
  'i',
  'should',
  'can',
  'could',
  'would',
  'will',
  'must',
  'which',
  'who',
]);
/** When the ask is for, not what it is about: "better sleep tonight" is about "better sleep". */
const whenWords = new Set(['tonight', 'today', 'now', 'asap', 'tomorrow']);
/** A topic is a phrase, not the instructions' whole text: at most this many words. */
const topicWords = 6;

/**
 * A clause without the words around it that only instruct or say when, at most `maxWords` words: "stretch
 * every morning" of "Why you should stretch every morning", "cold brew at home" of "How to make cold brew
 * at home"; none when nothing but style is left ("Make it useful").
 */
export function phraseOf(clause: string, maxWords: number): string | undefined {
  const filler = (word: string) => stopWords.has(word.toLowerCase()) || instructionVerbs.has(word.toLowerCase());
  const words = clause
    .replace(/[^\p{L}\p{N}\s'&-]/gu, ' ')
    .split(/\s+/)
    .filter(Boolean);
  while (words.length > 0 && filler(words[0]!)) words.shift();
  const kept = words.slice(0, maxWords);
  while (kept.length > 1 && whenWords.has(kept[kept.length - 1]!.toLowerCase())) kept.pop();
  while (kept.length > 0 && filler(kept[kept.length - 1]!)) kept.pop();
  if (kept.length === 0 || kept.every((word) => styleWords.has(word.toLowerCase()))) return undefined;
  return kept.join(' ');
}

/**
 * The first clause that names a subject, without the words around it that only instruct: "better sleep
 * tonight" of "(three quick tips) for better sleep tonight", "morning routines" of "Make a video about
 * morning routines"; none for "Make it useful".
 */
function topicOfClauses(rest: string, items: readonly string[]): string | undefined {
  // A clause that lists the items is not the topic: the items are talked about one by one.
  const listed = items.map((item) => new RegExp(`(?:^|\\s)${item.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:\\s|$)`, 'i'));
  // A clause's purpose can name the topic when the clause itself lists items ("milk frothing for a better morning coffee").
  const candidates = rest.split(/[.!?,;:\n]+/).flatMap((clause) => [clause, ...(/\bfor\s+(.+)$/i.exec(clause)?.slice(1) ?? [])]);
  for (const clause of candidates) {
    const phrase = phraseOf(clause, topicWords);
    if (!phrase || listed.some((item) => item.test(phrase))) continue;
    return phrase;
  }
  // Only items: the first two name what the script is about ("grinders and beans").
  return items.length > 0 ? items.slice(0, 2).join(' and ') : undefined;
}

/** Reads the explicit asks, then the items and the topic from what is left once the ask phrases are taken out. */
export function asksOf(instructions: string): ScriptAsks {
  let rest = instructions;
  const cut = (pattern: RegExp): boolean => {
    const before = rest;
    rest = rest.replace(pattern, '.');
    return rest !== before;
  };
  const endWithQuestion = cut(endQuestion);
  const openWithQuestion = cut(openQuestion);
  const ownSentences = cut(ownSentence);
  let count: CountAsk | undefined;
  const match = countPattern.exec(rest);
  if (match) {
    const n = numberOf(match[1]!);
    const noun = match[3]!.toLowerCase();
    const adjectives = match[2]!.trim().toLowerCase();
    const plainAdjectives = adjectives.split(/\s+/).every((word) => !stopWords.has(word)) ? adjectives : '';
    if (n >= 1 && n <= maxCount) count = { n, noun, adjectives: plainAdjectives, kind: countNouns[noun]! };
    rest = rest.replace(match[0], '.');
  }
  const items = subjectsOf(rest);
  return { count, endWithQuestion, openWithQuestion, ownSentences, items, topic: topicOfClauses(rest, items) };
}

export function numberWord(n: number): string {
  return numberWords[n] ?? String(n);
}
