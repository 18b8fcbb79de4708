/**
 * Caption emoji: an optional colour emoji over a caption line, chosen from the line's words by
 * stem ("coffee" ☕, "money" 💰, "growth" 📈), as Submagic and CapCut add them. libass draws no colour
 * emoji, so the render lays the image over the video (adapters/ffmpeg/picture-plan.ts) and the dialog's exact
 * preview puts an <img> at the same place. The images are Microsoft's Fluent Emoji 3D (MIT), from npm
 * `@lobehub/fluent-emoji-3d`; only the ones listed here are bundled, in `assets/emoji/<file>.webp`
 * (`bin/bundle-caption-emoji.ts`). Pure and zod-free: the render and the browser place them alike.
 */
import { captionLineLayouts, type AssCaptionSettings, type WordTiming } from './ass-document';
import { captionFrame, captionMargins, captionPixels, captionRowColumn } from './caption-layout';
import { bareWord } from './keyword-emphasis';
import { stemOf } from './word-stems';

/**
 * Each emoji and the words that call it up, compared by stem (word-stems.ts), so "coffees", "brewing"
 * and "grows" match too. Words common in other senses are left out ("work", "like", "run", "up", "save",
 * "light", "play"): an emoji on the wrong meaning reads worse than none. Reviewed (issue 36) against the
 * 200 most common words of the offline writer's scripts: out went words whose stem catches another word
 * ("finally" → final 🏁, "productivity" → product 📦, "completely" → complete ✅, "fits" → fitness 💪,
 * "followers" → follow 👥), the ones with a second common sense ("spend" time 💸, "burning" out 🔥, "drop" a
 * comment 📉, a kitchen "scale" 🚀, "sounds" good 🎵, "present" 🎁, "level" 🎮, "ninety percent" 💯), and the
 * odd pictures ("morning" ☀️ before coffee, "beans" 🫘 as kidney beans, "today" 📅 on every closing line).
 * A phrase with a space is a label for the picker only (no word calls it up).
 */
