import type { UserVoice, Voice } from '../voices/voice';

export interface VoiceRepository {
  listPublic(): Promise<Voice[]>;
  listPrivate(userId: string): Promise<Voice[]>;
  /** A preset, or one of this user's own voices. */
  find(userId: string, id: string): Promise<Voice | undefined>;
  /** Writes the presets that are missing (idempotent). */
  seedPublic(voices: Voice[]): Promise<void>;
  /**
   * Writes a private voice and its link, counting it against `limit` in the same transaction (a
   * conditional counter), so parallel requests can never pass the limit together. Throws
   * VoiceCloneLimitReachedError when the user already has `limit` voices.
   */
  createPrivate(voice: Voice, link: UserVoice, limit: number): Promise<void>;
  setSampleKey(voice: Voice, key: string): Promise<void>;
  links(userId: string): Promise<UserVoice[]>;
  countPrivate(userId: string): Promise<number>;
}

/** The user already has as many private voices as their plan allows. */
export class VoiceCloneLimitReachedError extends Error {
  override name = 'VoiceCloneLimitReachedError';
  constructor(readonly count: number) {
    super(`Voice clone limit reached (${count})`);
  }
}

export interface SpeechSample {
  body: Uint8Array;
  contentType: string;
  extension: string;
}

/** Speaks a short sample text in (an approximation of) a voice. */
export interface VoiceSampleSynthesizer {
  synthesize(text: string, voice: Pick<Voice, 'id' | 'gender' | 'speed'>): Promise<SpeechSample>;
}
