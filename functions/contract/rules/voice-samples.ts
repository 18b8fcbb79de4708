/**
 * The voice-clone form's rules, shared by the Settings page and the
 * server, so the browser refuses what the server would before any byte is sent. The server checks
 * again on the bytes (ffprobe: real audio and its length), never trusting the claimed type.
 */
export const voiceSampleRules = {
  /** A voice sample is at most 10 MB. */
  maxFileBytes: 10 * 1024 * 1024,
  /** One clone takes at most this many samples (ElevenLabs Instant Voice Cloning takes up to 25). */
  maxFiles: 10,
  /** The samples together: at least 10 s of audio to hear a voice, at most 3 min. */
  minTotalSeconds: 10,
  maxTotalSeconds: 180,
  maxNameChars: 100,
} as const;

/** Word for word from the product (docs/product.md#voice-cloning) where it has them; ours otherwise. */
export const voiceCloneMessages = {
  nameRequired: 'Please provide a name for your voice',
  noFiles: 'No audio files selected',
  cloneFailed: 'Failed to clone voice',
  deleteFailed: 'Failed to delete voice',
  nameTooLong: `The voice name must be at most ${voiceSampleRules.maxNameChars} characters`,
  tooManyFiles: `Choose at most ${voiceSampleRules.maxFiles} audio files`,
  notAudio: 'Only audio files can be used to clone a voice',
  tooBig: 'Each audio file must be 10 MB or smaller',
  unreadable: 'This file could not be read as audio',
  tooShort: `The samples must hold at least ${voiceSampleRules.minTotalSeconds} seconds of audio`,
  tooLong: `The samples must hold at most ${voiceSampleRules.maxTotalSeconds / 60} minutes of audio`,
  noVoice: 'No voice could be heard in the samples; record yourself speaking clearly',
  consentRequired: 'Please confirm this is your voice or that you have the right to use it',
} as const;

/** The consent box's label. */
export const voiceConsentLabel = 'This is my voice, or I have the right to use it';

/** A file the browser may send: its claimed type is audio/* and it is not larger than the bound. */
export function checkVoiceSampleFile(file: { type: string; size: number }): string | null {
  if (!/^audio\//i.test(file.type)) return voiceCloneMessages.notAudio;
  if (file.size > voiceSampleRules.maxFileBytes) return voiceCloneMessages.tooBig;
  if (file.size === 0) return voiceCloneMessages.unreadable;
  return null;
}
