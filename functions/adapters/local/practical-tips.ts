/**
 * The offline writer's table of practical tips: for a "3 tips" request it says three things a viewer
 * can do, not three sentences about tips. Tips are kept per subject (coffee, sleep, money, …), each
 * subject under one of the twelve subject-category groups; a topic picks its subject by its words, else
 * the group of its category, else the general tips. A tip is an imperative sentence ("Grind your beans
 * just before brewing…"), said after "First," with its first letter lowered; `{topic}` appears only
 * after "for" or "about", where any noun phrase reads well ("for better morning coffee").
 */
import type { Template } from './item-sentences';

export interface TipSubject {
  /** What a script about the subject is said to be about when the request names only items ("coffee"). */
  name: string;
  /** Words of the topic (or category) that choose this subject, whole words, lower case. */
  words: readonly string[];
  /** The subject-category group it belongs to (functions/contract/rules/subject-categories.ts). */
  group: string;
  tips: readonly Template[];
}

export const tipSubjects: Readonly<Record<string, TipSubject>> = {
  coffee: {
    name: 'coffee',
    words: ['coffee', 'espresso', 'latte', 'cappuccino', 'brew', 'barista', 'beans', 'grinder', 'cafe', 'caffeine'],
    group: 'Lifestyle',
    tips: [
      { long: 'Grind your beans just before you brew, because ground coffee loses its aroma within minutes.', short: 'Grind your beans just before brewing.' },
      { long: 'Weigh your coffee and water: about one gram of coffee to sixteen grams of water is a great start.', short: 'Weigh it: one gram of coffee to sixteen of water.' },
      { long: 'Keep your water temperature just off the boil, around ninety-three degrees, so the coffee tastes sweet, not bitter.', short: 'Keep your water temperature just off the boil.' },
      { long: 'Buy a burr grinder before a fancy machine; an even grind matters more than the brewer.', short: 'Buy a burr grinder first.' },
      { long: 'Buy beans roasted in the last few weeks, and check the roast date on the bag rather than the best-before date.', short: 'Buy beans with a recent roast date.' },
      { long: 'Use filtered water; your cup is almost all water, and hard tap water flattens the flavour.', short: 'Brew with filtered water.' },
      { long: 'Store your beans in an airtight tin away from light, never in the fridge.', short: 'Keep beans airtight, out of the fridge.' },
      { long: 'Change one thing at a time, like the grind size, and taste the difference before you change the next.', short: 'Adjust the grind one step at a time.' },
      { long: 'Rinse your equipment with hot water first, so the cup does not cool the coffee down.', short: 'Preheat your cup and brewer.' },
    ],
  },
  baking: {
    name: 'home baking',
    words: ['baking', 'bake', 'baker', 'sourdough', 'bread', 'loaf', 'dough', 'starter', 'cake', 'cakes', 'cookies', 'pastry', 'pizza', 'oven'],
    group: 'Lifestyle',
    tips: [
      { long: 'Weigh everything on a kitchen scale; cups can be off by a fifth, and baking is chemistry.', short: 'Weigh everything on a scale.' },
      { long: 'Judge the dough by how it looks and feels, not by the clock; a warm kitchen rises it twice as fast.', short: 'Watch the dough, not the clock.' },
      { long: 'Feed your starter at the same time every day, and bake with it when it has doubled and smells sweet.', short: 'Bake when your starter has doubled.' },
      { long: 'Put an oven thermometer inside; most ovens run hotter or colder than the dial says.', short: 'Check your oven with a thermometer.' },
      { long: 'Let bread cool for at least an hour before you slice it, because it is still cooking inside.', short: 'Let bread cool before slicing.' },
      { long: 'Bake the same recipe three times before you change it, so you learn what it should look like.', short: 'Bake one recipe three times.' },
      { long: 'Add steam for the first part of the bake, with a tray of water or a lid, for a crisp, open crust.', short: 'Add steam early for a better crust.' },
    ],
  },
  food: {
    name: 'cooking at home',
    words: ['cooking', 'cook', 'recipe', 'recipes', 'meal', 'meals', 'kitchen', 'dinner', 'lunch', 'breakfast', 'food', 'pasta', 'prep', 'chef', 'vegan', 'healthy', 'snack', 'snacks'],
    group: 'Lifestyle',
    tips: [
      { long: 'Read the whole recipe before you start, and lay out every ingredient so nothing catches you mid-step.', short: 'Lay out every ingredient first.' },
      { long: 'Salt in small amounts as you go, and taste each time; seasoning at the end never tastes the same.', short: 'Season as you go, tasting each time.' },
      { long: 'Let your pan heat up properly before anything goes in, so food sears instead of steaming.', short: 'Heat the pan before food goes in.' },
      { long: 'Cook one big batch of a base, like rice or roasted vegetables, and build three different meals from it.', short: 'Batch-cook one base for three meals.' },
      { long: 'Keep a sharp knife; it is safer than a dull one and makes every prep job faster.', short: 'Keep your knife sharp.' },
      { long: 'Weigh ingredients for baking instead of using cups; a kitchen scale makes results repeatable.', short: 'Bake by weight, not by cups.' },
      { long: 'Write down what you changed every time you cook something new, so a good result is easy to repeat.', short: 'Note every change you make.' },
    ],
  },
  sleep: {
    name: 'better sleep',
    words: ['sleep', 'sleeping', 'insomnia', 'nap', 'naps', 'tired', 'rest', 'bedroom', 'melatonin'],
    group: 'Wellness',
    tips: [
      { long: 'Go to bed and get up at the same time every day, weekends included, so your body knows when to wind down.', short: 'Keep the same bedtime every day.' },
      { long: 'Stop caffeine by early afternoon; it stays in your system for hours after the last cup.', short: 'Stop caffeine by early afternoon.' },
      { long: 'Keep your bedroom cool, dark and quiet, around eighteen degrees if you can.', short: 'Keep the bedroom cool and dark.' },
      { long: 'Put your phone away thirty minutes before bed and read something on paper instead.', short: 'Put your phone away before bed.' },
      { long: 'Get ten minutes of daylight soon after you wake up; it sets your body clock for the night ahead.', short: 'Get daylight soon after waking.' },
      { long: 'If you cannot fall asleep after twenty minutes, get up and do something calm until you feel sleepy.', short: 'Get up if you cannot fall asleep.' },
      { long: 'Eat your last big meal two to three hours before bed, so digestion does not keep you awake.', short: 'Finish big meals well before bed.' },
    ],
  },
  money: {
    name: 'saving money',
    words: ['money', 'saving', 'savings', 'save', 'budget', 'budgeting', 'debt', 'invest', 'investing', 'finance', 'finances', 'spending', 'frugal', 'retirement', 'salary', 'bills'],
    group: 'Professional & Educational',
    tips: [
      { long: 'Move money into savings the day you get paid, before you have a chance to spend it.', short: 'Save on payday, before spending.' },
      { long: 'Check your bank statement for subscriptions you forgot about, and cancel one today.', short: 'Cancel one forgotten subscription.' },
      { long: 'Wait forty-eight hours before any purchase you did not plan; most urges fade by then.', short: 'Wait two days before unplanned buys.' },
      { long: 'Give every euro or dollar a job at the start of the month, so nothing is left to drift.', short: 'Give every dollar a job.' },
      { long: 'Build a small emergency fund first, even one month of costs, so a surprise bill does not become debt.', short: 'Build a one-month emergency fund.' },
      { long: 'Pay off the debt with the highest interest rate first, while paying the minimum on the rest.', short: 'Pay the highest interest first.' },
      { long: 'Automate your bills and savings, so good decisions happen without willpower.', short: 'Automate bills and savings.' },
    ],
  },
  strength: {
    name: 'strength training',
    words: ['workout', 'workouts', 'gym', 'strength', 'muscle', 'squat', 'squats', 'deadlift', 'deadlifts', 'lifting', 'weights', 'leg', 'legs', 'abs', 'core', 'training', 'exercise', 'exercises', 'push', 'pull', 'calisthenics', 'pilates', 'fitness', 'bench'],
    group: 'Fitness',
    tips: [
      { long: 'Add a little each week, one more rep or a bit more weight, and write it down so you can see it.', short: 'Add one rep or a little weight weekly.' },
      { long: 'Warm up with lighter sets of the same movement you are about to train.', short: 'Warm up with lighter sets.' },
      { long: 'Film one set from the side; your form looks different from how it feels.', short: 'Film a set to check your form.' },
      { long: 'Eat some protein at every meal, since training breaks muscle down and food builds it back.', short: 'Eat protein at every meal.' },
      { long: 'Rest two to three minutes between heavy sets, so the next one is as strong as the first.', short: 'Rest fully between heavy sets.' },
      { long: 'Stop each set one or two reps before failure, with clean form on every rep.', short: 'Stop a rep or two before failure.' },
      { long: 'Keep a logbook of every workout, so you always know what to beat next time.', short: 'Log every workout.' },
    ],
  },
  running: {
    name: 'running',
    words: ['running', 'run', 'runner', 'marathon', 'jogging', 'jog', '5k', '10k', 'cycling', 'cyclist', 'swimming', 'cardio', 'endurance', 'race'],
    group: 'Sports',
    tips: [
      { long: 'Do most of your training at an easy pace, slow enough that you could hold a conversation.', short: 'Keep most sessions conversational.' },
      { long: 'Raise your weekly distance by about ten percent at most, so your body can keep up.', short: 'Add no more than ten percent a week.' },
      { long: 'Take shorter, quicker steps instead of long strides; it is kinder to your knees.', short: 'Take shorter, quicker steps.' },
      { long: 'Plan one rest day after every hard session, because that is when you actually get fitter.', short: 'Rest after every hard session.' },
      { long: 'Practise your race-day breakfast on a training day, never for the first time on the day.', short: 'Rehearse your race-day breakfast.' },
      { long: 'Replace your shoes every eight hundred kilometres or so, before the cushioning is gone.', short: 'Replace worn-out shoes.' },
    ],
  },
  sport: {
    name: 'your game',
    words: ['football', 'soccer', 'basketball', 'tennis', 'golf', 'martial', 'boxing', 'athlete', 'coach', 'team', 'match', 'game', 'drills', 'swing', 'serve'],
    group: 'Sports',
    tips: [
      { long: 'Pick one skill per session and repeat it until it holds up at game speed.', short: 'Train one skill per session.' },
      { long: 'Film yourself in practice; what you feel and what you actually do are rarely the same.', short: 'Film yourself in practice.' },
      { long: 'Warm up with the movements of your sport, not just static stretches.', short: 'Warm up with sport movements.' },
      { long: 'Write one thing to improve after every match, and make it the focus of the next practice.', short: 'Note one fix after every match.' },
      { long: 'Sleep eight hours before a big game; rest does more for reaction time than any extra drill.', short: 'Sleep well before big games.' },
      { long: 'Practise under a little pressure, with a score or a timer, so the real game feels familiar.', short: 'Practise with a score or timer.' },
    ],
  },
  mind: {
    name: 'feeling better every day',
    words: ['stress', 'anxiety', 'mindfulness', 'meditation', 'meditate', 'journaling', 'journal', 'breathing', 'calm', 'mental', 'selfcare', 'self-care', 'burnout', 'gratitude', 'wellbeing', 'wellness', 'hydration', 'water', 'walking', 'walk', 'habits', 'habit'],
    group: 'Wellness',
    tips: [
      { long: 'Take one slow minute to breathe in for four counts and out for six before you start.', short: 'Breathe in for four, out for six.' },
      { long: 'Tie the new habit to something you already do, like your first coffee or brushing your teeth.', short: 'Tie it to something you already do.' },
      { long: 'Start with two minutes a day; a routine you keep beats a long one you skip.', short: 'Start with two minutes a day.' },
      { long: 'Write down three things that went well before bed, however small.', short: 'Note three good things each night.' },
      { long: 'Put a glass of water next to your bed and drink it before you check your phone.', short: 'Drink water before you check your phone.' },
      { long: 'Take a ten-minute walk outside after lunch, without headphones.', short: 'Walk ten minutes after lunch.' },
      { long: 'Mark each day you do it on a calendar, and try not to break the chain twice in a row.', short: 'Mark each day on a calendar.' },
    ],
  },
  mornings: {
    name: 'better mornings',
    words: ['morning', 'mornings', 'routine', 'routines', 'productivity', 'productive', 'focus', 'procrastination', 'time', 'schedule', 'planning', 'organised', 'organized', 'declutter', 'decluttering', 'minimalism', 'minimalist'],
    group: 'Lifestyle',
    tips: [
      { long: 'Plan tomorrow in five minutes tonight, and pick the one task that matters most.', short: 'Pick tomorrow’s one big task tonight.' },
      { long: 'Do the hardest task first, before messages and meetings take your energy.', short: 'Do the hardest task first.' },
      { long: 'Lay out what you need the night before, so the first step takes seconds.', short: 'Lay everything out the night before.' },
      { long: 'Work in blocks of twenty-five minutes with a five-minute break, and keep your phone in another room.', short: 'Work in focused 25-minute blocks.' },
      { long: 'Batch small jobs like email and errands into one slot instead of spreading them through the day.', short: 'Batch small jobs into one slot.' },
      { long: 'Clear one surface for ten minutes a day; small resets keep the whole space under control.', short: 'Reset one surface each day.' },
      { long: 'Review your week every Sunday and drop one thing that did not help.', short: 'Review your week on Sunday.' },
    ],
  },
  work: {
    name: 'work',
    words: ['career', 'job', 'interview', 'resume', 'cv', 'meeting', 'meetings', 'manager', 'management', 'leadership', 'team', 'remote', 'office', 'email', 'emails', 'promotion', 'hiring', 'onboarding', 'feedback', 'negotiation', 'salary', 'networking', 'linkedin', 'presentation', 'presentations'],
    group: 'Corporate',
    tips: [
      { long: 'Start every meeting by saying what decision it should end with, and end it once you have one.', short: 'Open meetings with the decision needed.' },
      { long: 'Write the one-page version of your plan first; if it does not fit on a page, it is not clear yet.', short: 'Fit your plan on one page.' },
      { long: 'Send a short written summary after every important conversation, with owners and dates.', short: 'Summarise decisions in writing.' },
      { long: 'Give feedback within a day, about one specific moment, and ask what they think before you suggest a fix.', short: 'Give specific feedback within a day.' },
      { long: 'Block two hours of focus time in your calendar before anyone else can claim them.', short: 'Block focus time first.' },
      { long: 'Prepare three stories about your results before any interview or review, each with a number in it.', short: 'Prepare three results stories.' },
      { long: 'Ask your manager what a great result looks like in three months, and write down the answer.', short: 'Ask what great looks like.' },
    ],
  },
  learning: {
    name: 'learning faster',
    words: ['learn', 'learning', 'study', 'studying', 'exam', 'exams', 'student', 'students', 'language', 'languages', 'course', 'school', 'teaching', 'teacher', 'tutor', 'reading', 'books', 'coding', 'programming', 'skill', 'skills', 'homework', 'college', 'university'],
    group: 'Professional & Educational',
    tips: [
      { long: 'Test yourself instead of rereading; trying to recall something is what makes it stick.', short: 'Test yourself instead of rereading.' },
      { long: 'Study in short daily sessions rather than one long one; spacing beats cramming.', short: 'Study a little every day.' },
      { long: 'Explain what you learned out loud, as if to a friend; the gaps show up immediately.', short: 'Explain it out loud to find gaps.' },
      { long: 'Put your phone in another room while you study; even a silent phone pulls at your attention.', short: 'Study with your phone in another room.' },
      { long: 'Learn the few core ideas everything else depends on before anything advanced.', short: 'Master the core ideas first.' },
      { long: 'Review your notes the next day for five minutes, then again a week later.', short: 'Review next day, then next week.' },
      { long: 'Practise on a real small project as soon as you can, not only on exercises.', short: 'Use it on a real project early.' },
    ],
  },
  business: {
    name: 'growing a business',
    words: ['business', 'startup', 'startups', 'customers', 'customer', 'sales', 'selling', 'marketing', 'brand', 'branding', 'pricing', 'ecommerce', 'e-commerce', 'shop', 'store', 'freelance', 'freelancing', 'freelancer', 'clients', 'client', 'side', 'hustle', 'entrepreneur', 'product', 'launch', 'seo', 'ads'],
    group: 'Business',
    tips: [
      { long: 'Talk to five customers this week and write down the exact words they use; that is your best marketing copy.', short: 'Talk to five customers this week.' },
      { long: 'Price for the value you create, not the hours it takes you; customers pay for results.', short: 'Price for value, not hours.' },
      { long: 'Track one number every week, like new customers or repeat orders, and try to move only that.', short: 'Track one number every week.' },
      { long: 'Launch a simple version early and improve it with real feedback instead of guessing.', short: 'Launch simple, then improve.' },
      { long: 'Ask every happy customer for a review or a referral the same day.', short: 'Ask happy customers for referrals.' },
      { long: 'Follow up every lead within twenty-four hours; speed wins more deals than a perfect pitch.', short: 'Follow up leads within a day.' },
      { long: 'Put your offer in one sentence that says who it is for and what changes for them.', short: 'Say your offer in one sentence.' },
    ],
  },
  content: {
    name: 'making videos',
    words: ['content', 'video', 'videos', 'youtube', 'tiktok', 'instagram', 'reels', 'shorts', 'podcast', 'podcasting', 'streaming', 'creator', 'creators', 'followers', 'audience', 'social', 'editing', 'filming', 'vlog', 'posting'],
    group: 'Entertainment',
    tips: [
      { long: 'Put your strongest line in the first two seconds, before anything else.', short: 'Lead with your strongest line.' },
      { long: 'Face a window when you film; soft daylight beats any cheap light.', short: 'Film facing a window.' },
      { long: 'Post on a schedule you can keep for three months, even if it is only twice a week.', short: 'Post on a schedule you can keep.' },
      { long: 'Cut every pause and every sentence that does not move the story forward.', short: 'Cut every pause.' },
      { long: 'Reply to comments in the first hour; it tells people there is a person behind the account.', short: 'Reply to comments in the first hour.' },
      { long: 'Turn your most common comment question into your next video.', short: 'Answer a comment in your next video.' },
      { long: 'Record audio close to your mouth; people forgive a soft picture long before bad sound.', short: 'Keep the microphone close.' },
    ],
  },
  creative: {
    name: 'creative work',
    words: ['drawing', 'painting', 'art', 'design', 'writing', 'music', 'guitar', 'piano', 'singing', 'crafts', 'crafting', 'knitting', 'sketching', 'illustration', 'lighting', 'interior', 'decor'],
    group: 'Creative',
    tips: [
      { long: 'Make something small every day for thirty days; volume is how taste turns into skill.', short: 'Make something small every day.' },
      { long: 'Copy a piece you love, detail by detail, then change one thing to make it yours.', short: 'Copy a piece you love, then change one thing.' },
      { long: 'Give yourself one limit, like one colour or ten minutes; constraints make you more creative.', short: 'Set one creative limit.' },
      { long: 'Work with the light you have: face a window, or shoot in the hour before sunset.', short: 'Use window light or golden hour.' },
      { long: 'Step away for an hour before you judge a piece; fresh eyes see what tired ones miss.', short: 'Rest your eyes before judging.' },
      { long: 'Share your process, not only the finished piece; people connect with the messy middle.', short: 'Share the process, not just the result.' },
      { long: 'Keep a notebook of ideas and references, and add one thing to it every day.', short: 'Keep an idea notebook.' },
    ],
  },
  culture: {
    name: 'what to watch next',
    words: ['movie', 'movies', 'film', 'films', 'series', 'show', 'shows', 'anime', 'manga', 'gaming', 'games', 'gamer', 'book', 'books', 'novel', 'novels', 'album', 'albums', 'celebrity', 'trend', 'trends', 'review', 'reviews', 'gadget', 'gadgets', 'tech', 'netflix', 'marvel', 'comics', 'k-drama', 'drama'],
    group: 'Pop Culture',
    tips: [
      { long: 'Give a new series three episodes before you decide; many only find their feet by then.', short: 'Give a new series three episodes.' },
      { long: 'Start a long franchise with its most loved entry, not necessarily the first one.', short: 'Start with the most loved entry.' },
      { long: 'Keep a list of everything you finish with a one-line verdict; your taste becomes obvious fast.', short: 'Keep a list with one-line verdicts.' },
      { long: 'Skip the trailer when you can and go in blind; surprises land harder.', short: 'Skip the trailer and go in blind.' },
      { long: 'Watch or read with a friend and talk about it right after; you will notice twice as much.', short: 'Share it with a friend, then talk.' },
      { long: 'Follow two or three reviewers whose taste matches yours, and ignore the rest.', short: 'Follow reviewers who share your taste.' },
    ],
  },
  photo: {
    name: 'better photos',
    words: ['photography', 'photo', 'photos', 'photographer', 'camera', 'cameras', 'portrait', 'portraits', 'lens', 'lenses', 'selfie', 'selfies', 'headshot', 'headshots', 'shoot', 'shooting'],
    group: 'Creative',
    tips: [
      { long: 'Shoot near a window or in the hour before sunset; soft light flatters every face.', short: 'Use soft window light.' },
      { long: 'Focus on the eye closest to the camera; if the eyes are sharp, the photo feels sharp.', short: 'Focus on the nearest eye.' },
      { long: 'Step closer and fill the frame with your subject, so nothing distracts from it.', short: 'Step closer and fill the frame.' },
      { long: 'Keep the background simple, or open your aperture to blur it.', short: 'Keep the background simple.' },
      { long: 'Talk to your subject between shots; relaxed people look better than posed ones.', short: 'Talk to your subject between shots.' },
      { long: 'Hold the camera at eye level or slightly above, never from below the chin.', short: 'Shoot from eye level.' },
      { long: 'Take ten frames of the same moment and keep only the best one.', short: 'Take ten frames, keep one.' },
    ],
  },
  mobility: {
    name: 'stretching',
    words: ['stretch', 'stretching', 'stretches', 'mobility', 'flexibility', 'flexible', 'yoga', 'posture', 'splits', 'hamstrings', 'hips', 'back'],
    group: 'Wellness',
    tips: [
      { long: 'Hold each stretch for at least thirty seconds and breathe slowly, without bouncing.', short: 'Hold each stretch thirty seconds.' },
      { long: 'Stretch after a short warm-up, like a brisk walk, when your muscles are already warm.', short: 'Warm up before you stretch.' },
      { long: 'Start with the spots sitting tightens most: hips, hamstrings and chest.', short: 'Start with hips and hamstrings.' },
      { long: 'Go to mild tension, never pain; pushing harder only makes muscles guard.', short: 'Stop at mild tension, never pain.' },
      { long: 'Keep it to ten minutes a day; little and often beats one long session a week.', short: 'Ten minutes a day is enough.' },
      { long: 'Do the same short sequence every morning, so you never have to think about what comes next.', short: 'Repeat one short sequence daily.' },
    ],
  },
  beauty: {
    name: 'skincare',
    words: ['skin', 'skincare', 'makeup', 'beauty', 'hair', 'haircare', 'nails', 'nail', 'acne', 'sunscreen', 'spf', 'moisturiser', 'moisturizer', 'retinol', 'serum', 'lashes', 'brows', 'beard', 'barber', 'haircut', 'curls'],
    group: 'Beauty',
    tips: [
      { long: 'Wear sunscreen every morning, even when it is cloudy; it does more for your skin than any serum.', short: 'Wear sunscreen every morning.' },
      { long: 'Patch test anything new on a small area for two days before you use it everywhere.', short: 'Patch test anything new.' },
      { long: 'Introduce one new product at a time and give it four weeks, so you know what is working.', short: 'Add one new product at a time.' },
      { long: 'Check your look in daylight before you leave; bathroom lighting hides a lot.', short: 'Check your look in daylight.' },
      { long: 'Wash pillowcases and brushes every week; they collect what you work hard to clean off.', short: 'Wash brushes and pillowcases weekly.' },
      { long: 'Use less product than you think, and build up only where you need it.', short: 'Start with less product.' },
      { long: 'Pat products in rather than rubbing, especially around the eyes.', short: 'Pat products in; do not rub.' },
    ],
  },
  family: {
    name: 'family life',
    words: ['kids', 'kid', 'children', 'child', 'toddler', 'toddlers', 'baby', 'babies', 'parenting', 'parent', 'parents', 'family', 'families', 'bedtime', 'screen', 'tantrums', 'homeschool', 'mom', 'dad', 'teen', 'teens'],
    group: 'Family and Kids',
    tips: [
      { long: 'Give two choices you are happy with either way, so your child feels in charge and you keep the peace.', short: 'Offer two choices you both accept.' },
      { long: 'Turn chores into a race against a timer; kids finish what they usually resist.', short: 'Turn chores into a timed race.' },
      { long: 'Warn five minutes before every change of activity, so the switch does not come as a shock.', short: 'Give a five-minute warning.' },
      { long: 'Keep the same bedtime steps in the same order every night; the routine does the calming for you.', short: 'Repeat the same bedtime steps.' },
      { long: 'Praise the effort you saw in one specific sentence; kids repeat what gets noticed.', short: 'Praise one specific effort.' },
      { long: 'Do it together for ten minutes before you ask them to do it alone.', short: 'Do it together first.' },
      { long: 'Put screens away during meals, yours included, and ask one question about their day.', short: 'Put screens away at meals.' },
    ],
  },
  travel: {
    name: 'travel',
    words: ['travel', 'travelling', 'traveling', 'trip', 'trips', 'flight', 'flights', 'packing', 'vacation', 'holiday', 'holidays', 'hotel', 'backpacking', 'nomad', 'abroad', 'road'],
    group: 'Lifestyle',
    tips: [
      { long: 'Pack one day before you leave, then take out a third of it; you will not miss it.', short: 'Pack, then take out a third.' },
      { long: 'Book flights on a weekday and compare nearby airports before you pay.', short: 'Compare nearby airports.' },
      { long: 'Keep photos of your passport and bookings offline on your phone.', short: 'Keep documents offline on your phone.' },
      { long: 'Eat where the locals queue, a street or two away from the main sights.', short: 'Eat where the locals queue.' },
      { long: 'Plan one thing per day and leave the rest open; the best moments are rarely on the list.', short: 'Plan one thing a day.' },
      { long: 'Carry a refillable water bottle and a small power bank everywhere.', short: 'Carry water and a power bank.' },
    ],
  },
  home: {
    name: 'home life',
    words: ['garden', 'gardening', 'plants', 'plant', 'houseplants', 'home', 'house', 'cleaning', 'diy', 'pets', 'pet', 'dog', 'dogs', 'puppy', 'cat', 'cats', 'fashion', 'outfit', 'outfits', 'wardrobe', 'style'],
    group: 'Lifestyle',
    tips: [
      { long: 'Start with one small corner and finish it completely before you move on.', short: 'Finish one small corner first.' },
      { long: 'Set a ten-minute timer every evening and reset the room you use most.', short: 'Reset one room each evening.' },
      { long: 'Check the basics first, like light, water and routine, before buying anything new.', short: 'Check the basics before buying.' },
      { long: 'Keep a simple weekly checklist on the fridge so nothing depends on memory.', short: 'Keep a weekly checklist.' },
      { long: 'Buy fewer, better pieces that work with what you already own.', short: 'Buy fewer, better pieces.' },
      { long: 'Do a little every day instead of a big catch-up at the weekend.', short: 'Do a little every day.' },
    ],
  },
};

