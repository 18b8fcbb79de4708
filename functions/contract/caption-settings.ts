import { z } from 'zod';

import { captionEmojiSet, noEmoji } from './rules/caption-emoji';
import { captionLookChoices } from './rules/caption-looks';
import {
  captionDefaults as d,
  captionPositions,
  captionRanges as r,
  captionStyles,
  fontFamilies,
  maxCaptionSettingsJson,
  maxCaptionPresets,
  maxEmphasisIndex,
  maxEmphasisOverrides,
  shotTransitions,
} from './rules/captions';

export { captionPositions, captionStyles, fontFamilies, shotTransitions } from './rules/captions';
export { captionLookChoices, captionLookNames } from './rules/caption-looks';

/**
 * A script's caption settings. One set of field rules serves both readings:
 * `captionSettingsInputSchema` is what a request may send (strict: the product's (docs/product.md#captions) fields only, each in its
 * range; an object or the same as a JSON string), `captionSettingsSchema` reads stored settings with
 * the dialog's defaults for missing fields.
 */
const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Colours are #RRGGBB');

type RangedField = keyof typeof r;
const ranged = (field: RangedField, whole: boolean) => {
  const { min, max } = r[field];
  const message = `${field} must be ${whole ? 'a whole number ' : ''}from ${min} to ${max}`;
  const number = z.number({ error: message });
  return (whole ? number.int(message) : number).min(min, message).max(max, message);
};
const flag = (field: string) => z.boolean({ error: `${field} must be true or false` });
const oneOf = <T extends readonly [string, ...string[]]>(field: string, options: T) =>
  z.enum(options, { error: `${field} must be one of: ${options.join(', ')}` });

const fields = {
  line_color: hexColor,
  word_color: hexColor,
  font_size: ranged('font_size', true),
  max_words_per_line: ranged('max_words_per_line', true),
  bold: flag('bold'),
  italic: flag('italic'),
  underline: flag('underline'),
  strikeout: flag('strikeout'),
  outline_width: ranged('outline_width', false),
  shadow_offset: ranged('shadow_offset', false),
  style: oneOf('style', captionStyles),
  font_family: oneOf('font_family', fontFamilies),
  position: oneOf('position', captionPositions),
  all_caps: flag('all_caps'),
  background_audio_id: z.string().trim().max(100, 'background_audio_id must be at most 100 characters').nullable(),
  background_audio_volume: ranged('background_audio_volume', false),
  enabled: flag('enabled'),
  motion: flag('motion'),
  transition: oneOf('transition', shotTransitions),
  emoji: flag('emoji'),
  look: oneOf('look', captionLookChoices).nullable(),
  emphasis: z
    .record(z.string().regex(/^\d{1,5}$/, 'emphasis keys are word indexes'), z.boolean({ error: 'emphasis values must be true or false' }))
    .refine((value) => Object.keys(value).length <= maxEmphasisOverrides, `emphasis may name at most ${maxEmphasisOverrides} words`)
    .refine((value) => Object.keys(value).every((key) => Number(key) < maxEmphasisIndex), `emphasis keys must be below ${maxEmphasisIndex}`),
  /** The creator's emoji for the caption line holding a word (by its index in the voice-over): a bundled emoji, or `none`. */
  emoji_choices: z
    .record(
      z.string().regex(/^\d{1,5}$/, 'emoji_choices keys are word indexes'),
      z
        .string()
        .max(16)
        .refine((value) => value === noEmoji || captionEmojiSet.includes(value), 'emoji_choices values must be a bundled emoji or none'),
    )
    .refine((value) => Object.keys(value).length <= maxEmphasisOverrides, `emoji_choices may name at most ${maxEmphasisOverrides} lines`)
    .refine((value) => Object.keys(value).every((key) => Number(key) < maxEmphasisIndex), `emoji_choices keys must be below ${maxEmphasisIndex}`),
};

