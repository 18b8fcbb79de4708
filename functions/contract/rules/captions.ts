/**
 * What a script's captions can be and the Video Generation Settings dialog's defaults,
 * without zod, so the browser imports the same lists, ranges and defaults the server validates with.
 * Where the product (docs/product.md#captions) gives two readings, the dialog's are used for scripts: word colour #FFFF00, size 60
 * (docs/decisions/captions.md#caption-defaults).
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
/** How one shot gives way to the next: a hard cut, a quick zoom through the cut, or a short crossfade. */
export const shotTransitions = ['cut', 'zoom', 'crossfade'] as const;

/** The sliders' bounds (the script's readings). */
export const captionRanges = {
  background_audio_volume: { min: 0, max: 100 },
  font_size: { min: 20, max: 100 },
  max_words_per_line: { min: 1, max: 6 },
  outline_width: { min: 0, max: 10 },
  shadow_offset: { min: 0, max: 10 },
} as const;

/**
 * The longest caption settings sent as a JSON string (the product's (docs/product.md#captions) "object or JSON string"): the fields
 * written out take about 500 characters, 200 per-word emphasis choices about 2,800 more.
 */
export const maxCaptionSettingsJson = 6_000;

/** Per-word emphasis choices: at most this many, keyed by the word's index in the voice-over (below `maxEmphasisIndex`). */
export const maxEmphasisOverrides = 200;
export const maxEmphasisIndex = 10_000;

/** How many named caption presets a user may keep. */
export const maxCaptionPresets = 10;

export const captionDefaults = {
  line_color: '#FFFFFF',
  word_color: '#FFFF00',
  /**
   * 68 (an ASS size of 95 px): a three-word line in capitals fills most of the safe width on a phone; a
   * longer one is shrunk to fit rather than wrapped.
   */
  font_size: 68,
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
  /** Captions burned into the video (a video template may turn them off). */
  enabled: true,
  /** A slow push-in or pan on every shot and a punch-in on emphasised words. */
  motion: true,
  transition: 'cut',
  /** A colour emoji over caption lines whose words call one up (caption-emoji.ts); off unless asked. */
  emoji: false,
  /**
   * A named caption look (caption-looks.ts), 'custom', or null: the product's (docs/product.md#captions) plain styles. Stored settings
   * without a look stay plain; the dialog pre-selects the creator's last look.
   */
  look: null,
  /** The creator's per-word emphasis choices: a word's index in the voice-over → emphasised or not. */
  emphasis: {},
} as const;
