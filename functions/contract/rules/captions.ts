/**
 * What a script's captions can be (spec 000 §3, §5) and the Video Generation Settings dialog's defaults,
 * without zod, so the browser imports the same lists, ranges and defaults the server validates with.
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
/** How one shot gives way to the next (issue 24): a hard cut, a quick zoom through the cut, or a short crossfade. */
export const shotTransitions = ['cut', 'zoom', 'crossfade'] as const;

/** The sliders' bounds (000 §5, the script's readings). */
export const captionRanges = {
  background_audio_volume: { min: 0, max: 100 },
  font_size: { min: 20, max: 100 },
  max_words_per_line: { min: 1, max: 6 },
  outline_width: { min: 0, max: 10 },
  shadow_offset: { min: 0, max: 10 },
} as const;

/**
 * The longest caption settings sent as a JSON string (the spec's "object or JSON string"): the sixteen
 * fields written out take about 450 characters.
 */
export const maxCaptionSettingsJson = 2_000;

export const captionDefaults = {
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
  /** Captions burned into the video (a video template may turn them off). */
  enabled: true,
  /** A slow push-in or pan on every shot and a punch-in on emphasised words (issue 24). */
  motion: true,
  transition: 'cut',
} as const;