const groups: readonly (readonly [emoji: string, words: readonly string[]])[] = [
  ['💰', ['money', 'cash', 'rich', 'wealth', 'profit', 'income', 'salary', 'earn', 'revenue', 'budget', 'price', 'cost', 'paid']],
  ['💸', ['expensive', 'waste', 'debt']],
  ['💵', ['dollar', 'dollars', 'bucks']],
  ['☕', ['coffee', 'espresso', 'latte', 'cappuccino', 'caffeine', 'brew', 'cup', 'mug', 'barista']],
  // Kidney beans: for the picker only; "beans" in a script are mostly coffee beans (☕ from "coffee").
  ['🫘', ['kidney beans']],
  ['🍵', ['tea', 'matcha']],
  ['🔥', ['fire', 'hot', 'flame', 'lit', 'viral', 'spicy']],
  ['⏰', ['time', 'clock', 'hour', 'minute', 'deadline', 'alarm', 'schedule']],
  ['⏳', ['wait', 'patience', 'patient', 'later']],
  ['💡', ['idea', 'tip', 'hack', 'trick', 'insight', 'lesson', 'genius']],
  ['🤫', ['secret', 'hidden']],
  ['❤️', ['love', 'heart', 'favorite', 'favourite', 'romance']],
  ['📈', ['growth', 'grow', 'increase', 'boost', 'invest', 'stock', 'gain', 'double']],
  ['📉', ['decline', 'loss', 'lose', 'crash']],
  ['🎯', ['goal', 'target', 'focus', 'aim', 'strategy']],
  ['🏆', ['win', 'winner', 'success', 'successful', 'victory', 'champion', 'trophy']],
  ['⭐', ['best', 'star', 'perfect', 'rating', 'review']],
  ['🚀', ['rocket', 'launch', 'fast', 'speed', 'faster', 'skyrocket']],
  ['⚡', ['energy', 'power', 'quick', 'instant', 'electric']],
  ['🧠', ['brain', 'smart', 'mind', 'memory', 'think', 'psychology', 'intelligent']],
  ['🤔', ['wonder', 'question', 'why', 'confused']],
  ['📚', ['book', 'read', 'study', 'learn', 'knowledge']],
  ['🎓', ['school', 'student', 'teacher', 'college', 'university', 'graduate', 'class']],
  ['📱', ['phone', 'app', 'mobile', 'smartphone', 'iphone']],
  ['💻', ['computer', 'laptop', 'code', 'software', 'website', 'online']],
  ['🤖', ['robot', 'automation', 'automate']],
  ['📧', ['email', 'inbox', 'newsletter']],
  ['📸', ['camera', 'photo', 'picture', 'selfie']],
  ['🎬', ['video', 'film', 'movie', 'content', 'edit']],
  ['🎵', ['music', 'song', 'sing', 'dance']],
  ['💬', ['word', 'talk', 'speak', 'chat', 'comment', 'message', 'conversation']],
  ['👀', ['look', 'watch', 'see', 'eye', 'notice']],
  ['🍽️', ['food', 'eat', 'meal', 'dinner', 'lunch', 'breakfast', 'recipe', 'cook', 'hungry']],
  ['🍕', ['pizza']],
  ['🍔', ['burger']],
  ['🍰', ['cake', 'dessert', 'sweet']],
  ['🍫', ['chocolate', 'sugar', 'candy']],
  ['🍞', ['bread', 'toast']],
  ['🍎', ['apple', 'fruit']],
  ['🥛', ['milk']],
  ['💧', ['water', 'drink', 'hydrate']],
  ['🍷', ['wine']],
  ['🍺', ['beer']],
  ['😴', ['sleep', 'tired', 'bed', 'nap']],
  ['😊', ['happy', 'smile', 'joy', 'fun']],
  ['😂', ['laugh', 'funny', 'joke', 'hilarious']],
  ['😢', ['sad', 'cry']],
  ['😡', ['angry', 'mad', 'hate']],
  ['🤯', ['amazing', 'incredible', 'insane', 'crazy', 'mindblowing', 'unbelievable', 'wow']],
  ['😱', ['scary', 'fear', 'afraid', 'shock', 'shocking', 'horror']],
  ['😎', ['cool', 'confident', 'confidence']],
  ['😰', ['stress', 'anxiety', 'worry', 'nervous', 'panic']],
  ['🧘', ['calm', 'relax', 'peace', 'meditate', 'yoga', 'breathe']],
  ['⚠️', ['warning', 'mistake', 'danger', 'careful', 'risk', 'avoid']],
  ['🛑', ['stop', 'quit']],
  ['✅', ['done', 'check', 'correct', 'finish', 'solved']],
  ['❌', ['wrong', 'fail', 'failure', 'error', 'never']],
  ['✨', ['new', 'fresh', 'magic', 'beautiful', 'glow', 'shine']],
  ['🎁', ['gift', 'free', 'bonus']],
  ['🎉', ['party', 'celebrate', 'birthday', 'congrats', 'congratulations']],
  ['💪', ['strong', 'strength', 'muscle', 'gym', 'workout', 'exercise', 'protein']],
  ['🏃', ['running', 'marathon', 'cardio', 'jog']],
  ['🩺', ['health', 'healthy', 'doctor', 'medicine', 'sick']],
  ['☀️', ['sun', 'summer', 'sunny', 'sunshine', 'sunrise']],
  ['🌙', ['night', 'moon', 'evening', 'midnight']],
  ['❄️', ['cold', 'winter', 'snow', 'ice', 'frozen']],
  ['🌧️', ['rain', 'storm']],
  ['🌍', ['world', 'earth', 'global', 'planet', 'country']],
  ['✈️', ['travel', 'trip', 'flight', 'plane', 'vacation', 'holiday', 'airport']],
  ['🌊', ['ocean', 'beach', 'wave', 'sea', 'surf']],
  ['🏠', ['home', 'house', 'apartment', 'rent']],
  ['🚗', ['car', 'drive', 'traffic']],
  ['🐶', ['dog', 'puppy']],
  ['🐱', ['cat', 'kitten']],
  ['🌱', ['plant', 'garden', 'seed', 'nature', 'organic']],
  ['🌸', ['flower', 'spring', 'bloom']],
  ['👶', ['baby', 'kid', 'child', 'children']],
  ['🤝', ['team', 'partner', 'deal', 'together', 'friend', 'trust', 'client', 'customer']],
  ['👥', ['audience', 'subscriber', 'community', 'people']],
  ['💼', ['job', 'business', 'office', 'career', 'boss', 'company', 'startup', 'interview']],
  ['🛒', ['shop', 'buy', 'shopping', 'store', 'sale', 'order']],
  ['🏷️', ['discount', 'coupon', 'cheap']],
  ['📦', ['package', 'delivery', 'ship']],
  ['🔑', ['key', 'unlock']],
  ['🔒', ['lock', 'secure', 'security', 'privacy', 'password']],
  ['📊', ['data', 'chart', 'statistic', 'analytics', 'result', 'number']],
  ['📅', ['day', 'week', 'month', 'year', 'calendar', 'date']],
  ['📝', ['plan', 'list', 'note', 'write', 'checklist', 'step']],
  ['🔍', ['search', 'find', 'discover', 'research', 'detail']],
  ['🔔', ['subscribe', 'notification', 'alert', 'remind', 'reminder']],
  ['👍', ['great', 'good', 'recommend', 'approve']],
  ['👏', ['clap', 'applause', 'proud']],
  ['🙏', ['thank', 'thanks', 'grateful', 'please', 'pray']],
  ['💥', ['boom', 'explode', 'impact', 'blast']],
  ['💎', ['diamond', 'premium', 'luxury', 'value', 'quality', 'gem']],
  ['👑', ['king', 'queen', 'crown', 'royal']],
  ['🎮', ['game', 'gaming', 'gamer']],
  ['🎨', ['art', 'design', 'paint', 'creative', 'color', 'colour']],
  ['🛠️', ['tool', 'fix', 'build', 'repair', 'setup']],
  ['🧪', ['science', 'experiment', 'test', 'lab']],
  ['💯', ['fact', 'truth', 'hundred', 'guarantee', '100']],
  ['🏁', ['race', 'racing']],
  ['⚽', ['soccer', 'football', 'sport', 'goalkeeper']],
  ['🧂', ['salt']],
  ['🥚', ['egg']],
];

