import type { WriteRequest } from '../../core/ports/scripts';
import { groupOfCategory } from '../../contract/rules/subject-categories';
import { isPlural } from './item-sentences';
import { groups } from './offline-phrases';
import { tipSubjectOf, tipSubjects } from './practical-tips';
import { asksOf, numberWord, phraseOf, type CountAsk, type ScriptAsks } from './script-asks';

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
  /** The subject of the practical-tips table its tips come from (practical-tips.ts); none for the general tips. */
  tipSubject?: string;
  /** What the extra instructions ask the script to talk about ("grinders", "beans", "milk frothing"). */
  subjects: string[];
  /** A counted list the instructions ask for ("three quick tips"). */
  count?: CountAsk;
  asks: ScriptAsks;
}

/** How many sentences may name the topic in full (the hook included); later mentions use its short form. */
export const fullMentions = 2;

export const stopWords = new Set(
  'a an the and or but of for to in on at by with about into from your my our their this that these those is are be how what why make write create script video please some more tips talk mention cover include focus explain discuss'.split(
    ' ',
  ),
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

/** Verbs that open a topic only as verbs ("save money", "learn Spanish"): said as "saving money". */
const verbsOnly = new Set(
  'save learn eat read meditate lift swim grow build make get stop quit lose gain wake improve manage organize organise declutter become beat handle deal take use keep find choose prepare fix raise teach boost reduce avoid stay speak negotiate invest pay sell drink'.split(
    ' ',
  ),
);
/** Words that are verbs or nouns ("run", "sleep", "travel"): a verb when an object or adverb follows ("sleep better", "stretch every morning"). */
const verbsOrNouns = new Set(
  'stretch run walk cook bake study travel sleep plan practice practise focus talk brew paint draw shoot edit train clean pack price care start write journal budget jog cycle dance sing shop film post'.split(
    ' ',
  ),
);
const afterVerb = new Set(
  'a an the your my more less better well every each daily at in on with for from faster longer earlier money it them up out down off through like early late smarter harder consistently regularly'.split(
    ' ',
  ),
);
const doubled = new Set(
  'run swim stop get plan quit shop sit set cut put begin dig jog chat drop grab skip prep trim ship hit win spin shed rub wrap knit'.split(' '),
);

function gerund(verb: string): string {
  const lower = verb.toLowerCase();
  if (doubled.has(lower)) return `${lower}${lower.at(-1)}ing`;
  if (/[^aeioy]e$/.test(lower)) return `${lower.slice(0, -1)}ing`;
  return `${lower}ing`;
}

/**
 * The topic as a noun phrase, so every template can say it: "stretch every morning" becomes "stretching
 * every morning" ("3 tips for stretching every morning", not "for stretch every morning").
 */
export function nounPhraseOf(topic: string): string {
  const words = topic.split(' ');
  const first = words[0]!.toLowerCase();
  const next = words[1]?.toLowerCase();
  const verb = verbsOnly.has(first) ? words.length > 1 : verbsOrNouns.has(first) && next !== undefined && afterVerb.has(next);
  return verb ? [gerund(first), ...words.slice(1)].join(' ') : topic;
}

/** Names a title-cased topic keeps capitalised ("Learning Spanish" is "learning Spanish"). */
const properNouns = new Set(
  'english spanish french german italian portuguese japanese chinese mandarin korean arabic hindi russian dutch greek turkish polish swedish python javascript typescript excel google apple android iphone ipad linkedin instagram tiktok youtube facebook netflix disney marvel pixar lego christmas easter halloween thanksgiving ramadan diwali europe asia africa america london paris tokyo rome berlin madrid lisbon bali iceland japan italy spain france mexico canada australia'.split(
    ' ',
  ),
);

/** Who a script can be for ("students", "busy parents"): named in the instructions, they are its audience. */
const audienceWords =
  /^(?:[a-z]+\s)?(?:students|beginners|parents|moms|mums|dads|teens|teenagers|seniors|women|men|couples|families|freelancers|founders|newbies|retirees|professionals|introverts|travellers|travelers|employees|managers|creators|runners|nurses|teachers|developers)$/i;
/** Singular heads that need a determiner ("your first marathon", "your job interview"), and words that start such a phrase. */
const countableHeads = new Set(
  'marathon interview wedding race trip garden kitchen wardrobe resume cv portfolio startup website channel podcast presentation essay exam bedroom house apartment car dog cat puppy baby date party birthday vacation move renovation launch routine novel album book record'.split(
    ' ',
  ),
);

/** "your first marathon" for "first marathon": a singular thing with no determiner would read "for first marathon". */
function withDeterminer(phrase: string): string {
  const words = phrase.split(' ');
  if (/^(?:a|an|the|your|my|our|their|this|that)$/i.test(words[0]!) || /ing$/.test(words[0]!)) return phrase;
  const head = shortOf(phrase).split(' ').at(-1)!.toLowerCase();
  return /^(?:first|second|next|last|new)$/i.test(words[0]!) || countableHeads.has(head) ? `your ${phrase}` : phrase;
}

/** A topic typed in title case ("Better Morning Coffee", a saved title) is said in lower case, acronyms kept. */
function sentenceCaseOf(text: string): string {
  const words = text.split(' ');
  const major = words.filter((word) => !minorWords.has(word.toLowerCase()));
  const titled = major.length >= 2 && major.every((word) => /^[A-Z0-9]/.test(word));
  const keep = (word: string) => /^[A-Z]{2,}/.test(word) || /[a-z][A-Z]/.test(word) || properNouns.has(word.toLowerCase().replace(/'s$/, ''));
  const lowered = titled ? words.map((word, i) => (i > 0 && keep(word) ? word : word.toLowerCase())) : words;
  const joined = lowered.join(' ');
  return /^[A-Z]{2,}/.test(joined) ? joined : joined.charAt(0).toLowerCase() + joined.slice(1);
}

export function topicOf(request: WriteRequest): Topic {
  const group = groupOfCategory(request.subjectCategory);
  const asks = asksOf(request.extraInstructions);
  // A Topic field that holds an ask ("3 tips", "5 mistakes with sleep", a saved title "3 Tips for Better
  // Sleep" when regenerating) asks it too, and only the rest of it is the topic.
  const field = request.topic?.trim() ?? '';
  const fieldAsks = field ? asksOf(field) : undefined;
  // The field's own words that only instruct go too ("How to make cold brew at home" is about "cold brew at home").
  const fieldTopic = fieldAsks?.count ? fieldAsks.topic : field && (phraseOf(field, 12) ?? field);
  const count = asks.count ?? fieldAsks?.count;
  const subject = tipSubjectOf(shortOf(fieldTopic || asks.topic || ''), `${asks.items.join(' ')} ${request.subjectCategory ?? ''}`, group);
  // Instructions that only list items ("coffee beans, grinder and water temperature") are about their subject: "coffee".
  const itemsOnly = asks.items.length >= 2 && asks.topic === asks.items.slice(0, 2).join(' and ');
  const subjectName = subject && itemsOnly ? tipSubjects[subject]?.name : undefined;
  // Without a topic of its own, the request's instructions name it, once their asks are taken out
  // ("Three quick tips for better sleep tonight" is about "better sleep", with a counted list of tips).
  const raw = fieldTopic || subjectName || asks.topic || request.subjectCategory?.replace(/^#/, '') || 'your goals';
  const cleaned = raw
    .replace(/[.!?]+$/, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80);
  const lower = withDeterminer(nounPhraseOf(sentenceCaseOf(cleaned)));
  // "Tips for students": students are who the script is for, not an item to talk about.
  const forWhom = asks.items.find((item) => audienceWords.test(item));
  return {
    title: titleCase(lower.charAt(0).toUpperCase() + lower.slice(1)),
    lower,
    short: shortOf(lower),
    // The role is the creator's ("Yoga Instructor"); the script speaks to the group's audience, or to
    // the people the instructions name ("Tips for students").
    audience: forWhom ?? (group ? groups[group]!.audience : 'anyone short on time'),
    group,
    tipSubject: subject,
    subjects: asks.items.filter((subject) => subject.toLowerCase() !== lower.toLowerCase() && subject !== forWhom),
    count,
    asks: { ...asks, count },
  };
}

/** Words between a number and its noun that ask for a form, not describe the tips ("3 numbered tips"). */
const formWords = new Set([
  'numbered',
  'separate',
  'short',
  'listed',
  'bullet',
  'different',
  'more',
  'other',
  'spoken',
  'written',
  'distinct',
  'individual',
  'specific',
  'actual',
  'concrete',
  'real',
]);

/** The count's adjectives a sentence can say: "quick", "easy", "common"; never "numbered". */
export function adjectivesOf(count: CountAsk): string {
  return count.adjectives
    .split(/\s+/)
    .filter((word) => word && !formWords.has(word))
    .join(' ');
}

export function countTitle(t: Topic, count: CountAsk): string {
  const noun = count.n === 1 ? count.noun : plural(count.noun);
  const nouns = titleCase([adjectivesOf(count), noun].filter(Boolean).join(' '));
  if (count.kind === 'reason') return `${count.n} ${nouns} to Try ${t.title}`;
  if (count.kind === 'mistake') return `${count.n} ${nouns} to Avoid with ${t.title}`;
  return `${count.n} ${nouns} for ${t.title}`;
}

/** Title templates: the topic only as a headline's subject before a colon or after a preposition, so any topic reads. */
export const titles: ((t: Topic, n: number) => string)[] = [
  // "3 Tips for …" only over a script that says at least two tips.
  (t, n) => (t.count ? countTitle(t, t.count) : n >= 2 ? `${n} Tips for ${t.title} That Actually Work` : `${t.title}: A Practical Guide`),
  (t) => `${t.title}: The Mistake Everyone Makes`,
  (t) => `${t.title}, Made Simple`,
  (t) => `What Nobody Tells You About ${t.title}`,
  (t) => `${t.title}: Why It Feels Hard and How to Fix It`,
  (t) => `${t.title} in One Minute`,
  (t) => `${t.title}: Where to Start`,
  (t) => `${t.title}: The Habit That Changes Everything`,
  (t) => `What I Wish I Knew About ${t.title}`,
  (t) => `${t.title} Without the Overwhelm`,
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

/** "Here are three quick tips for better sleep.", "Here is one mistake to avoid.", "Here are five reasons coffee is worth it." */
export function headerOf(count: CountAsk, topic: Topic): string {
  const noun = count.n === 1 ? count.noun : plural(count.noun);
  const what = [numberWord(count.n), adjectivesOf(count), noun].filter(Boolean).join(' ');
  const verb = count.n === 1 ? 'Here is' : 'Here are';
  if (count.kind === 'reason') return `${verb} ${what} ${topic.short} ${isPlural(topic.short) ? 'are' : 'is'} worth it.`;
  if (count.kind === 'mistake') return `${verb} ${what} to avoid.`;
  return `${verb} ${what} for ${topic.short}.`;
}