/** For a group with no subject of its own in the topic: the subject that speaks for the group. */
const groupSubjects: Readonly<Record<string, string>> = {
  'Professional & Educational': 'learning',
  Business: 'business',
  Corporate: 'work',
  Sports: 'sport',
  Wellness: 'mind',
  Fitness: 'strength',
  Creative: 'creative',
  'Pop Culture': 'culture',
  Lifestyle: 'home',
  Beauty: 'beauty',
  Entertainment: 'content',
  'Family and Kids': 'family',
};

/** Tips for any topic: things a viewer can do today about anything. */
export const generalTips: readonly Template[] = [
  { long: 'Change one thing at a time, so you know exactly what made the difference.', short: 'Change one thing at a time.' },
  { long: 'Write down what you did each day and repeat whatever worked best.', short: 'Write down what worked.' },
  { long: 'Prepare everything the night before, so starting takes seconds.', short: 'Prepare everything the night before.' },
  { long: 'Set a ten-minute timer and simply begin; starting is the hard part.', short: 'Set a timer and begin.' },
  { long: 'Find someone a year ahead of you and copy what they do, then adjust it to your life.', short: 'Copy someone a year ahead of you.' },
  { long: 'Keep your setup simple; fewer choices means more consistency.', short: 'Keep your setup simple.' },
  { long: 'Measure instead of guessing; small numbers reveal big patterns.', short: 'Measure instead of guessing.' },
  { long: 'Look back every Sunday and drop what did not help.', short: 'Drop what did not help.' },
  { long: 'Start smaller than feels useful, and let momentum do the rest.', short: 'Start smaller than feels useful.' },
  { long: 'Fix the basics before you buy anything new.', short: 'Fix the basics before buying more.' },
];

