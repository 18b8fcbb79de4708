/**
 * Caption settings as the Video Generation Settings dialog edits them. The shape is
 * the contract's schema (imported as a type only so zod stays out of the bundle); the lists, ranges and
 * defaults are the contract's zod-free rules, the ones the server validates with.
 */
import type { CaptionSettings } from '@contract/caption-settings';
import { captionEmojiSet, noEmoji } from '@contract/rules/caption-emoji';
import { captionLookChoices } from '@contract/rules/caption-looks';
import {
  captionDefaults,
  captionPositions,
  captionRanges,
  captionStyles,
  fontFamilies,
  maxEmphasisIndex,
  maxEmphasisOverrides,
  shotTransitions,
} from '@contract/rules/captions';

export type { CaptionSettings };
export type CaptionStyle = CaptionSettings['style'];
export type CaptionPosition = CaptionSettings['position'];
export type FontFamily = CaptionSettings['font_family'];

const styleLabels: Record<CaptionStyle, string> = {
  classic: 'Classic',
  karaoke: 'Karaoke',
  highlight: 'Highlight',
  underline: 'Underline',
  word_by_word: 'Word by word',
};
export const CAPTION_STYLES: readonly { value: CaptionStyle; label: string }[] = captionStyles.map((value) => ({ value, label: styleLabels[value] }));

export const FONT_FAMILIES: readonly FontFamily[] = fontFamilies;

export const POSITION_ROWS = ['top', 'middle', 'bottom'] as const;
export const POSITION_COLUMNS = ['left', 'center', 'right'] as const;

export type RangedField = keyof typeof captionRanges;
/** Slider ranges (the script's readings), in whole steps. */
export const RANGES = Object.fromEntries(Object.entries(captionRanges).map(([field, range]) => [field, { ...range, step: 1 }])) as {
  readonly [F in RangedField]: (typeof captionRanges)[F] & { readonly step: 1 };
};

/** The dialog's defaults (where the product gives two readings: docs/decisions/captions.md#caption-defaults). */
export const DEFAULT_CAPTION_SETTINGS: CaptionSettings = { ...captionDefaults };

const hexColor = /^#[0-9a-fA-F]{6}$/;

function objectOf(value: unknown): Record<string, unknown> {
  if (typeof value === 'string') {
    try {
      return objectOf(JSON.parse(value));
    } catch {
      return {};
    }
  }
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function clampTo(field: RangedField, value: unknown): number | undefined {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isFinite(number)) return undefined;
  const { min, max } = RANGES[field];
  return Math.min(max, Math.max(min, Math.round(number)));
}

function oneOf<T extends string>(options: readonly T[], value: unknown): T | undefined {
  return options.find((option) => option === value);
}

/**
 * The dialog's starting values: the script's saved settings (an object or a JSON string) where they
 * are valid, the defaults elsewhere. Unknown fields are dropped.
 */
export function captionSettingsFrom(saved: unknown): CaptionSettings {
  const raw = objectOf(saved);
  const result: CaptionSettings = { ...DEFAULT_CAPTION_SETTINGS };
  for (const field of ['line_color', 'word_color'] as const) {
    const value = raw[field];
    if (typeof value === 'string' && hexColor.test(value)) result[field] = value.toUpperCase();
  }
  for (const field of Object.keys(RANGES) as RangedField[]) {
    const value = clampTo(field, raw[field]);
    if (value !== undefined) result[field] = value;
  }
  for (const field of ['bold', 'italic', 'underline', 'strikeout', 'all_caps', 'emoji', 'motion'] as const) {
    const value = raw[field];
    if (typeof value === 'boolean') result[field] = value;
  }
  result.style =
    oneOf(
      CAPTION_STYLES.map((style) => style.value),
      raw.style,
    ) ?? result.style;
  result.font_family = oneOf(FONT_FAMILIES, raw.font_family) ?? result.font_family;
  result.position = oneOf(captionPositions, raw.position) ?? result.position;
  result.transition = oneOf(shotTransitions, raw.transition) ?? result.transition;
  result.look = raw.look === null ? null : (oneOf(captionLookChoices, raw.look) ?? result.look);
  result.emphasis = emphasisFrom(raw.emphasis);
  const emojiChoices = emojiChoicesFrom(raw.emoji_choices);
  if (Object.keys(emojiChoices).length > 0) result.emoji_choices = emojiChoices;
  const audio = raw.background_audio_id;
  if (typeof audio === 'string' && audio) result.background_audio_id = audio;
  else if (typeof audio === 'number') result.background_audio_id = String(audio);
  return result;
}

/** The per-word emphasis choices that are valid (a word index → true or false), at most the contract's number. */
function emphasisFrom(value: unknown): Record<string, boolean> {
  const result: Record<string, boolean> = {};
  for (const [key, on] of Object.entries(objectOf(value))) {
    if (Object.keys(result).length >= maxEmphasisOverrides) break;
    if (/^\d{1,5}$/.test(key) && Number(key) < maxEmphasisIndex && typeof on === 'boolean') result[key] = on;
  }
  return result;
}

/** The per-line emoji choices that are valid (a word index → a bundled emoji or none), at most the contract's number. */
function emojiChoicesFrom(value: unknown): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, choice] of Object.entries(objectOf(value))) {
    if (Object.keys(result).length >= maxEmphasisOverrides) break;
    if (/^\d{1,5}$/.test(key) && Number(key) < maxEmphasisIndex && typeof choice === 'string' && (choice === noEmoji || captionEmojiSet.includes(choice)))
      result[key] = choice;
  }
  return result;
}

export function isHexColor(value: string): boolean {
  return hexColor.test(value);
}
