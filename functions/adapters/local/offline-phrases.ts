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

export const generalPoints = [
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
export const topicFreePoints = [
  'Consistency beats intensity: ten focused minutes a day adds up faster than one big weekend.',
  'Pick one change, try it for a week, and keep it only if you can feel the difference.',
  'Most of the results come from a few basics done well, not from expensive extras.',
  'Write down what you tried and how it went. After a week the pattern is obvious.',
  'Copy someone who is a year ahead of you, then adjust what does not fit your life.',
  'Make the first step so easy that you cannot say no to it, then build from there.',
];

export const hooks: string[] = [
  'Most people get {topic} completely wrong, and it is not their fault.',
  'What if {topic} could be simpler than you think?',
  'Here is the {topic} advice I wish someone had given me on day one.',
  'Stop scrolling if {topic} has been on your mind lately.',
  'Three things about {topic} that nobody talks about.',
  'I spent a year figuring out {topic} so you do not have to.',
  'When it comes to {topic}, talent matters far less than a few small habits.',
  'Ready to finally make progress with {topic}? Let us keep it simple.',
];

export const bridges: string[] = [
  'If you are one of the {audience}, this is for you.',
  'Here is what actually works.',
  'Let me break {topic} down into steps you can use today.',
  'Save this so you can come back to it.',
  'This is how {audience} can get better results without burning out.',
];

export const closers: string[] = [
  'Try one of these today and tell me in the comments how {topic} goes for you.',
  'Follow for more tips like this, and share it with someone who needs it.',
  'Which of these will you try first? Your future self will thank you for starting {topic} now.',
  'Small steps, repeated daily, beat big plans that never start. Save this and begin today.',
  'That is {topic} made simple. Follow along for part two.',
];
