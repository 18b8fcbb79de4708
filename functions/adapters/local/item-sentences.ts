/**
 * Sentences the offline writer says about one listed item ("fresh coffee beans", "burr grinder", "pour
 * over"), and the short tips, reasons and mistakes a counted ask wants. Each template comes in a long and
 * a short form, so a script can fit its asks to its length; a template names the item with the right
 * article and verb ("A burr grinder is", "Fresh coffee beans are", "Pour over takes").
 */

/** A thing you buy or use, or something you do (a practice takes no article: "pour over", "milk frothing"). */
export type ItemKind = 'thing' | 'practice';

export interface Template {
  long: string;
  short: string;
}

const practiceWords = new Set(['over', 'prep', 'cardio', 'yoga', 'practice', 'routine', 'technique', 'form', 'posture', 'breathing', 'pilates', 'meditation', 'hydration', 'nutrition', 'recovery', 'sleep', 'planning', 'budgeting', 'stretching', 'journaling']);
const massNouns = new Set(['retinol', 'caffeine', 'creatine', 'milk', 'water', 'coffee', 'tea', 'protein', 'flour', 'rice', 'sugar', 'salt', 'music', 'time', 'money', 'advice', 'feedback', 'rest', 'sunscreen', 'skincare', 'content', 'research', 'software', 'equipment', 'gear', 'lighting', 'light', 'audio', 'sound', 'bread', 'butter', 'cheese', 'oil', 'fruit', 'food', 'makeup', 'spending', 'storage', 'traffic', 'data', 'marketing', 'pricing', 'branding', 'SEO', 'email']);
const irregularPlurals = new Set(['people', 'children', 'feet', 'teeth', 'mice', 'men', 'women', 'clothes', 'glasses', 'scissors', 'jeans', 'weights', 'basics']);

function headOf(item: string): string {
  return item.split(/\s+/).at(-1) ?? item;
}

export function kindOf(item: string): ItemKind {
  const words = item.toLowerCase().split(/\s+/);
  const head = words.at(-1) ?? '';
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
  const yours = kindOf(item) === 'practice' || /^[A-Z]{2,}\S*$/.test(item) ? item : `your ${item}`;
  return template
    .replaceAll('{your item}', yours)
    .replaceAll('{Item}', capitalise(said))
    .replaceAll('{item}', said)
    .replaceAll('{is}', plural ? 'are' : 'is')
    .replaceAll('{has}', plural ? 'have' : 'has')
    .replaceAll('{does}', plural ? 'do' : 'does')
    .replaceAll("{it's}", plural ? 'they are' : 'it is')
    .replaceAll('{it}', plural ? 'them' : 'it')
    .replaceAll('{topic}', topic);
}

export const thingSentences: Template[] = [
  { long: '{Item} {does} more for {topic} than most people think, so do not settle for the cheapest option.', short: '{Item} {does} more for {topic} than you think.' },
  { long: 'When something about {topic} feels off, look at {your item} before anything else; {it\'s} the usual culprit.', short: 'When something feels off, check {your item}.' },
  { long: 'Get {item} right and everything else gets easier, because the rest builds on {it}.', short: 'Get {item} right and the rest gets easier.' },
  { long: 'Most people overlook {item}, yet {it\'s} the quickest upgrade you can make.', short: 'Upgrade {your item} and you will notice it daily.' },
  { long: '{Item} {does} not need to be fancy, just consistent: stick with the same kind for a week and compare.', short: '{Item} {does} not need to be fancy, just consistent.' },
  { long: 'Spend a little more on {your item}; for {topic}, it shows more than almost anything else.', short: 'Do not skimp on {your item}; it shows.' },
  { long: 'Give {item} one honest week and you will notice the difference every single day.', short: 'Give {item} one honest week, then compare.' },
];

