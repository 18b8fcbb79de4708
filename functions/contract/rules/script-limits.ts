/**
 * How much a script may hold, without zod so the browser can read the same figures.
 *
 * The words are capped at 5,000 characters: a 60-second video needs about 1,200 (180 words at a brisk
 * 3 words a second), and every voice can speak 5,000 in one go (ElevenLabs' smallest per-request limit
 * is 5,000; the offline eSpeak voice measures its words in pieces, see espeak-speech.ts). The cap holds
 * wherever words enter: create, update, generation and regeneration results, and video segments.
 * Segments and id lists are capped so a script's record stays well under DynamoDB's 400 KB.
 */
export const scriptLimits = {
  /** Characters of script content. */
  contentChars: 5_000,
  /** Segments of a video (each at least 3 s: 100 segments is 5 minutes). */
  segments: 100,
  /** Characters of a segment's media or thumbnail address (ours are short /api/ paths). */
  segmentUrlChars: 1_000,
  /** Media ids a video names as used. */
  usedMediaIds: 100,
} as const;

export const scriptLimitMessages = {
  contentRequired: 'Script content is required',
  contentTooLong: `Script content must be at most ${scriptLimits.contentChars.toLocaleString('en-US')} characters`,
  tooManySegments: `A video can have at most ${scriptLimits.segments} segments`,
  segmentTextTooLong: `The segments' text must be at most ${scriptLimits.contentChars.toLocaleString('en-US')} characters in total`,
  segmentUrlTooLong: `Segment media addresses must be at most ${scriptLimits.segmentUrlChars.toLocaleString('en-US')} characters`,
  tooManyMediaIds: `usedMediaIds can name at most ${scriptLimits.usedMediaIds} media`,
} as const;
