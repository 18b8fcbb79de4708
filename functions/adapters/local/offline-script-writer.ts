import type { DraftScript, ScriptWriter, WriteRequest, WriteResult } from '../../core/ports/scripts';
import { countWords } from '../../contract/rules/post-caption';
import { groupOfCategory } from '../../contract/rules/subject-categories';

/**
 * The local stand-in for the LLM (DESIGN section 1): composes topic-specific scripts from a library
 * of openings, points and closings, picked at random without repeats, so two scripts on one topic
 * differ and two topics read differently. The API marks its scripts `source: 'offline'`.
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

const hooks: ((t: Topic) => string)[] = [
  (t) => `Most people get ${t.lower} completely wrong, and it is not their fault.`,
  (t) => `What if ${t.lower} could be simpler than you think?`,
  (t) => `Here is the ${t.lower} advice I wish someone had given me on day one.`,
  (t) => `Stop scrolling if ${t.lower} has been on your mind lately.`,
  (t) => `Three things about ${t.lower} that nobody talks about.`,
  (t) => `I spent a year figuring out ${t.lower} so you do not have to.`,
  (t) => `When it comes to ${t.lower}, talent matters far less than a few small habits.`,
  (t) => `Ready to finally make progress with ${t.lower}? Let us keep it simple.`,
];

const bridges: ((t: Topic) => string)[] = [
  (t) => `If you are one of the ${t.audience}, this is for you.`,
  () => 'Here is what actually works.',
  (t) => `Let me break ${t.lower} down into steps you can use today.`,
  () => 'Save this so you can come back to it.',
  (t) => `This is how ${t.audience} can get better results without burning out.`,
];

const closers: ((t: Topic) => string)[] = [
  (t) => `Try one of these today and tell me in the comments how ${t.lower} goes for you.`,
  () => 'Follow for more tips like this, and share it with someone who needs it.',
  (t) => `Which of these will you try first? Your future self will thank you for starting ${t.lower} now.`,
  () => 'Small steps, repeated daily, beat big plans that never start. Save this and begin today.',
  (t) => `That is ${t.lower} made simple. Follow along for part two.`,
];

const titles: ((t: Topic, n: number) => string)[] = [
  (t, n) => `${n} ${t.title} Tips That Actually Work`,
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
  audience: string;
  group?: string;
}

const stopWords = new Set(
  'a an the and or but of for to in on at by with about into from your my our their this that these those is are be how what why make write create script video please some more tips'.split(' '),
);

function plural(noun: string): string {
  if (/(s|x|z|ch|sh)$/.test(noun)) return `${noun}es`;
  if (/[^aeiou]y$/.test(noun)) return `${noun.slice(0, -1)}ies`;
  return `${noun}s`;
}

function titleCase(text: string): string {
  return text.replace(/\b([a-z])([a-z']*)/g, (_, first: string, rest: string) => first.toUpperCase() + rest);
}

function topicOf(request: WriteRequest): Topic {
  const group = groupOfCategory(request.subjectCategory);
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
  return {
    title: titleCase(cleaned),
    lower: /^[A-Z]{2,}/.test(cleaned) ? cleaned : cleaned.charAt(0).toLowerCase() + cleaned.slice(1),
    audience: role ? `${plural(role)} and the people they serve` : group ? groups[group]!.audience : 'creators',
    group,
  };
}

function take<T>(pool: readonly T[], rng: Rng, used: Set<number>): T {
  const free = pool.map((_, i) => i).filter((i) => !used.has(i));
  const choices = free.length ? free : pool.map((_, i) => i);
  const index = choices[Math.floor(rng() * choices.length)] ?? 0;
  used.add(index);
  return pool[index] as T;
}

function fill(template: string, topic: Topic): string {
  return template.replaceAll('{topic}', topic.lower).replaceAll('{Topic}', topic.title);
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
  return tags.filter((tag) => tag.length > 1 && tag.length <= 30);
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

  private draft(request: WriteRequest, topic: Topic, usedTitles: Set<string>, batch: Record<'hooks' | 'bridges' | 'closers' | 'titles', Set<number>>): DraftScript {
    const pool = [...(topic.group ? groups[topic.group]!.points : []), ...generalPoints];
    const usedPoints = new Set<number>();
    const hookText = take(hooks, this.rng, batch.hooks)(topic).replace(/^\w/, (c) => c.toUpperCase());
    const bridge = take(bridges, this.rng, batch.bridges)(topic);
    const closer = take(closers, this.rng, batch.closers)(topic);
    const sentences: string[] = [];
    const target = request.targetWords;
    const fixed = countWords(hookText) + countWords(bridge) + countWords(closer);
    let body = 0;
    const maxPoints = pool.length;
    while (fixed + body < target * 0.92 && sentences.length < maxPoints) {
      const point = fill(take(pool, this.rng, usedPoints), topic);
      if (fixed + body + countWords(point) > target * 1.15 && sentences.length > 0) break;
      sentences.push(point);
      body += countWords(point);
    }
    const numbered = sentences.length >= 2 && sentences.length <= 5 && this.rng() < 0.5;
    const ordinals = ['First', 'Second', 'Third', 'Fourth', 'Fifth'];
    const bodyText = numbered
      ? sentences.map((sentence, i) => `${ordinals[i]}, ${sentence.charAt(0).toLowerCase()}${sentence.slice(1)}`)
      : sentences;
    const content = [hookText, bridge, ...bodyText, closer].join('\n\n');

    let title = '';
    for (let attempt = 0; attempt < titles.length * 2; attempt += 1) {
      title = take(titles, this.rng, batch.titles)(topic, Math.max(2, sentences.length));
      if (!usedTitles.has(title.toLowerCase())) break;
    }
    usedTitles.add(title.toLowerCase());
    return { title, content, hashtags: hashtagsFor(topic, request), hookSuggestion: hookText };
  }

  async write(request: WriteRequest): Promise<WriteResult> {
    const topic = topicOf(request);
    const usedTitles = new Set((request.avoidTitles ?? []).map((title) => title.toLowerCase()));
    const batch = { hooks: new Set<number>(), bridges: new Set<number>(), closers: new Set<number>(), titles: new Set<number>() };
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
