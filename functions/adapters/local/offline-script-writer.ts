import type { DraftScript, ScriptWriter, WriteRequest, WriteResult } from '../../core/ports/scripts';
import { maxLengthRatio } from '../../core/scripts/generation';
import { countWords } from '../../contract/rules/post-caption';
import { groupOfCategory } from '../../contract/rules/subject-categories';
import {
  afterOrdinal,
  fillItem,
  isPlural,
  kindOf,
  listQuestions,
  mistakeSentences,
  ordinals,
  practiceSentences,
  questionHooks,
  reasonSentences,
  thingSentences,
  tipSentences,
  topicQuestions,
  withArticle,
  type Template,
} from './item-sentences';
import { asksOf, numberWord, type CountAsk, type ScriptAsks } from './script-asks';

export { asksOf, subjectsOf } from './script-asks';

/**
 * The local stand-in for the LLM (DESIGN section 1): composes topic-specific scripts from a library
 * of openings, points and closings, picked at random without repeats, so two scripts on one topic
 * differ and two topics read differently. The API marks its scripts `source: 'offline'`.
 *
 * It follows the explicit asks of the extra instructions (issue 24, `script-asks.ts`): a counted list
 * ("three quick tips") is that many numbered sentences, "end with a question" ends on one, and each
 * listed item gets a sentence that says something about it (`item-sentences.ts`), never the
 * instruction's own words. The asks come first when the length is tight: items shorten, then the
 * bridge goes, then items fold into one sentence (unless each was asked for its own), then the hook.
 */
type Rng = () => number;

interface Voice {
  /** Who the script speaks to. */
  audience: string;
  /** Points specific to the group, with {topic}. */
  points: string[];
  tags: string[];
}

