/**
 * Caption settings as the Video Generation Settings dialog edits them (spec 000 §3, §5). The shape is
 * the server's (functions/core/captions/caption-settings.ts, imported as a type only so zod stays
 * out of the bundle); the defaults and ranges below are the dialog's and must match it.
 */
import type { CaptionSettings } from '../../../../../functions/core/captions/caption-settings';

export type { CaptionSettings };
export type CaptionStyle = CaptionSettings['style'];
export type CaptionPosition = CaptionSettings['position'];
export type FontFamily = CaptionSettings['font_family'];

export const CAPTION_STYLES: readonly { value: CaptionStyle; label: string }[] = [
  { value: 'classic', label: 'Classic' },
  { value: 'karaoke', label: 'Karaoke' },
  { value: 'highlight', label: 'Highlight' },
  { value: 'underline', label: 'Underline' },
  { value: 'word_by_word', label: 'Word by word' },
];

export const FONT_FAMILIES: readonly FontFamily[] = ['The Bold Font', 'Arial', 'Verdana', 'Helvetica', 'Times New Roman'];

export const POSITION_ROWS = ['top', 'middle', 'bottom'] as const;
export const POSITION_COLUMNS = ['left', 'center', 'right'] as const;
const positions: readonly CaptionPosition[] = POSITION_ROWS.flatMap((row) => POSITION_COLUMNS.map((column) => `${row}_${column}` as CaptionPosition));

/** Slider ranges (000 §5, the script's readings). */
export const RANGES = {
  background_audio_volume: { min: 0, max: 100, step: 1 },
  font_size: { min: 20, max: 100, step: 1 },
  max_words_per_line: { min: 1, max: 6, step: 1 },
  outline_width: { min: 0, max: 10, step: 1 },
  shadow_offset: { min: 0, max: 10, step: 1 },
} as const;
export type RangedField = keyof typeof RANGES;

/** The dialog's defaults (000 §3; where the spec gives two readings, decisions.md "Caption defaults"). */
export const DEFAULT_CAPTION_SETTINGS: CaptionSettings = {
  line_color: '#FFFFFF',
  word_color: '#FFFF00',
  font_size: 60,
  max_words_per_line: 3,
  bold: true,
  italic: false,
  underline: false,
  strikeout: false,
  outline_width: 3,
  shadow_offset: 4,
  style: 'highlight',
  font_family: 'The Bold Font',
  position: 'middle_center',
  all_caps: true,
  background_audio_id: null,
  background_audio_volume: 30,
};

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
  for (const field of ['bold', 'italic', 'underline', 'strikeout', 'all_caps'] as const) {
    const value = raw[field];
    if (typeof value === 'boolean') result[field] = value;
  }
  result.style = oneOf(CAPTION_STYLES.map((style) => style.value), raw.style) ?? result.style;
  result.font_family = oneOf(FONT_FAMILIES, raw.font_family) ?? result.font_family;
  result.position = oneOf(positions, raw.position) ?? result.position;
  const audio = raw.background_audio_id;
  if (typeof audio === 'string' && audio) result.background_audio_id = audio;
  else if (typeof audio === 'number') result.background_audio_id = String(audio);
  return result;
}

export function isHexColor(value: string): boolean {
  return hexColor.test(value);
}
