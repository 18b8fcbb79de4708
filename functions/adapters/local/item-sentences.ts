/**
 * Sentences the offline writer says about one listed item ("fresh coffee beans", "burr grinder", "pour
 * over"), and the short tips, reasons and mistakes a counted ask wants. Each template comes in a long and
 * a short form, so a script can fit its asks to its length; a template names the item with the right
 * article and verb ("A burr grinder is", "Fresh coffee beans are", "Pour over takes").
 */

/** A thing you buy or use, something you do (a practice takes no article: "pour over", "milk frothing"), or people ("guests", "customers"). */
export type ItemKind = 'thing' | 'practice' | 'people';

export interface Template {
  long: string;
  short: string;
}

const practiceWords = new Set([
  'over',
  'prep',
  'cardio',
  'yoga',
  'practice',
  'routine',
  'technique',
  'form',
  'posture',
  'breathing',
  'pilates',
  'meditation',
  'hydration',
  'nutrition',
  'recovery',
  'sleep',
  'planning',
  'budgeting',
  'stretching',
  'journaling',
]);
const massNouns = new Set([
  'retinol',
  'caffeine',
  'creatine',
  'milk',
  'water',
  'coffee',
  'tea',
  'protein',
  'flour',
  'rice',
  'sugar',
  'salt',
  'music',
  'time',
  'money',
  'advice',
  'feedback',
  'rest',
  'sunscreen',
  'skincare',
  'content',
  'research',
  'software',
  'equipment',
  'gear',
  'lighting',
  'light',
  'audio',
  'sound',
  'bread',
  'butter',
  'cheese',
  'oil',
  'fruit',
  'food',
  'makeup',
  'spending',
  'storage',
  'traffic',
  'data',
  'marketing',
  'pricing',
  'branding',
  'SEO',
  'email',
  // Qualities and measures: "water temperature", "grind size" take no article.
  'temperature',
  'quality',
  'pressure',
  'timing',
  'consistency',
  'size',
  'length',
  'freshness',
  'humidity',
  'mindset',
  'patience',
  'confidence',
  'energy',
  'attention',
  'focus',
  'balance',
  'strength',
  'speed',
  'weight',
  'volume',
  'dosage',
  'hygiene',
  'health',
  'safety',
  'comfort',
  'heat',
  'texture',
  'flavour',
  'flavor',
  'contrast',
  'exposure',
  'composition',
  'progress',
  'knowledge',
  'grammar',
  'vocabulary',
  'homework',
  'screentime',
  'alcohol',
  'cash',
  'debt',
  'income',
  'interest',
  'insurance',
  'rent',
]);
const irregularPlurals = new Set([
  'people',
  'children',
  'feet',
  'teeth',
  'mice',
  'men',
  'women',
  'clothes',
  'glasses',
  'scissors',
  'jeans',
  'weights',
  'basics',
]);

function headOf(item: string): string {
  return item.split(/\s+/).at(-1) ?? item;
}

/** People a script can be about ("guests", "customers"): said with "your" and "they", never "spend more on your guests". */
export const peopleWords = new Set(
  'guests guest customers customer clients client students student kids children child followers viewers listeners members team employees staff readers fans subscribers users patients parents friends audience community colleagues coworkers partner partners'.split(
    ' ',
  ),
);

export function kindOf(item: string): ItemKind {
  const words = item.toLowerCase().split(/\s+/);
  const head = words.at(-1) ?? '';
  if (peopleWords.has(head)) return 'people';
  if (/ing$/.test(head) || practiceWords.has(head) || /(?:tion|ment)$/.test(head)) return 'practice';
  return 'thing';
}

