/**
 * The offline writer's phrase library: per subject group, who the script speaks to, points on the
 * topic and hashtags; then points for any topic, hooks, bridges and closings. `{topic}`, `{Topic}` and
 * `{audience}` are filled by `Mentions` (offline-topic.ts).
 */
export interface Voice {
  /** Who the script speaks to. */
  audience: string;
  /** Points specific to the group, with {topic}. */
  points: string[];
  tags: string[];
}

export const groups: Record<string, Voice> = {
  'Professional & Educational': {
    audience: 'anyone learning a new skill',
    points: [
      'Explain what you know about {topic} to someone else this week; saying it out loud shows you exactly where the gaps are.',
      'Find the three ideas everything about {topic} depends on, and learn those before anything advanced.',
      'Spaced practice beats cramming: fifteen minutes a day on {topic} sticks far better than three hours on a Sunday.',
      'Ask someone one year ahead of you about {topic}, not the expert who forgot what being a beginner feels like.',
    ],
    tags: ['learning', 'careertips', 'education'],
  },
  Business: {
    audience: 'founders and small business owners',
    points: [
      'Talk to five customers about {topic} before you spend a single dollar; their exact words become your best marketing copy.',
      'When it comes to {topic}, charge for the value you create, not the hours it takes you. Customers pay for outcomes.',
      'For {topic}, track one number every week. If you cannot measure it, you cannot improve it.',
      'Your first attempt at {topic} should embarrass you a little. Shipping early is how you learn what people actually want.',
    ],
    tags: ['smallbusiness', 'entrepreneur', 'businesstips'],
  },
  Corporate: {
    audience: 'managers and teams',
    points: [
      'Put {topic} on the agenda as a decision, not a discussion, and the meeting will end with an owner and a date.',
      'Write a one-page plan for {topic} first. If it does not fit on a page, it is not clear yet.',
      'Give people context about {topic}, not just tasks. Teams that know the why make better calls without you.',
      'Review your progress on {topic} every two weeks, keep what worked, and drop one thing that did not.',
    ],
    tags: ['leadership', 'management', 'worklife'],
  },
  Sports: {
    audience: 'athletes who want an edge',
    points: [
      'Film yourself working on {topic}. What you feel and what you actually do are rarely the same.',
      'Master the basics of {topic} at game speed; fancy drills mean nothing if the fundamentals break under pressure.',
      'Recovery counts for {topic} too. Sleep and rest days are when your body turns training into progress.',
      'Pick one detail of {topic} per session and obsess over it instead of fixing everything at once.',
    ],
    tags: ['sports', 'athlete', 'training'],
  },
  Wellness: {
    audience: 'people who want to feel better every day',
    points: [
      'Tie {topic} to something you already do, like brushing your teeth, so it happens without willpower.',
      'Notice how you feel before and after. When it comes to {topic}, that simple check-in is the best motivation there is.',
      'Be gentle with yourself about {topic}. Missing one day is normal; missing two in a row is where habits fade.',
      'Keep your plan for {topic} simple enough for your worst day. That is the version that lasts.',
    ],
    tags: ['wellness', 'selfcare', 'mindfulness'],
  },
  Fitness: {
    audience: 'anyone trying to get stronger',
    points: [
      'Progressive overload is the whole secret of {topic}: a little more weight, one more rep, or better form than last time.',
      'Eat protein at every meal, or the work you put into {topic} goes to waste. Training breaks muscle down; food builds it back.',
      'Warm up for {topic} with the same movement you are about to train, just lighter. Five minutes saves weeks of injury.',
      'Write every workout down. When it comes to {topic}, your logbook tells you the truth when your motivation does not.',
    ],
    tags: ['fitness', 'workout', 'gymtips'],
  },
  Creative: {
    audience: 'creators and makers',
    points: [
      'Make a lot of bad work on purpose. For {topic}, volume is how taste turns into skill.',
      'Copy a piece you love, detail by detail, then change one thing. That is how you find your own style for {topic}.',
      'Set a tiny constraint for {topic}, like one colour or ten minutes. Limits make you more creative, not less.',
      'Share your process for {topic}, not just the finished piece. People connect with the messy middle.',
    ],
    tags: ['creative', 'artist', 'creativeprocess'],
  },
  'Pop Culture': {
    audience: 'fans who love the details',
    points: [
      'The best takes on {topic} come from one specific moment, not a general opinion. Zoom in and tell us why it matters.',
      'Look at what people said about {topic} when it first came out, then compare it with now. The shift is the story.',
      'Give a hot take on {topic}, then argue against yourself. Your audience will fill the comments either way.',
      'Connect what you say about {topic} to something everyone already knows, and suddenly even newcomers care.',
    ],
    tags: ['popculture', 'fandom', 'review'],
  },
  Lifestyle: {
    audience: 'people building a life they enjoy',
    points: [
      'When it comes to {topic}, aim for how you want to feel, not how it should look on camera.',
      'For {topic}, spend on what you use every day and save on the rest.',
      'Try the simplest version of {topic} for a week before buying anything. You will know exactly what you need.',
      'Keep a note of small wins for {topic}. They add up faster than you think.',
    ],
    tags: ['lifestyle', 'dailyroutine', 'lifehacks'],
  },
  Beauty: {
    audience: 'anyone who wants results without a twelve-step routine',
    points: [
      'Patch test anything new for {topic} on a small area first. Your skin will thank you.',
      'With {topic}, technique matters more than price. A good method beats an expensive product.',
      'Introduce one new product at a time, so you know exactly what is working for {topic}.',
      'Check your look in daylight before you leave the house. When it comes to {topic}, bathroom lighting hides a lot.',
    ],
    tags: ['beauty', 'skincare', 'beautytips'],
  },
  Entertainment: {
    audience: 'people who love a good show',
    points: [
      'Open with the punchline and work backwards. For {topic}, attention is earned in the first second.',
      'Rehearse until it sounds unrehearsed. When it comes to {topic}, spontaneity takes practice.',
      'Watch your audience, not your notes. Anything about {topic} lands best when it feels like a conversation.',
      'End a moment before people expect it, and they will ask for more about {topic}.',
    ],
    tags: ['entertainment', 'behindthescenes', 'showtime'],
  },
  'Family and Kids': {
    audience: 'busy parents',
    points: [
      'Turn it into a game with a timer, and kids will race through what they usually resist about {topic}.',
      'Give children two choices about {topic}, both of which you are happy with. They feel in charge and you keep the peace.',
      'When it comes to {topic}, do it together for ten minutes before asking them to do it alone.',
      'Celebrate effort, not perfection, with {topic}. Kids repeat what gets noticed.',
    ],
    tags: ['parenting', 'familytime', 'momlife'],
  },
};