const groups: Record<string, Voice> = {
  'Professional & Educational': {
    audience: 'anyone learning a new skill',
    points: [
      'Teach {topic} to someone else this week; explaining it out loud shows you exactly where your understanding has gaps.',
      'Break {topic} into the three ideas everything else depends on, and learn those before anything advanced.',
      'Spaced practice beats cramming: fifteen minutes of {topic} every day sticks far better than three hours on a Sunday.',
      'Ask the person who is one year ahead of you about {topic}, not the expert who forgot what being a beginner feels like.',
    ],
    tags: ['learning', 'careertips', 'education'],
  },
  Business: {
    audience: 'founders and small business owners',
    points: [
      'Talk to five customers about {topic} before you spend a single dollar on it; their exact words become your best marketing copy.',
      'Price {topic} for the value it creates, not the hours it takes you. Customers pay for outcomes.',
      'Track one number for {topic} every week. If you cannot measure it, you cannot improve it.',
      'Your first version of {topic} should embarrass you a little. Shipping early is how you learn what people actually want.',
    ],
    tags: ['smallbusiness', 'entrepreneur', 'businesstips'],
  },
  Corporate: {
    audience: 'managers and teams',
    points: [
      'Put {topic} on the agenda as a decision, not a discussion, and the meeting will end with an owner and a date.',
      'Write the one-page version of your {topic} plan first. If it does not fit on a page, it is not clear yet.',
      'Give people context about {topic}, not just tasks. Teams that know the why make better calls without you.',
      'Review {topic} every two weeks, keep what worked, and drop one thing that did not.',
    ],
    tags: ['leadership', 'management', 'worklife'],
  },
  Sports: {
    audience: 'athletes who want an edge',
    points: [
      'Film yourself working on {topic}. What you feel and what you actually do are rarely the same.',
      'Master the basics of {topic} at game speed; fancy drills mean nothing if the fundamentals break under pressure.',
      'Recovery is part of {topic}. Sleep and rest days are when your body turns training into progress.',
      'Pick one detail of {topic} per session and obsess over it instead of fixing everything at once.',
    ],
    tags: ['sports', 'athlete', 'training'],
  },
  Wellness: {
    audience: 'people who want to feel better every day',
    points: [
      'Attach {topic} to something you already do, like your morning coffee, so it happens without willpower.',
      'Notice how you feel before and after {topic}. That simple check-in is the best motivation there is.',
      'Be gentle with yourself about {topic}. Missing one day is normal; missing two in a row is where habits fade.',
      'Keep {topic} simple enough that you could do it on your worst day. That is the version that lasts.',
    ],
    tags: ['wellness', 'selfcare', 'mindfulness'],
  },
  Fitness: {
    audience: 'anyone trying to get stronger',
    points: [
      'Progressive overload is the whole secret of {topic}: a little more weight, one more rep, or better form than last time.',
      'Protein at every meal makes {topic} pay off. Training breaks muscle down; food builds it back.',
      'Warm up for {topic} with the same movement you are about to train, just lighter. Five minutes saves weeks of injury.',
      'Write your {topic} workouts down. Your logbook will tell you the truth when your motivation does not.',
    ],
    tags: ['fitness', 'workout', 'gymtips'],
  },
  Creative: {
    audience: 'creators and makers',
    points: [
      'Make a lot of bad {topic} on purpose. Volume is how taste turns into skill.',
      'Copy a piece of {topic} you love, detail by detail, then change one thing. That is how you find your own style.',
      'Set a tiny constraint for {topic}, like one colour or ten minutes. Limits make you more creative, not less.',
      'Share your {topic} process, not just the finished piece. People connect with the messy middle.',
    ],
    tags: ['creative', 'artist', 'creativeprocess'],
  },
  'Pop Culture': {
    audience: 'fans who love the details',
    points: [
      'The best takes on {topic} come from one specific moment, not a general opinion. Zoom in and tell us why it matters.',
      'Look at what people said about {topic} when it first came out, then compare it with now. The shift is the story.',
      'Give {topic} a hot take, then argue against yourself. Your audience will fill the comments either way.',
      'Connect {topic} to something everyone already knows, and suddenly even newcomers care.',
    ],
    tags: ['popculture', 'fandom', 'review'],
  },
  Lifestyle: {
    audience: 'people building a life they enjoy',
    points: [
      'Plan {topic} around how you want to feel, not how it should look on camera.',
      'Spend on the part of {topic} you use every day and save on the rest.',
      'Try the simplest version of {topic} for a week before buying any gear. You will know exactly what you need.',
      'Keep a note of small {topic} wins. They add up faster than you think.',
    ],
    tags: ['lifestyle', 'dailyroutine', 'lifehacks'],
  },
  Beauty: {
    audience: 'anyone who wants results without a twelve-step routine',
    points: [
      'Patch test anything new for {topic} on a small area first. Your skin will thank you.',
      'With {topic}, technique matters more than price. A good method beats an expensive product.',
      'Introduce one new {topic} product at a time, so you know exactly what is working.',
      'Good lighting is half of {topic}. Check your look in daylight before you leave the house.',
    ],
    tags: ['beauty', 'skincare', 'beautytips'],
  },
  Entertainment: {
    audience: 'people who love a good show',
    points: [
      'Open {topic} with the punchline and work backwards. Attention is earned in the first second.',
      'Rehearse {topic} until it sounds unrehearsed. Spontaneity takes practice.',
      'Watch your audience, not your notes. {Topic} lands when it feels like a conversation.',
      'End {topic} a moment before people expect it, and they will ask for more.',
    ],
    tags: ['entertainment', 'behindthescenes', 'showtime'],
  },
  'Family and Kids': {
    audience: 'busy parents',
    points: [
      'Turn {topic} into a game with a timer, and kids will race to finish what they usually resist.',
      'Give children two choices about {topic}, both of which you are happy with. They feel in charge and you keep the peace.',
      'Do {topic} together for ten minutes before asking them to do it alone.',
      'Celebrate effort with {topic}, not perfection. Kids repeat what gets noticed.',
    ],
    tags: ['parenting', 'familytime', 'momlife'],
  },
};

const generalPoints = [
  'Start small with {topic}: pick one thing you can do in the next ten minutes and do it today.',
  'The people who get results with {topic} are not more talented; they are simply more consistent.',
  'Most advice about {topic} was written for someone else. Keep what fits your situation and ignore the rest.',
  'Write down what you tried with {topic}, what worked and what did not. After a week you will see a clear pattern.',
  'Do not wait to feel ready for {topic}. Confidence comes after action, not before it.',
  'Find one person who is already good at {topic} and study exactly how they spend their first hour.',
  'Make {topic} easy to start. Lay everything out the night before and remove every excuse.',
  'Measure your progress with {topic} against last month, never against someone else’s highlight reel.',
  'The boring basics of {topic} do ninety percent of the work. Master them before chasing shortcuts.',
  'When {topic} feels hard, shrink the goal instead of skipping it. Two minutes still counts.',
];

