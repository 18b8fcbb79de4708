import type { LanguageCode } from '../../contract/languages';
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
  /**
   * Writes a test voice (the developer test page) and its link, counted against `limit` test voices in the
   * same transaction, never against the voice clones. False at the limit (nothing written).
   */
  createTest(voice: Voice, link: UserVoice, limit: number): Promise<boolean>;
  /** Removes a test voice and its link (the clone counter is not touched). False when there is no such test voice. */
  deleteTest(userId: string, voiceId: string): Promise<boolean>;
  setSampleKey(voice: Voice, key: string): Promise<void>;
  /**
   * Removes a private voice and its link and gives the clone back to the plan's counter, in one
   * transaction. False when the user has no such private voice (nothing changed).
   */
  deletePrivate(userId: string, voiceId: string): Promise<boolean>;
  /** Writes the user's link to a voice; a default link takes the flag from every other link. */
  saveLink(link: UserVoice): Promise<void>;
  links(userId: string): Promise<UserVoice[]>;
  /** The user's cloned voices (test voices are not counted). */
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
  /** `text` spoken in `language` (English when absent) by the voice. */
  synthesize(text: string, voice: Pick<Voice, 'id' | 'voiceId' | 'gender' | 'speed' | 'clone'>, language?: LanguageCode): Promise<SpeechSample>;
}

/** What the server read in one voice sample's bytes (ffprobe, then ffmpeg's 16 kHz mono decode). */
export interface InspectedSample {
  /** The container ffprobe read (`mp3`, `wav`, `mov,mp4,…`, `ogg`, …). */
  formatName: string;
  durationSeconds: number;
  /** Mono PCM at `sampleRate`, for the pitch and rate analysis (at most the first few minutes). */
  pcm: Float32Array;
  sampleRate: number;
}

/** The bytes are not audio that ffprobe and ffmpeg can read (a wrong type, a broken file). */
export class NotAudioError extends Error {
  override name = 'NotAudioError';
}

/** Reads a voice sample's bytes, never its claimed type. Throws NotAudioError for anything but audio. */
export interface VoiceSampleInspector {
  inspect(bytes: Uint8Array): Promise<InspectedSample>;
}

export interface CloneSample {
  bytes: Uint8Array;
  fileName: string;
  contentType: string;
}

/** A provider's voice cloning (ElevenLabs Instant Voice Cloning). */
export interface VoiceCloner {
  /** Makes the voice; answers the provider's voice id. */
  clone(input: { name: string; samples: readonly CloneSample[] }): Promise<{ providerVoiceId: string }>;
  /** Deletes the provider's voice; a voice the provider no longer has counts as deleted. */
  remove(providerVoiceId: string): Promise<void>;
}

/** Which cloner a request uses: the provider's when its key is configured, else none (offline). */
export interface VoiceClonerChoice {
  current(): Promise<VoiceCloner | undefined>;
}