export function isPlural(item: string): boolean {
  const head = headOf(item).toLowerCase();
  if (irregularPlurals.has(head)) return true;
  if (kindOf(item) === 'practice' || massNouns.has(head)) return false;
  return /[^su'i]s$/.test(head) || /(?:ies|oes|ches|shes|xes|sses)$/.test(head);
}

/** The item as said inside a sentence: "a burr grinder", "an espresso", "fresh coffee beans", "pour over". */
export function withArticle(item: string): string {
  const head = headOf(item);
  // An acronym names one known thing: "the AWS bill" (but "SEO" alone).
  if (/^[A-Z]{2,}\S*\s/.test(item)) return `the ${item}`;
  if (isPlural(item) || kindOf(item) === 'practice' || massNouns.has(head.toLowerCase()) || /^[A-Z]{2,}/.test(item)) return item;
  return `${/^[aeiou]/i.test(item) ? 'an' : 'a'} ${item}`;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * Fills a template: {item} (with its article), {Item} (capitalised), {your item} ("your burr grinder";
 * a practice bare), {is}, {has}, {does}, {it}
 * ("it"/"them"), {it's} ("it is"/"they are"), {topic} (the topic's short form).
 */
export function fillItem(template: string, item: string, topic: string): string {
  const plural = isPlural(item);
  const said = withArticle(item);
  const yours = kindOf(item) === 'practice' || /^[A-Z]{2,}\S*$/.test(item) || /^(?:your|my|the)\s/i.test(item) ? item : `your ${item}`;
  return template
    .replaceAll('{your item}', yours)
    .replaceAll('{Item}', capitalise(said))
    .replaceAll('{item}', said)
    .replaceAll('{is}', plural ? 'are' : 'is')
    .replaceAll('{has}', plural ? 'have' : 'has')
    .replaceAll('{does}', plural ? 'do' : 'does')
    .replaceAll("{it's}", plural ? 'they are' : 'it is')
    .replaceAll('{it}', plural ? 'them' : 'it')
    .replaceAll('{they}', plural ? 'they' : 'it')
    .replaceAll('{topic}', topic);
}

export const thingSentences: Template[] = [
  { long: '{Item} {does} more for {topic} than most people think, so give {it} real attention.', short: '{Item} {does} more for {topic} than you think.' },
  {
    long: "When something about {topic} feels off, look at {your item} before anything else; {it's} the usual culprit.",
    short: 'When something feels off, check {your item}.',
  },
  { long: 'Get {your item} right and everything else gets easier, because the rest builds on {it}.', short: 'Get {your item} right and the rest gets easier.' },
  {
    long: "It is easy to overlook {your item}, yet {it's} often the quickest upgrade you can make.",
    short: "Do not overlook {your item}; {it's} an easy upgrade.",
  },
  { long: 'Pay attention to {your item}; small changes there show up in every result.', short: 'Pay attention to {your item}; small changes add up.' },
  { long: 'Spend a little more time on {your item}; for {topic}, it shows more than almost anything else.', short: 'Do not skimp on {your item}; it shows.' },
];

export const practiceSentences: Template[] = [
  { long: '{Item} takes practice, so repeat the same routine for a week before you change anything.', short: '{Item} takes practice, so keep it repeatable.' },
  { long: 'Slow down with {item}; rushing it is the most common beginner mistake.', short: 'Slow down with {item}; rushing ruins it.' },
  { long: 'Learn {item} properly once, and everything else about {topic} gets easier.', short: 'Learn {item} properly once and it pays off daily.' },
  { long: 'Work on {item} in short sessions, and fix one detail at a time instead of everything at once.', short: 'Fix {item} one detail at a time.' },
  {
    long: 'Get the basics of {item} right before anything fancy; that is where most of the gains are.',
    short: 'Get the basics of {item} right before anything fancy.',
  },
];

/** People the instructions name ("guests", "customers"): something to do with them. */
export const peopleSentences: Template[] = [
  { long: 'Listen to {your item} more than you talk; {they} will tell you what to do next.', short: 'Listen to {your item} first.' },
  { long: 'Ask {your item} one question every week, and act on the answer.', short: 'Ask {your item} one question a week.' },
  { long: 'Thank {your item} by name; small, specific thanks bring people back.', short: 'Thank {your item} by name.' },
  { long: 'Make it easy for {your item} to say yes: one clear next step, nothing more.', short: 'Give {your item} one clear next step.' },
];

/**
 * A tip about one listed item, when the instructions ask for as many tips as they list items ("3 tips:
 * beans, grinder, water temperature") and the tips table has none that names it: something to do.
 */
export const thingTips: Template[] = [
  { long: 'Get {your item} right before you change anything else, because the rest builds on {it}.', short: 'Get {your item} right first.' },
  { long: "Spend a little more on {your item}; {it's} the part you will notice every single day.", short: 'Do not skimp on {your item}.' },
  { long: 'Change only {your item} for a week, nothing else, so you know what made the difference.', short: 'Change only {your item} for a week.' },
  { long: "When something looks or feels off, check {your item} first; {it's} the usual culprit.", short: 'Check {your item} first when something is off.' },
];

export const practiceTips: Template[] = [
  { long: 'Give {item} ten focused minutes a day; short, regular sessions beat one long one.', short: 'Give {item} ten minutes a day.' },
  { long: 'Learn {item} properly once from someone good at it, and every day after gets easier.', short: 'Learn {item} properly once.' },
  { long: 'Work on {item} one detail at a time, so you can see what each change does.', short: 'Work on {item} one detail at a time.' },
  { long: 'Get the basics of {item} right before you try anything fancy.', short: 'Get the basics of {item} right.' },
];

/** Reasons, said after "First," (for "three reasons"). */
export const reasonSentences: Template[] = [
  { long: 'you will feel the difference within a few weeks.', short: 'you feel it within weeks.' },
  { long: 'small improvements add up faster than you think.', short: 'small wins add up fast.' },
  { long: 'it costs less than you expect once the basics are in place.', short: 'it costs less than you think.' },
  { long: 'it gives you something to look forward to every week.', short: 'it gives you something to look forward to.' },
  { long: 'you learn something new every time you do it.', short: 'you learn every time.' },
  { long: 'it is easier to start than most people think.', short: 'it is easy to start.' },
  { long: 'it gives you a story worth telling.', short: 'it is a story worth telling.' },
  { long: 'the people around you will notice, and some of them will join in.', short: 'people around you notice.' },
  { long: 'it builds a confidence that carries into everything else.', short: 'it builds confidence.' },
  { long: 'nobody else can do it for you, and that is the fun part.', short: 'it is yours alone.' },
];

/** Mistakes, said after "First," (for "five mistakes"). */
export const mistakeSentences: Template[] = [
  { long: 'skipping the basics because they feel boring.', short: 'skipping the basics.' },
  { long: 'changing five things at once, so you never learn what worked.', short: 'changing everything at once.' },
  { long: 'buying gear before you know what you actually need.', short: 'buying gear too early.' },
  { long: 'copying a routine that was built for someone else.', short: 'copying someone else’s routine.' },
  { long: 'quitting after one bad day instead of adjusting.', short: 'quitting after one bad day.' },
  { long: 'never writing anything down, so every week starts from zero.', short: 'never writing anything down.' },
  { long: 'chasing perfect instead of simply getting started.', short: 'chasing perfect.' },
  { long: 'comparing your progress with someone else’s highlight reel.', short: 'comparing yourself to others.' },
  { long: 'doing too much on day one and burning out by day three.', short: 'doing too much on day one.' },
  { long: 'ignoring what already works because it seems too simple.', short: 'ignoring what already works.' },
];

/** Closing questions for a script with a list (items or tips). */
export const listQuestions: string[] = [
  'Which of these will you try first?',
  'Which one would you add to the list?',
  'Which of these surprised you the most?',
  'Which one are you already doing?',
];

/** Closing questions for any script; {topic} is the topic's short form, always after "about" or "for". */
export const topicQuestions: string[] = [
  'What is the one thing holding you back when it comes to {topic}?',
  'What is your biggest question about {topic}?',
  'What would you try first?',
  'What is your best tip for {topic}?',
];

/** Opening questions, for "start with a question"; {topic} is the topic in full. */
export const questionHooks: string[] = [
  'What if {topic} could be simpler than you think?',
  'Why do so many people struggle with {topic}?',
  'What is the one change that makes the biggest difference for {topic}?',
  'Ready to take {topic} seriously?',
];

export const ordinals = ['First', 'Second', 'Third', 'Fourth', 'Fifth', 'Sixth', 'Seventh', 'Eighth', 'Ninth', 'Tenth'];

/** Lower-cases a sentence's first letter after an ordinal ("First, a burr grinder…"), but not an acronym's. */
export function afterOrdinal(ordinal: string, sentence: string): string {
  const rest = /^[A-Z][A-Z]/.test(sentence) ? sentence : sentence.charAt(0).toLowerCase() + sentence.slice(1);
  return `${ordinal}, ${rest}`;
}