export const practiceSentences: Template[] = [
  { long: '{Item} takes practice, so repeat the same routine for a week before you change anything.', short: '{Item} takes practice, so keep it repeatable.' },
  { long: 'Slow down with {item}; rushing it is the most common beginner mistake.', short: 'Slow down with {item}; rushing ruins it.' },
  { long: 'Learn {item} properly once, and everything else about {topic} gets easier.', short: 'Learn {item} properly once and it pays off daily.' },
  { long: 'Time yourself doing {item}, then fix one detail at a time instead of everything at once.', short: 'Fix your {item} one detail at a time.' },
  { long: '{Item} rewards patience more than expensive gear, so master the basics before anything else.', short: '{Item} rewards patience more than gear.' },
];

/** Actionable tips (for "three quick tips", "5 steps"); {topic} is the topic's short form. */
export const tipSentences: Template[] = [
  { long: 'Change one thing at a time, so you know exactly what worked.', short: 'Change one thing at a time.' },
  { long: 'Write down what you did, and repeat whatever worked best.', short: 'Write down what worked.' },
  { long: 'Prepare everything the night before, so starting takes seconds.', short: 'Prepare everything the night before.' },
  { long: 'Set a ten-minute timer and simply begin; starting is the hard part.', short: 'Set a timer and begin.' },
  { long: 'Copy someone a year ahead of you, then adjust it to your life.', short: 'Copy someone a year ahead of you.' },
  { long: 'Keep your setup simple; fewer choices means more consistency.', short: 'Keep your setup simple.' },
  { long: 'Measure instead of guessing; small numbers reveal big patterns.', short: 'Measure instead of guessing.' },
  { long: 'Do it at the same time every day until it sticks.', short: 'Same time, every day.' },
  { long: 'Look back every Sunday and drop what did not help.', short: 'Drop what did not help.' },
  { long: 'Start smaller than feels useful; momentum does the rest.', short: 'Start smaller than feels useful.' },
  { long: 'Ask one friend for honest feedback every week.', short: 'Ask a friend for honest feedback.' },
  { long: 'Fix the basics before you buy anything new.', short: 'Fix the basics before buying more.' },
];

/** Reasons, said after "First," (for "three reasons"). */
export const reasonSentences: Template[] = [
  { long: 'it saves you time every single day.', short: 'it saves time daily.' },
  { long: 'small improvements add up faster than you think.', short: 'small wins add up fast.' },
  { long: 'it costs less than you expect once the basics are in place.', short: 'it costs less than you think.' },
  { long: 'it gives your day a routine to look forward to.', short: 'it anchors your day.' },
  { long: 'you learn something new every time you do it.', short: 'you learn every time.' },
  { long: 'it is easier to start than most people think.', short: 'it is easy to start.' },
  { long: 'it turns a chore into something you actually enjoy.', short: 'it becomes fun.' },
  { long: 'the results show up within a couple of weeks.', short: 'results show up fast.' },
  { long: 'it makes you more confident in everything around it.', short: 'it builds confidence.' },
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

/** Closing questions for any script; {topic} is the topic's short form. */
export const topicQuestions: string[] = [
  'What is the one thing holding you back with {topic} right now?',
  'How do you make {topic} work on a busy day?',
  'What would you try first?',
  'What is your best tip for {topic}?',
];

/** Opening questions, for "start with a question"; {topic} is the topic in full. */
export const questionHooks: string[] = [
  'What if {topic} could be simpler than you think?',
  'Why does {topic} feel so hard for most people?',
  'Want better {topic} without spending more?',
  'Ready to finally make progress with {topic}?',
];

export const ordinals = ['First', 'Second', 'Third', 'Fourth', 'Fifth', 'Sixth', 'Seventh', 'Eighth', 'Ninth', 'Tenth'];

/** Lower-cases a sentence's first letter after an ordinal ("First, a burr grinder…"), but not an acronym's. */
export function afterOrdinal(ordinal: string, sentence: string): string {
  const rest = /^[A-Z][A-Z]/.test(sentence) ? sentence : sentence.charAt(0).toLowerCase() + sentence.slice(1);
  return `${ordinal}, ${rest}`;
}
