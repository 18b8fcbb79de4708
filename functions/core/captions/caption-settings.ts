import { z } from 'zod';

import { captionDefaults as d, captionPositions, captionRanges as r, captionStyles, fontFamilies } from './caption-options';

export { captionPositions, captionStyles, fontFamilies } from './caption-options';

/** A script's caption settings (spec 000 §3) as the server validates them; missing fields take the dialog's defaults. */
const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Colours are #RRGGBB');

export const captionSettingsSchema = z.object({
  line_color: hexColor.default(d.line_color),
  word_color: hexColor.default(d.word_color),
  font_size: z.number().int().min(r.font_size.min).max(r.font_size.max).default(d.font_size),
  max_words_per_line: z.number().int().min(r.max_words_per_line.min).max(r.max_words_per_line.max).default(d.max_words_per_line),
  bold: z.boolean().default(d.bold),
  italic: z.boolean().default(d.italic),
  underline: z.boolean().default(d.underline),
  strikeout: z.boolean().default(d.strikeout),
  outline_width: z.number().min(r.outline_width.min).max(r.outline_width.max).default(d.outline_width),
  shadow_offset: z.number().min(r.shadow_offset.min).max(r.shadow_offset.max).default(d.shadow_offset),
  style: z.enum(captionStyles).default(d.style),
  font_family: z.enum(fontFamilies).default(d.font_family),
  position: z.enum(captionPositions).default(d.position),
  all_caps: z.boolean().default(d.all_caps),
  background_audio_id: z.string().nullable().default(d.background_audio_id),
  background_audio_volume: z.number().min(r.background_audio_volume.min).max(r.background_audio_volume.max).default(d.background_audio_volume),
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