/** Points that do not name the topic, so it is not repeated in every sentence. */
const topicFreePoints = [
  'Consistency beats intensity: ten focused minutes a day adds up faster than one big weekend.',
  'Pick one change, try it for a week, and keep it only if you can feel the difference.',
  'Most of the results come from a few basics done well, not from expensive extras.',
  'Write down what you tried and how it went. After a week the pattern is obvious.',
  'Copy someone who is a year ahead of you, then adjust what does not fit your life.',
  'Make the first step so easy that you cannot say no to it, then build from there.',
];

const hooks: string[] = [
  'Most people get {topic} completely wrong, and it is not their fault.',
  'What if {topic} could be simpler than you think?',
  'Here is the {topic} advice I wish someone had given me on day one.',
  'Stop scrolling if {topic} has been on your mind lately.',
  'Three things about {topic} that nobody talks about.',
  'I spent a year figuring out {topic} so you do not have to.',
  'When it comes to {topic}, talent matters far less than a few small habits.',
  'Ready to finally make progress with {topic}? Let us keep it simple.',
];

const bridges: string[] = [
  'If you are one of the {audience}, this is for you.',
  'Here is what actually works.',
  'Let me break {topic} down into steps you can use today.',
  'Save this so you can come back to it.',
  'This is how {audience} can get better results without burning out.',
];

const closers: string[] = [
  'Try one of these today and tell me in the comments how {topic} goes for you.',
  'Follow for more tips like this, and share it with someone who needs it.',
  'Which of these will you try first? Your future self will thank you for starting {topic} now.',
  'Small steps, repeated daily, beat big plans that never start. Save this and begin today.',
  'That is {topic} made simple. Follow along for part two.',
];

function countTitle(t: Topic, count: CountAsk): string {
  const noun = count.n === 1 ? count.noun : plural(count.noun);
  const nouns = titleCase([count.adjectives, noun].filter(Boolean).join(' '));
  if (count.kind === 'reason') return `${count.n} ${nouns} to Try ${t.title}`;
  if (count.kind === 'mistake') return `${count.n} ${t.title} ${nouns} to Avoid`;
  return `${count.n} ${nouns} for ${t.title}`;
}

const titles: ((t: Topic, n: number) => string)[] = [
  (t, n) => (t.count ? countTitle(t, t.count) : `${n} ${t.title} Tips That Actually Work`),
  (t) => `The ${t.title} Mistake Everyone Makes`,
  (t) => `${t.title}, Made Simple`,
  (t) => `What Nobody Tells You About ${t.title}`,
  (t) => `${t.title}: Why It Feels Hard and How to Fix It`,
  (t) => `${t.title} in Under a Minute`,
  (t) => `Start ${t.title} the Smart Way`,
  (t) => `The ${t.title} Habit That Changes Everything`,
];

