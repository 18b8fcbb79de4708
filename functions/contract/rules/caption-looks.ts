/**
 * Caption looks: named, animated caption designs a creator recognises from the commercial
 * tools, each a preset of the ordinary caption settings (font, size, colours, outline, shadow, position,
 * words per line, capitals) plus an animation drawn in ASS by `ass-document.ts`. Zod-free and pure, so
 * the browser's thumbnails, the exact preview and the render read the same list.
 *
 * A script's `look` is one of these names, `'custom'` (the creator's own settings drawn by their
 * `style`, with keyword emphasis), or null (the product's (docs/product.md#captions) five plain styles exactly as before: what stored
 * settings without a look mean).
 */
import type { captionPositions, captionStyles, fontFamilies } from './captions';

export const captionLookNames = ['pop', 'karaoke', 'boxed', 'minimal', 'neon', 'two_tone'] as const;
export type CaptionLookName = (typeof captionLookNames)[number];
/**
 * The look a creator starts from before choosing one (a new account's first video): the first one the caption
 * thumbnails show, Pop (big word-by-word captions with emoji, what creators pick in Submagic and CapCut).
 */
export const firstCaptionLook: CaptionLookName = captionLookNames[0];
/** What the `look` setting may hold besides null. */
export const captionLookChoices = [...captionLookNames, 'custom'] as const;
export type CaptionLookChoice = (typeof captionLookChoices)[number];

/** The settings a look sets when chosen; the creator may change any of them afterwards and keep the look's animation. */
export interface CaptionLookPreset {
  style: (typeof captionStyles)[number];
  font_family: (typeof fontFamilies)[number];
  font_size: number;
  line_color: string;
  word_color: string;
  outline_width: number;
  shadow_offset: number;
  position: (typeof captionPositions)[number];
  max_words_per_line: number;
  all_caps: boolean;
  bold: boolean;
  italic: boolean;
  underline: boolean;
  /** A colour emoji over lines that call one up (caption-emoji.ts): Pop's, as in Submagic's pop captions. */
  emoji: boolean;
}

export interface CaptionLookDefinition {
  name: CaptionLookName;
  label: string;
  /** One line a creator reads under the thumbnail. */
  description: string;
  preset: CaptionLookPreset;
}

/** What a look is unless it says otherwise: white bold capitals, three words a line, in the middle. */
const base = {
  bold: true,
  italic: false,
  underline: false,
  all_caps: true,
  emoji: false,
  font_family: 'The Bold Font',
  line_color: '#FFFFFF',
  position: 'middle_center',
  max_words_per_line: 3,
} as const satisfies Partial<CaptionLookPreset>;

type LookChanges = Partial<CaptionLookPreset> & Pick<CaptionLookPreset, 'style' | 'font_size' | 'word_color' | 'outline_width' | 'shadow_offset'>;

function look(name: CaptionLookName, label: string, description: string, changes: LookChanges): CaptionLookDefinition {
  return { name, label, description, preset: { ...base, ...changes } };
}

export const captionLooks: Record<CaptionLookName, CaptionLookDefinition> = {
  pop: look('pop', 'Pop', 'One big word at a time, popping in', {
    emoji: true,
    style: 'word_by_word',
    font_size: 100,
    word_color: '#FFE81F',
    outline_width: 5,
    shadow_offset: 3,
  }),
  karaoke: look('karaoke', 'Karaoke', 'The line fills with colour as it is spoken', {
    style: 'karaoke',
    font_size: 74,
    word_color: '#3CF26B',
    outline_width: 4,
    shadow_offset: 2,
  }),
  boxed: look('boxed', 'Boxed', 'A colour box behind the spoken word', {
    style: 'highlight',
    font_size: 72,
    word_color: '#8A3FFC',
    outline_width: 4,
    shadow_offset: 0,
  }),
  minimal: look('minimal', 'Minimal', 'A quiet lower third that fades up', {
    style: 'classic',
    font_family: 'Helvetica',
    font_size: 48,
    word_color: '#FFD54A',
    outline_width: 0,
    shadow_offset: 2,
    all_caps: false,
    position: 'bottom_center',
    max_words_per_line: 5,
  }),
  neon: look('neon', 'Neon', 'Glowing tube letters, the spoken word brightest', {
    style: 'highlight',
    font_family: 'Verdana',
    font_size: 68,
    word_color: '#FF2BD6',
    outline_width: 3,
    shadow_offset: 0,
  }),
  two_tone: look('two_tone', 'Two-tone', 'White lines, key words big in colour', {
    style: 'classic',
    font_size: 72,
    word_color: '#FFC700',
    outline_width: 4,
    shadow_offset: 4,
  }),
};

/** Emphasised (keyword) words: the word colour at this size, in percent of the line's, in every look. */
export const keywordScale = 125;

/** Animation timings shared by the looks, in milliseconds. */
export const lookMotion = {
  /** Pop: a word grows from `from`% past `peak`% and settles, over `rise` + `settle`. */
  pop: { from: 60, peak: 114, rise: 90, settle: 90 },
  /** The spoken word's bump in Boxed and Two-tone. */
  bump: { peak: 110, rise: 70, settle: 110 },
  /** A line's entrance in Minimal and Two-tone: it rises by `rise` px while fading in. */
  entrance: { rise: 28, ms: 180 },
  /** Two-tone: the alpha (0 opaque, 255 clear) of the words of a line still to be spoken. */
  ahead: 0x90,
  /** Neon's glow: its width (in outline units) and blur, the spoken word brighter. */
  glow: { width: 9, blur: 9, dimAlpha: 0x70 },
} as const;

export function isCaptionLookName(value: unknown): value is CaptionLookName {
  return typeof value === 'string' && (captionLookNames as readonly string[]).includes(value);
}

/** The settings with a look applied: the look's preset over them, and the look's name. */
export function applyCaptionLook<T extends CaptionLookPreset & { look?: CaptionLookChoice | null }>(settings: T, look: CaptionLookName): T {
  return { ...settings, ...captionLooks[look].preset, look };
}

/**
 * The spoken words of a script's text as the voice-over's word timings count them (core/captions/
 * word-timings.ts): runs of non-space characters, a run with no letter or digit joined to the word
 * before it (or the one after, at the start). Their indexes are the keys of the `emphasis` setting, so
 * the dialog can show which words are emphasised before the voice-over exists.
 */
export function spokenWordsOf(text: string): string[] {
  const words: string[] = [];
  let leading = '';
  for (const run of text.split(/\s+/).filter(Boolean)) {
    if (!/[\p{L}\p{N}]/u.test(run)) {
      if (words.length > 0) words[words.length - 1] += ` ${run}`;
      else leading = leading ? `${leading} ${run}` : run;
      continue;
    }
    words.push(leading ? `${leading} ${run}` : run);
    leading = '';
  }
  return words;
}