export const captionSettingsSchema = z.object({
  line_color: fields.line_color.default(d.line_color),
  word_color: fields.word_color.default(d.word_color),
  font_size: fields.font_size.default(d.font_size),
  max_words_per_line: fields.max_words_per_line.default(d.max_words_per_line),
  bold: fields.bold.default(d.bold),
  italic: fields.italic.default(d.italic),
  underline: fields.underline.default(d.underline),
  strikeout: fields.strikeout.default(d.strikeout),
  outline_width: fields.outline_width.default(d.outline_width),
  shadow_offset: fields.shadow_offset.default(d.shadow_offset),
  style: fields.style.default(d.style),
  font_family: fields.font_family.default(d.font_family),
  position: fields.position.default(d.position),
  all_caps: fields.all_caps.default(d.all_caps),
  background_audio_id: fields.background_audio_id.default(d.background_audio_id),
  background_audio_volume: fields.background_audio_volume.default(d.background_audio_volume),
  enabled: fields.enabled.default(d.enabled),
  motion: fields.motion.default(d.motion),
  transition: fields.transition.default(d.transition),
  emoji: fields.emoji.default(d.emoji),
  look: fields.look.default(d.look),
  emphasis: fields.emphasis.default(() => ({})),
  emoji_choices: fields.emoji_choices.optional(),
});
export type CaptionSettings = z.infer<typeof captionSettingsSchema>;

export const captionSettingsMessages = {
  notObject: 'captionSettings must be an object or a JSON object string',
  unknownField: 'captionSettings has fields the captions do not have:',
  tooLong: `captionSettings must be at most ${maxCaptionSettingsJson.toLocaleString('en-US')} characters`,
} as const;

/**
 * Caption settings as a request sends them (PATCH /api/scripts/{id}, generate-video): an object of the
 * product's (docs/product.md#captions) fields (any subset; an unknown field is refused), or the same object as a JSON string of at
 * most `maxCaptionSettingsJson` characters. The answer is always the object.
 */
export const captionSettingsInputSchema = z.preprocess(
  (value, ctx) => {
    if (typeof value !== 'string') return value;
    if (value.length > maxCaptionSettingsJson) {
      ctx.issues.push({ code: 'custom', message: captionSettingsMessages.tooLong, input: value });
      return z.NEVER;
    }
    try {
      return JSON.parse(value) as unknown;
    } catch {
      ctx.issues.push({ code: 'custom', message: captionSettingsMessages.notObject, input: value });
      return z.NEVER;
    }
  },
  z
    .object(fields, {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? `${captionSettingsMessages.unknownField} ${issue.keys.join(', ')}`
          : issue.code === 'invalid_type'
            ? captionSettingsMessages.notObject
            : undefined,
    })
    .partial()
    .strict(),
);
export type CaptionSettingsInput = z.infer<typeof captionSettingsInputSchema>;

/**
 * A creator's named caption preset: the look and its settings, saved on the user and applied
 * by the scripts' and the templates' dialogs (a schedule uses its template's). Background audio and the
 * per-word choices belong to one video and are not part of a preset.
 */
export const captionPresetSchema = z
  .object({
    name: z.string({ error: 'A preset needs a name' }).trim().min(1, 'A preset needs a name').max(40, 'A preset name is at most 40 characters'),
    settings: z.object(fields).omit({ background_audio_id: true, background_audio_volume: true, emphasis: true, emoji_choices: true }).partial().strict(),
  })
  .strict();
export type CaptionPreset = z.infer<typeof captionPresetSchema>;

export const captionPresetsSchema = z
  .array(captionPresetSchema)
  .max(maxCaptionPresets, `At most ${maxCaptionPresets} caption presets`)
  .refine((presets) => new Set(presets.map((preset) => preset.name.toLowerCase())).size === presets.length, 'Preset names must be different');

export const defaultCaptionSettings: CaptionSettings = captionSettingsSchema.parse({});

/** Settings a request sent, already checked field by field, with the dialog's defaults for the fields it left out. */
export function withCaptionDefaults(input: CaptionSettingsInput): CaptionSettings {
  return { ...defaultCaptionSettings, ...input };
}

/** The product (docs/product.md#captions) allows settings stored as an object or as a JSON string. */
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
