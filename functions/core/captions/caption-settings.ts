import { z } from 'zod';

/**
 * A script's caption settings (spec 000 §3), with the Video Generation Settings dialog's defaults.
 * Where the spec gives two readings, the dialog's are used for scripts: word colour #FFFF00, size 60
 * (docs/decisions.md, "Caption defaults").
 */
export const captionStyles = ['classic', 'karaoke', 'highlight', 'underline', 'word_by_word'] as const;
export const captionPositions = [
  'top_left',
  'top_center',
  'top_right',
  'middle_left',
  'middle_center',
  'middle_right',
  'bottom_left',
  'bottom_center',
  'bottom_right',
] as const;
export const fontFamilies = ['The Bold Font', 'Arial', 'Verdana', 'Helvetica', 'Times New Roman'] as const;

const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Colours are #RRGGBB');

export const captionSettingsSchema = z.object({
  line_color: hexColor.default('#FFFFFF'),
  word_color: hexColor.default('#FFFF00'),
  font_size: z.number().int().min(20).max(100).default(60),
  max_words_per_line: z.number().int().min(1).max(6).default(3),
  bold: z.boolean().default(true),
  italic: z.boolean().default(false),
  underline: z.boolean().default(false),
  strikeout: z.boolean().default(false),
  outline_width: z.number().min(0).max(10).default(3),
  shadow_offset: z.number().min(0).max(10).default(4),
  style: z.enum(captionStyles).default('highlight'),
  font_family: z.enum(fontFamilies).default('The Bold Font'),
  position: z.enum(captionPositions).default('middle_center'),
  all_caps: z.boolean().default(true),
  background_audio_id: z.string().nullable().default(null),
  background_audio_volume: z.number().min(0).max(100).default(30),
});
export type CaptionSettings = z.infer<typeof captionSettingsSchema>;

export const defaultCaptionSettings: CaptionSettings = captionSettingsSchema.parse({});

/** The spec allows settings stored as an object or as a JSON string. */
export function parseCaptionSettings(value: unknown): CaptionSettings {
  const raw = typeof value === 'string' ? safeJson(value) : value;
  return captionSettingsSchema.parse(raw ?? {});
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return {};
  }
}