export const generalPoints = [
  'Start small: pick one thing you can do in the next ten minutes for {topic}, and do it today.',
  'When it comes to {topic}, the people who get results are not more talented; they are simply more consistent.',
  'Most advice about {topic} was written for someone else. Keep what fits your situation and ignore the rest.',
  'Write down what you tried for {topic}, what worked and what did not. After a week you will see a clear pattern.',
  'Do not wait to feel ready for {topic}. Confidence comes after action, not before it.',
  'Find someone who already gets the results you want with {topic}, and study exactly what they do differently.',
  'Make the first step for {topic} easy: lay everything out the night before and remove every excuse.',
  'Measure your progress on {topic} against last month, never against someone else’s highlight reel.',
  'The boring basics of {topic} do ninety percent of the work. Master them before chasing shortcuts.',
  'On a hard day, shrink the goal for {topic} instead of skipping it. Two minutes still counts.',
];

/** Points that do not name the topic, so it is not repeated in every sentence. */
export const topicFreePoints = [
  'Consistency beats intensity: ten focused minutes a day adds up faster than one big weekend.',
  'Pick one change, try it for a week, and keep it only if you can feel the difference.',
  'Most of the results come from a few basics done well, not from expensive extras.',
  'Write down what you tried and how it went. After a week the pattern is obvious.',
  'Copy someone who is a year ahead of you, then adjust what does not fit your life.',
  'Make the first step so easy that you cannot say no to it, then build from there.',
];

/** Openings; the topic only where any noun phrase reads ("about {topic}", "for {topic}", "when it comes to {topic}"). */
export const hooks: string[] = [
  'Most advice about {topic} makes it harder than it needs to be.',
  'What if {topic} could be simpler than you think?',
  'Here is the advice about {topic} I wish someone had given me on day one.',
  'Stop scrolling if you care about {topic}.',
  'I spent a year testing what works for {topic}, so you do not have to.',
  'When it comes to {topic}, talent matters far less than a few small habits.',
  'Ready to take {topic} seriously? Let us keep it simple.',
];

export const bridges: string[] = [
  'This one is for {audience}.',
  'Here is what actually works.',
  'Let me break it down into steps you can use today.',
  'Save this so you can come back to it.',
  'This is how {audience} can get better results without burning out.',
];

export const closers: string[] = [
  'Try one of these today and tell me in the comments how it goes.',
  'Follow for more tips like this, and share it with someone who needs it.',
  'Which of these will you try first? Tell me in the comments.',
  'Small steps, repeated daily, beat big plans that never start. Save this and begin today.',
  'That is {topic} made simple. Follow along for part two.',
];
