import type { WriteRequest } from '../../core/ports/scripts';
import { groupOfCategory } from '../../contract/rules/subject-categories';
import { isPlural } from './item-sentences';
import { groups } from './offline-phrases';
import { asksOf, numberWord, type CountAsk, type ScriptAsks } from './script-asks';

/**
 * What the offline writer knows of the request's topic: its title and lower-case forms, a short form
 * for later mentions, the audience, and the asks of the extra instructions; with the words built from
 * it (titles, hashtags, the counted list's header).
 */
export interface Topic {
  title: string;
  lower: string;
  /** The topic without its trailing qualifier ("morning coffee" of "morning coffee at home"), for later mentions. */
  short: string;
  audience: string;
  group?: string;
  /** What the extra instructions ask the script to talk about ("grinders", "beans", "milk frothing"). */
  subjects: string[];
  /** A counted list the instructions ask for ("three quick tips"). */
  count?: CountAsk;
  asks: ScriptAsks;
}

/** How many sentences may name the topic in full (the hook included); later mentions use its short form. */
export const fullMentions = 2;

export const stopWords = new Set(
  'a an the and or but of for to in on at by with about into from your my our their this that these those is are be how what why make write create script video please some more tips talk mention cover include focus explain discuss'.split(' '),
);

/** "a", "a and b", "a, b and c". */
export function listOf(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** The topic's head: what comes before a trailing "at home", "for beginners", "in 2026" (the whole when nothing would be left). */
export function shortOf(lower: string): string {
  const words = lower.split(' ');
  const cut = words.findIndex((word, i) => i > 0 && /^(?:at|in|for|with|on|from|during|without|when|while|after|before)$/i.test(word));
  return cut > 0 ? words.slice(0, cut).join(' ') : lower;
}

export function plural(noun: string): string {
  if (/(s|x|z|ch|sh)$/.test(noun)) return `${noun}es`;
  if (/[^aeiou]y$/.test(noun)) return `${noun.slice(0, -1)}ies`;
  return `${noun}s`;
}

/** Words a title keeps in lower case unless they open it ("Cold Brew at Home"). */
const minorWords = new Set(['a', 'an', 'the', 'and', 'or', 'but', 'for', 'at', 'in', 'on', 'of', 'to', 'with', 'by', 'from']);

export function titleCase(text: string): string {
  return text.replace(/\b([a-z])([a-z']*)/g, (word: string, first: string, rest: string, at: number) =>
    at > 0 && minorWords.has(word) ? word : first.toUpperCase() + rest,
  );
}

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function topicOf(request: WriteRequest): Topic {
  const group = groupOfCategory(request.subjectCategory);
  const asks = asksOf(request.extraInstructions);
  // Without a topic of its own, the request's instructions name it, once their asks are taken out
  // ("Three quick tips for better sleep tonight" is about "better sleep", with a counted list of tips).
  const raw = request.topic?.trim() || asks.topic || request.subjectCategory || 'your goals';
  const cleaned = raw.replace(/[.!?]+$/, '').replace(/\s+/g, ' ').slice(0, 80);
  const role = request.subjectCategory && !request.subjectCategory.startsWith('#') ? request.subjectCategory.toLowerCase() : undefined;
  const lower = /^[A-Z]{2,}/.test(cleaned) ? cleaned : cleaned.charAt(0).toLowerCase() + cleaned.slice(1);
  return {
    title: titleCase(cleaned),
    lower,
    short: shortOf(lower),
    audience: role ? `${plural(role)} and the people they serve` : group ? groups[group]!.audience : 'creators',
    group,
    subjects: asks.items.filter((subject) => subject.toLowerCase() !== lower.toLowerCase()),
    count: asks.count,
    asks,
  };
}

export function countTitle(t: Topic, count: CountAsk): string {
  const noun = count.n === 1 ? count.noun : plural(count.noun);
  const nouns = titleCase([count.adjectives, noun].filter(Boolean).join(' '));
  if (count.kind === 'reason') return `${count.n} ${nouns} to Try ${t.title}`;
  if (count.kind === 'mistake') return `${count.n} ${t.title} ${nouns} to Avoid`;
  return `${count.n} ${nouns} for ${t.title}`;
}

export const titles: ((t: Topic, n: number) => string)[] = [
  (t, n) => (t.count ? countTitle(t, t.count) : `${n} ${t.title} Tips That Actually Work`),
  (t) => `The ${t.title} Mistake Everyone Makes`,
  (t) => `${t.title}, Made Simple`,
  (t) => `What Nobody Tells You About ${t.title}`,
  (t) => `${t.title}: Why It Feels Hard and How to Fix It`,
  (t) => `${t.title} in Under a Minute`,
  (t) => `Start ${t.title} the Smart Way`,
  (t) => `The ${t.title} Habit That Changes Everything`,
];

/** Fills a template; the topic is named in full in the first `fullMentions` sentences, then by its short form. */
export class Mentions {
  private full = 0;
  constructor(private readonly topic: Topic) {}

  get exhausted(): boolean {
    return this.full >= fullMentions;
  }

  fill(template: string): string {
    const names = template.includes('{topic}') || template.includes('{Topic}');
    const useFull = names && !this.exhausted;
    if (useFull) this.full += 1;
    return template
      .replaceAll('{topic}', useFull ? this.topic.lower : this.topic.short)
      .replaceAll('{Topic}', useFull ? this.topic.title : titleCase(this.topic.short))
      .replaceAll('{audience}', this.topic.audience);
  }
}

export function hashtagsFor(topic: Topic, request: WriteRequest): string[] {
  const words = topic.lower
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, '')
    .split(/\s+/)
    .filter((word) => word.length > 2 && !stopWords.has(word));
  const tags = [words.join(''), ...words.slice(0, 2)];
  if (request.subjectCategory && !request.subjectCategory.startsWith('#')) tags.push(request.subjectCategory.replace(/\s+/g, ''));
  if (topic.group) tags.push(...groups[topic.group]!.tags);
  // The listed items, when the tags above leave room ("#burrgrinder").
  tags.push(...topic.subjects.map((subject) => subject.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '')));
  return tags.filter((tag) => tag.length > 1 && tag.length <= 30);
}

/** "Here are three quick tips.", "Here is one mistake to avoid.", "Here are five reasons coffee is worth it." */
export function headerOf(count: CountAsk, topic: Topic): string {
  const noun = count.n === 1 ? count.noun : plural(count.noun);
  const what = [numberWord(count.n), count.adjectives, noun].filter(Boolean).join(' ');
  const verb = count.n === 1 ? 'Here is' : 'Here are';
  if (count.kind === 'reason') return `${verb} ${what} ${topic.short} ${isPlural(topic.short) ? 'are' : 'is'} worth it.`;
  if (count.kind === 'mistake') return `${verb} ${what} to avoid.`;
  return `${verb} ${what}.`;
}