/** Each stem and its emoji (the first group naming a stem keeps it). */
const emojiByStem: ReadonlyMap<string, string> = (() => {
  const map = new Map<string, string>();
  for (const [emoji, words] of groups) for (const word of words) if (!word.includes(' ') && !map.has(stemOf(word))) map.set(stemOf(word), emoji);
  return map;
})();

/** Every emoji the captions can show (what `bin/bundle-caption-emoji.ts` copies). */
export const captionEmojiSet: readonly string[] = [...new Set(groups.map(([emoji]) => emoji))];

/** A creator's choice of no emoji for a line (`emoji_choices`). */
export const noEmoji = 'none';

/** The creator's emoji for lines, by the voice-over index of a word in the line: a bundled emoji or `none`. */
export type EmojiChoices = Readonly<Record<string, string>>;

/** A few words that call up each emoji, for the picker's labels ("☕ coffee"). */
export const captionEmojiWords: ReadonlyMap<string, string> = new Map(groups.map(([emoji, words]) => [emoji, words[0] ?? '']));

/** The emoji a word calls up, if any: by its stem, lower case, without punctuation. */
export function emojiForWord(word: string): string | undefined {
  const bare = bareWord(word).toLowerCase();
  if (bare.length < 2) return undefined;
  return emojiByStem.get(stemOf(bare));
}

/**
 * The image file of an emoji: its code points in lower-case hex joined by "-" (the Fluent set's names:
 * ☕ `2615`, ❤️ `2764-fe0f`), without the extension.
 */
export function emojiFileName(emoji: string): string {
  return [...emoji].map((c) => (c.codePointAt(0) ?? 0).toString(16)).join('-');
}