const wordsOf = (text: string): string[] => text.toLowerCase().split(/[^\p{L}\p{N}'-]+/u).filter(Boolean);

/**
 * The subject of a topic: the one whose words it uses most, the words of its head ("cold brew" of "cold
 * brew at home") counting double and the last of them winning a tie ("morning coffee" is about coffee),
 * else the one that speaks for the category's group, else none (the general tips). `rest` is the
 * request's other words (items, the category's role).
 */
export function tipSubjectOf(head: string, rest: string, group?: string): string | undefined {
  const headWords = wordsOf(head);
  const words = [...headWords, ...wordsOf(rest)];
  let best: { name: string; score: number; at: number } | undefined;
  for (const [name, subject] of Object.entries(tipSubjects)) {
    const hits = words.map((word, at) => (subject.words.includes(word) ? at : -1)).filter((at) => at >= 0);
    if (hits.length === 0) continue;
    // A subject of the request's own group wins a tie ("morning routine" for a Wellness category is still mornings).
    const score = hits.reduce((sum, at) => sum + (at < headWords.length ? 2 : 1), 0) + (group && subject.group === group ? 0.5 : 0);
    const at = Math.max(...hits.filter((hit) => hit < headWords.length), -1);
    if (!best || score > best.score || (score === best.score && at > best.at)) best = { name, score, at };
  }
  return best?.name ?? (group ? groupSubjects[group] : undefined);
}

/** The tips for a subject, then the general ones (a long list asks for more tips than a subject has). */
export function tipsOf(subject: string | undefined): Template[] {
  const own = subject ? (tipSubjects[subject]?.tips ?? []) : [];
  return [...own, ...generalTips];
}

/** Whether a tip names the item (in both its forms, or in `either`): the whole item, or its last word ("beans" of "coffee beans"). */
export function tipNames(tip: Template, item: string, either = false): boolean {
  const head = item.split(/\s+/).at(-1) ?? item;
  const names = (text: string, words: string) => new RegExp(`(?:^|[^\\p{L}])${words.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:[^\\p{L}]|$)`, 'iu').test(text);
  const said = (text: string) => names(text, item) || (head.length >= 4 && names(text, head));
  return either ? said(tip.long) || said(tip.short) : said(tip.long) && said(tip.short);
}

/** The subject's tips that name none of the items (an item has its own sentence; a tip would say it twice). */
export function tipsBesides(subject: string | undefined, items: readonly string[]): Template[] {
  const own = subject ? (tipSubjects[subject]?.tips ?? []) : [];
  return own.filter((tip) => !items.some((item) => tipNames(tip, item, true)));
}