interface Topic {
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
const fullMentions = 2;

const stopWords = new Set(
  'a an the and or but of for to in on at by with about into from your my our their this that these those is are be how what why make write create script video please some more tips talk mention cover include focus explain discuss'.split(' '),
);

/** "a", "a and b", "a, b and c". */
function listOf(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** The topic's head: what comes before a trailing "at home", "for beginners", "in 2026" (the whole when nothing would be left). */
function shortOf(lower: string): string {
  const words = lower.split(' ');
  const cut = words.findIndex((word, i) => i > 0 && /^(?:at|in|for|with|on|from|during|without|when|while|after|before)$/i.test(word));
  return cut > 0 ? words.slice(0, cut).join(' ') : lower;
}

function plural(noun: string): string {
  if (/(s|x|z|ch|sh)$/.test(noun)) return `${noun}es`;
  if (/[^aeiou]y$/.test(noun)) return `${noun.slice(0, -1)}ies`;
  return `${noun}s`;
}

function titleCase(text: string): string {
  return text.replace(/\b([a-z])([a-z']*)/g, (_, first: string, rest: string) => first.toUpperCase() + rest);
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function topicOf(request: WriteRequest): Topic {
  const group = groupOfCategory(request.subjectCategory);
  const asks = asksOf(request.extraInstructions);
  const raw =
    request.topic?.trim() ||
    request.extraInstructions
      .split(/\s+/)
      .filter((word) => !stopWords.has(word.toLowerCase()))
      .slice(0, 4)
      .join(' ') ||
    request.subjectCategory ||
    'your goals';
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

function take<T>(pool: readonly T[], rng: Rng, used: Set<number>): T {
  const free = pool.map((_, i) => i).filter((i) => !used.has(i));
  const choices = free.length ? free : pool.map((_, i) => i);
  const index = choices[Math.floor(rng() * choices.length)] ?? 0;
  used.add(index);
  return pool[index] as T;
}

/** Which templates each pool has given out so far in a batch, so the scripts of a batch differ. */
class BatchMemory {
  private readonly pools = new Map<string, Set<number>>();

  /** The pool's set for the whole batch (no repeats until the pool runs out). */
  of(pool: string): Set<number> {
    let used = this.pools.get(pool);
    if (!used) this.pools.set(pool, (used = new Set()));
    return used;
  }

  /**
   * A set for one script: no repeats inside it, and none of the batch's latest picks while at least
   * `needed` templates stay free. Call `keep` afterwards to remember the script's picks.
   */
  forScript(pool: string, size: number, needed: number): { used: Set<number>; keep: () => void } {
    const batch = this.of(pool);
    const recent = [...batch].slice(-Math.max(0, size - needed));
    const used = new Set(recent);
    return {
      used,
      keep: () => {
        for (const index of used) if (!recent.includes(index)) batch.add(index);
      },
    };
  }
}

/** Fills a template; the topic is named in full in the first `fullMentions` sentences, then by its short form. */
class Mentions {
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

function hashtagsFor(topic: Topic, request: WriteRequest): string[] {
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
function headerOf(count: CountAsk, topic: Topic): string {
  const noun = count.n === 1 ? count.noun : plural(count.noun);
  const what = [numberWord(count.n), count.adjectives, noun].filter(Boolean).join(' ');
  const verb = count.n === 1 ? 'Here is' : 'Here are';
  if (count.kind === 'reason') return `${verb} ${what} ${topic.short} ${isPlural(topic.short) ? 'are' : 'is'} worth it.`;
  if (count.kind === 'mistake') return `${verb} ${what} to avoid.`;
  return `${verb} ${what}.`;
}

function wordsOf(paragraphs: readonly string[]): number {
  return paragraphs.reduce((sum, paragraph) => sum + countWords(paragraph), 0);
}

export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

export class OfflineScriptWriter implements ScriptWriter {
  readonly source = 'offline' as const;

  constructor(private readonly rng: Rng = Math.random) {}

  maxTokens(request: WriteRequest): number {
    // An honest upper bound of what the same request would cost a model: prompt plus the longest answer.
    return 250 + request.count * Math.ceil(request.targetWords * 1.2 * 1.4 + 120);
  }

  /** One sentence per listed item: a template of the item's kind, none twice in a script. */
  private itemTemplates(items: readonly string[], batch: BatchMemory): Template[] {
    const things = batch.forScript('things', thingSentences.length, items.length);
    const practices = batch.forScript('practices', practiceSentences.length, items.length);
    const chosen = items.map((item) => (kindOf(item) === 'practice' ? take(practiceSentences, this.rng, practices.used) : take(thingSentences, this.rng, things.used)));
    things.keep();
    practices.keep();
    return chosen;
  }

  /** The counted list's templates ("change one thing at a time…"), none twice in a script. */
  private countedTemplates(count: CountAsk, batch: BatchMemory): Template[] {
    const pool = count.kind === 'reason' ? reasonSentences : count.kind === 'mistake' ? mistakeSentences : tipSentences;
    const memory = batch.forScript(count.kind, pool.length, count.n);
    const chosen = Array.from({ length: count.n }, () => take(pool, this.rng, memory.used));
    memory.keep();
    return chosen;
  }

  private draft(request: WriteRequest, topic: Topic, usedTitles: Set<string>, batch: BatchMemory): DraftScript {
    const { asks, count, subjects: items } = topic;
    const target = request.targetWords;
    const max = Math.round(target * maxLengthRatio);
    const listed = items.length > 0 || count !== undefined;
    const mentions = new Mentions(topic);

    const hookPool = asks.openWithQuestion ? questionHooks : listed ? hooks.filter((hook) => !hook.startsWith('Three things')) : hooks;
    let hookText = capitalise(mentions.fill(take(hookPool, this.rng, batch.of(asks.openWithQuestion ? 'question hooks' : listed ? 'list hooks' : 'hooks'))));
    const questionPool = (listed ? [...listQuestions, ...topicQuestions] : topicQuestions).map((question) => question.replaceAll('{topic}', topic.short));
    let closerTemplate = asks.endWithQuestion ? take(questionPool, this.rng, batch.of(listed ? 'list questions' : 'questions')) : take(closers, this.rng, batch.of('closers'));
    const bridge = mentions.fill(take(bridges, this.rng, batch.of('bridges')));

    // The asks: a sentence per item, and the counted list (about the items when there are as many).
    const templates = this.itemTemplates(items, batch);
    const merged = count?.kind === 'tip' && items.length === count.n;
    const counted = count && !merged ? this.countedTemplates(count, batch) : [];
    const header = count ? headerOf(count, topic) : undefined;
    const forms = items.map(() => 'long' as 'long' | 'short');
    let countedForm: 'long' | 'short' = 'long';
    let listing = false;
    let withBridge = !count;
    let withHook = true;
    let withCloser = true;
    let withHeader = true;
    const itemSentences = () => items.map((item, i) => fillItem(forms[i] === 'long' ? templates[i]!.long : templates[i]!.short, item, topic.short));
    const itemParagraphs = () => (merged ? [] : listing ? [`${capitalise(numberWord(items.length))} things make the difference: ${listOf(items.map(withArticle))}.`] : itemSentences());
    const countedSentences = () => counted.map((template) => (countedForm === 'long' ? template.long : template.short).replaceAll('{topic}', topic.short));
    const countedParagraphs = () => (merged ? itemSentences() : countedSentences()).map((sentence, i) => afterOrdinal(ordinals[i] ?? `Number ${i + 1}`, sentence));
    const compose = (middle: readonly string[]) => [
      ...(withHook ? [hookText] : []),
      ...(withBridge ? [bridge] : []),
      ...middle,
      ...(header && withHeader ? [header] : []),
      ...(count ? countedParagraphs() : []),
      ...(withCloser ? [closerTemplate] : []),
    ];

    // When the asks do not fit, they win: shorter item sentences, no bridge, shorter tips, the shortest
    // hook and question, one listing sentence, no hook, no header (the ordinals still count), no closer
    // unless it is the asked question.
    for (let i = forms.length - 1; i >= 0 && wordsOf(compose(itemParagraphs())) > target; i -= 1) forms[i] = 'short';
    if (listed && withBridge && wordsOf(compose(itemParagraphs())) > target) withBridge = false;
    if (wordsOf(compose(itemParagraphs())) > target) countedForm = 'short';
    if (wordsOf(compose(itemParagraphs())) > max) {
      const shortest = (pool: readonly string[]) => pool.reduce((best, text) => (countWords(text) < countWords(best) ? text : best));
      hookText = capitalise(mentions.fill(shortest(hookPool)));
      if (asks.endWithQuestion) closerTemplate = shortest(questionPool);
    }
    if (wordsOf(compose(itemParagraphs())) > max && !asks.ownSentences && items.length > 1 && !merged) listing = true;
    if (wordsOf(compose(itemParagraphs())) > max) withHook = false;
    if (wordsOf(compose(itemParagraphs())) > max) withHeader = false;
    if (wordsOf(compose(itemParagraphs())) > max && !asks.endWithQuestion) withCloser = false;

    // Then points on the topic fill the length.
    const pool = [...(topic.group ? groups[topic.group]!.points : []), ...generalPoints];
    const usedPoints = new Set<number>();
    const usedFree = new Set<number>();
    const points: string[] = [];
    const maxPoints = pool.length + topicFreePoints.length;
    let words = wordsOf(compose(itemParagraphs()));
    while (words < target * 0.92 && points.length < maxPoints) {
      // Once the topic has been named in full, every other point is one that does not name it.
      const fromFree = mentions.exhausted && points.length % 2 === 0 && usedFree.size < topicFreePoints.length;
      const point = fromFree ? take(topicFreePoints, this.rng, usedFree) : mentions.fill(take(pool, this.rng, usedPoints));
      if (words + countWords(point) > target * 1.15 && (points.length > 0 || listed)) break;
      points.push(point);
      words += countWords(point);
    }
    // A point that would push the script past the cut (and so cut an ask off its end) goes.
    while (points.length > 0 && wordsOf(compose([...itemParagraphs(), ...points])) > max) points.pop();
    let middle = [...itemParagraphs(), ...points];
    // Without a counted ask, a short body is sometimes numbered ("First, …"), when the ordinals still fit.
    const numbered = middle.map((sentence, i) => afterOrdinal(ordinals[i]!, sentence));
    if (!count && !listing && middle.length >= 2 && middle.length <= 5 && this.rng() < 0.5 && wordsOf(compose(numbered)) <= max) middle = numbered;
    const paragraphs = compose(middle);
    if (withCloser) paragraphs[paragraphs.length - 1] = mentions.fill(closerTemplate);
    const content = paragraphs.join('\n\n');
    const title = this.title(topic, usedTitles, batch.of('titles'), count?.n ?? items.length + points.length);
    return { title, content, hashtags: hashtagsFor(topic, request), hookSuggestion: hookText };
  }

  /** A title no other script of the batch (nor `avoidTitles`) has. */
  private title(topic: Topic, usedTitles: Set<string>, usedTemplates: Set<number>, points: number): string {
    const subjectsTitle = topic.subjects.length >= 2 ? [(t: Topic) => `${t.title}: ${titleCase(listOf(t.subjects)).replace(/ And /g, ' and ')}`] : [];
    const pool = [...subjectsTitle, ...titles];
    let title = '';
    for (let attempt = 0; attempt < pool.length * 2; attempt += 1) {
      title = take(pool, this.rng, usedTemplates)(topic, Math.max(2, points));
      if (!usedTitles.has(title.toLowerCase())) break;
    }
    for (let part = 2; usedTitles.has(title.toLowerCase()); part += 1) title = `${title.replace(/ \(Part \d+\)$/, '')} (Part ${part})`;
    usedTitles.add(title.toLowerCase());
    return title;
  }

  async write(request: WriteRequest): Promise<WriteResult> {
    const topic = topicOf(request);
    const usedTitles = new Set((request.avoidTitles ?? []).map((title) => title.toLowerCase()));
    const batch = new BatchMemory();
    const scripts = Array.from({ length: request.count }, () => this.draft(request, topic, usedTitles, batch));
    const prompt = `${request.topic ?? ''} ${request.subjectCategory ?? ''} ${request.extraInstructions}`;
    const output = scripts.map((s) => `${s.title}${s.content}${s.hashtags.join(' ')}${s.hookSuggestion}`).join('');
    // What a model would have charged for the same exchange: the prompt (with its fixed instructions) and the answer.
    return { scripts, tokensUsed: 200 + estimateTokens(prompt) + estimateTokens(output) };
  }

  async quote(prompt: string): Promise<{ quote: string; tokensUsed: number }> {
    const quotes = [
      'Every great video starts as a small idea you decided to take seriously.',
      'Consistency turns ordinary creators into the ones everyone remembers.',
      'Your voice is the one thing nobody else can copy. Use it.',
      'Done and shared beats perfect and hidden.',
      'The audience you want is looking for exactly what you are about to make.',
      'Small steps every day add up to a body of work.',
      'Create for one person, and you will reach thousands.',
    ];
    const quote = quotes[Math.floor(this.rng() * quotes.length)] ?? quotes[0]!;
    return { quote, tokensUsed: estimateTokens(prompt) + estimateTokens(quote) };
  }
}