/**
 * The emoji of one caption line: its emphasised word's if that calls one up, else the first word's that
 * does; none when no word does, or when it is the emoji of the line before (the same picture twice in a
 * row reads as a stuck frame).
 */
export function lineEmoji(words: readonly string[], emphasised: readonly boolean[], previous?: string): string | undefined {
  const order = [...words.keys()].sort((a, b) => Number(emphasised[b] ?? false) - Number(emphasised[a] ?? false));
  for (const i of order) {
    const emoji = emojiForWord(words[i] ?? '');
    if (emoji) return emoji === previous ? undefined : emoji;
  }
  return undefined;
}

/** The emoji's pop-in: it grows from `from`% of its size over `ms`, from the edge nearest the line. */
export const captionEmojiMotion = { from: 60, ms: 120 } as const;

/** The emoji's side in pixels of the 1080x1920 frame, as a share of the caption's font size (ASS pixels), and its bounds. */
const emojiSize = { perFontPixel: 1.35, min: 72, max: 200 } as const;

/** One emoji laid over the video: which, when (seconds of the voice-over) and where (the 1080x1920 frame). */
export interface CaptionEmojiPlacement {
  emoji: string;
  /** Its image, `<file>.webp` in the bundled set (emojiFileName). */
  file: string;
  start: number;
  end: number;
  /** The square box it settles in. */
  left: number;
  top: number;
  size: number;
  /** The edge it grows from when it pops in: its bottom (over the line) or its top (under a top-row line). */
  origin: 'bottom' | 'top';
}

/**
 * The emoji of the captions (the `emoji` setting): one over each line whose words call one up
 * (`lineEmoji`) or that the creator chose for it (`emoji_choices`, by a word of the line), shown while
 * the line is, centred over a centred line and aligned with a left or right one; under the line in the
 * top row, where over it would be the apps' status bar. None when the captions are off.
 */
export function captionEmojiPlacements(
  words: readonly WordTiming[],
  settings: AssCaptionSettings & { emoji?: boolean; enabled?: boolean; emoji_choices?: EmojiChoices },
): CaptionEmojiPlacement[] {
  if (!settings.emoji || settings.enabled === false) return [];
  // An even size (and so a whole centre): the video's chroma is sampled in pairs of pixels.
  const size = 2 * Math.round(Math.min(emojiSize.max, Math.max(emojiSize.min, captionPixels(settings.font_size) * emojiSize.perFontPixel)) / 2);
  const margins = captionMargins(settings.position);
  const { row, column } = captionRowColumn(settings.position);
  const { width, height: frameHeight } = captionFrame;
  const left =
    column === 'left' ? margins.left : column === 'right' ? width - margins.right - size : Math.round((margins.left + width - margins.right - size) / 2);
  const placements: CaptionEmojiPlacement[] = [];
  let previous: string | undefined;
  const indexOf = new Map(words.map((word, i) => [word, i]));
  const choices = settings.emoji_choices ?? {};
  for (const { line, keywords, height } of captionLineLayouts(words, settings)) {
    // The creator's choice for a word of the line wins (even the emoji of the line before); else the rule's.
    const chosen = line.words
      .map((w) => choices[String(indexOf.get(w) ?? -1)])
      .find((choice) => choice === noEmoji || (choice !== undefined && captionEmojiSet.includes(choice)));
    const emoji = chosen
      ? chosen === noEmoji
        ? undefined
        : chosen
      : lineEmoji(
          line.words.map((w) => w.word),
          keywords,
          previous,
        );
    previous = emoji;
    if (!emoji) continue;
    const lineTop = row === 'bottom' ? frameHeight - margins.vertical - height : row === 'top' ? margins.vertical : (frameHeight - height) / 2;
    const top = row === 'top' ? Math.round(lineTop + height) : Math.round(lineTop - size);
    placements.push({ emoji, file: emojiFileName(emoji), start: line.start, end: line.end, left, top, size, origin: row === 'top' ? 'top' : 'bottom' });
  }
  return placements;
}
