import { z } from 'zod';
import type { ScriptUpdateMessage } from '../../contract/realtime';
import { scriptLimitMessages, scriptLimits } from '../../contract/rules/script-limits';
import { languages, type LanguageCode } from '../../contract/languages';
import { voiceLanguageMessages } from '../../contract/rules/voice-languages';
import type { Script } from '../../contract/scripts';
import type { ConvertToAudioResult } from '../../contract/video';
import { AppError, AudioGenerationError, NotAuthenticatedError, NotFoundError, ValidationError } from '../errors';
import type { WordTiming } from '../captions/word-timings';
import type { UserRepository } from '../ports/accounts';
import type { Publisher } from '../ports/realtime';
import type { ScriptRepository, VideoRunGuard } from '../ports/scripts';
import type { SpeechSynthesizer } from '../ports/speech';
import type { ObjectStore } from '../ports/object-store';
import type { AudioEncoder } from '../ports/voiceover';
import { scriptNotFound } from '../scripts/script-service';
import type { Voice } from '../voices/voice';
import { voiceNotFound } from '../voices/voice-service';
import { voiceSpeaks } from '../voices/voice-languages';
import type { UsageMeter } from '../plans/usage-meter';
import { usageMinutes } from '../plans/usage-minutes';
import { audioStatus, liveClaimsSince } from '../scripts/lifecycle';
import {
  downloadFileName,
  filesOfAudioUrl,
  isPlaybackFileName,
  scriptIdOfFile,
  playbackKey,
  voiceOverFiles,
  type PlaybackKind,
  type VoiceOverFiles,
} from '../files/script-files';
import { voiceCandidates, voiceSettingsOf } from './voice-choice';
import type { Metrics } from '../ports/metrics';

export const fileNotFound = 'File not found';
export const invalidFileName = 'Invalid file name';
/** A presigned playback URL lives 15 minutes (docs/pipeline-contract.md). */
export const playbackUrlSeconds = 15 * 60;
/** The words JSON is small (a few dozen bytes a word); anything larger is not ours. */
const maxWordsJsonBytes = 2_000_000;

export { AudioGenerationError } from '../errors';

export const wordTimingsSchema = z.array(z.object({ word: z.string(), start: z.number(), end: z.number() }));

/** Who picks a voice: presets and the user's own voices (the voices service). */
export interface VoiceFinder {
  findVoice(userId: string, id: string): Promise<Voice | undefined>;
  /** With a language: the first candidate that speaks it, else a preset that does. */
  resolve(userId: string, ids: readonly string[], language?: LanguageCode): Promise<Voice>;
}

export interface VoiceOverDeps {
  scripts: ScriptRepository;
  users: UserRepository;
  voices: VoiceFinder;
  speech: SpeechSynthesizer;
  encoder: AudioEncoder;
  /** Where voice-overs are kept: the media bucket, under the user's own prefix. */
  storage: Pick<ObjectStore, 'put' | 'get' | 'delete' | 'presignGet' | 'head'>;
  meter: Pick<UsageMeter, 'checkAudio' | 'chargeAudio'>;
  publisher: Publisher;
  /** Random hex for file names (tests may fix it). */
  nonce: () => string;
  log?: { warn(message: string, ...fields: Record<string, unknown>[]): void };
  /** Voice-over minutes made (absent: nothing counted). */
  metrics?: Pick<Metrics, 'voiceOverMade'>;
}

export interface VoiceOver {
  audioKey: string;
  wordsKey: string;
  durationSeconds: number;
  words: WordTiming[];
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;

/** Word timings inside the audio, in order, never running backwards (captions rely on it). */
export function fitWords(words: readonly WordTiming[], durationSeconds: number): WordTiming[] {
  let last = 0;
  return words
    .filter((w) => w.word.trim() !== '')
    .map((w) => {
      const start = round3(Math.min(Math.max(w.start, last), durationSeconds));
      const end = round3(Math.min(Math.max(w.end, start), durationSeconds));
      last = start;
      return { word: w.word, start, end };
    });
}

/**
 * The voice-over of a script (docs/pipeline-contract.md): the voice is chosen, the
 * text synthesised (ElevenLabs or eSpeak NG), encoded to MP3 and stored with its word timings, the
 * audio minutes charged atomically, the script updated and `script-update` published. A failure
 * leaves nothing stored, charges nothing and marks the script's audio `failed` with the reason.
 */
export class VoiceOverService {
  constructor(
    private readonly deps: VoiceOverDeps,
    private readonly clock: () => number = Date.now,
  ) {}

  /** POST /api/scripts/{id}/convert-to-audio. */
  async convert(userId: string, scriptId: string, options: { voiceId?: string } = {}): Promise<ConvertToAudioResult> {
    const script = await this.script(userId, scriptId);
    const { result, updated } = await this.produce(userId, script, options.voiceId, { claimsSince: liveClaimsSince(this.clock()) });
    return { tokensUsed: result.characters, audioUrl: result.files.audioUrl, audioDuration: result.durationSeconds, script: updated };
  }

  /**
   * What the pipeline's SynthesizeAudio task calls: the script's existing voice-over when its words
   * JSON is there, else a new one (synthesised and charged like a conversion).
   */
  async ensureVoiceOver(userId: string, scriptId: string): Promise<VoiceOver> {
    const script = await this.script(userId, scriptId);
    const existing = await this.existing(userId, script);
    if (existing) return existing;
    // The pipeline's own run holds the script here: no guard.
    const { result } = await this.produce(userId, script, undefined, undefined);
    return { audioKey: result.files.audioKey, wordsKey: result.files.wordsKey, durationSeconds: result.durationSeconds, words: result.words };
  }

  /**
   * GET /api/audio/{file} and /api/video/{file}: a short-lived URL of one of the user's own files.
   * The key is built from the session's user id, so another user's file is simply not found.
   */
  async playbackUrl(userId: string, kind: PlaybackKind, file: string, options: { download?: boolean } = {}): Promise<string> {
    if (!isPlaybackFileName(file)) throw new ValidationError(invalidFileName);
    const key = playbackKey(userId, kind, file);
    if ((await this.deps.storage.head(key)) === undefined) throw new NotFoundError(fileNotFound);
    if (!options.download) return this.deps.storage.presignGet(key, playbackUrlSeconds);
    return this.deps.storage.presignGet(key, playbackUrlSeconds, { attachmentName: await this.downloadName(userId, kind, file) });
  }

  /**
   * `?download=1`: the MP4 (or MP3) saved under its script's title as a slug; a file whose
   * script is gone keeps the default name. Only the voice-over and the video themselves are downloads.
   */
  private async downloadName(userId: string, kind: PlaybackKind, file: string): Promise<string> {
    const extension = kind === 'video' ? 'mp4' : 'mp3';
    if (!file.endsWith(`.${extension}`)) throw new ValidationError(invalidFileName, 'Only the video (MP4) or the voice-over (MP3) can be downloaded');
    const scriptId = scriptIdOfFile(file);
    const script = scriptId ? await this.deps.scripts.get(userId, scriptId) : undefined;
    return downloadFileName(script?.title, extension);
  }

  private async script(userId: string, scriptId: string): Promise<Script> {
    const script = await this.deps.scripts.get(userId, scriptId);
    if (!script) throw new NotFoundError(scriptNotFound);
    return script;
  }

  private async existing(userId: string, script: Script): Promise<VoiceOver | undefined> {
    const files = filesOfAudioUrl(userId, script.audioUrl);
    if (!files || script.audioDuration === null) return undefined;
    const raw = await this.deps.storage.get(files.wordsKey, maxWordsJsonBytes).catch(() => undefined);
    if (!raw) return undefined;
    try {
      const words = wordTimingsSchema.parse(JSON.parse(new TextDecoder().decode(raw)));
      return { audioKey: files.audioKey, wordsKey: files.wordsKey, durationSeconds: script.audioDuration, words };
    } catch {
      return undefined;
    }
  }

  private async publish(userId: string, scriptId: string, fields: Omit<ScriptUpdateMessage, 'type' | 'scriptId' | 'userId'>): Promise<void> {
    await this.deps.publisher.publish(userId, { type: 'script-update', scriptId, userId, ...fields }).catch(() => undefined);
  }

  /** `guard`: a conversion asked for by the user, refused (409) while a video run holds the script. */
  private async produce(userId: string, script: Script, requestedVoiceId: string | undefined, guard: VideoRunGuard | undefined) {
    // Saved before the cap: refused as a save would be, not left to fail in the voice.
    if (script.scriptContent.trim().length > scriptLimits.contentChars) throw new ValidationError(scriptLimitMessages.contentTooLong);
    const user = await this.deps.users.get(userId);
    if (!user) throw new NotAuthenticatedError();
    await this.deps.meter.checkAudio(user);
    let voice: Voice;
    if (requestedVoiceId) {
      const found = await this.deps.voices.findVoice(userId, requestedVoiceId);
      if (!found) throw new NotFoundError(voiceNotFound);
      if (!voiceSpeaks(found, script.language)) throw new ValidationError(voiceLanguageMessages.notSpoken(found.name, languages[script.language].name));
      voice = found;
    } else {
      // The script's or the user's voice when it speaks the script's language, else a preset that does.
      voice = await this.deps.voices.resolve(userId, voiceCandidates({ scriptVoiceId: script.voiceId, selectedVoice: user.selectedVoice }), script.language);
    }

    const now = () => new Date(this.clock()).toISOString();
    await this.deps.scripts.update(userId, script.id, { ...audioStatus.generating(), updatedAt: now() }, guard);
    // Stage and progress are the pipeline's to report (its SynthesizeAudio step); a conversion only has a status.
    await this.publish(userId, script.id, { audioGenerationStatus: 'generating' });

    let stored: VoiceOverFiles | undefined;
    try {
      const text = script.scriptContent.trim();
      const speech = await this.synthesize(text, voice, user.voiceSpeed, script.language);
      const { mp3, durationSeconds: measured } = await this.deps.encoder.toMp3({ audio: speech.audio, format: speech.format });
      const durationSeconds = round3(measured);
      const words = fitWords(speech.words, durationSeconds);
      const files = voiceOverFiles(userId, script.id, this.deps.nonce());
      stored = files;
      await this.deps.storage.put(files.audioKey, mp3, 'audio/mpeg');
      await this.deps.storage.put(files.wordsKey, new TextEncoder().encode(JSON.stringify(words)), 'application/json');
      await this.deps.meter.chargeAudio(user, usageMinutes(durationSeconds));
      this.deps.metrics?.voiceOverMade(durationSeconds / 60);
      stored = undefined; // charged: the files are the script's now

      const updated = await this.deps.scripts.update(userId, script.id, {
        audioUrl: files.audioUrl,
        audioDuration: durationSeconds,
        ...audioStatus.complete(),
        ...(requestedVoiceId ? { voiceId: voice.id } : {}),
        updatedAt: now(),
      });
      await this.publish(userId, script.id, { audioGenerationStatus: 'complete' });
      await this.forgetOld(userId, script.audioUrl, files.audioUrl);
      return { result: { files, durationSeconds, words, characters: text.length }, updated };
    } catch (error) {
      if (stored) await this.deps.storage.delete([stored.audioKey, stored.wordsKey]).catch(() => undefined);
      const failure = error instanceof AppError ? error : new AudioGenerationError('The voice-over could not be made. Please try again.');
      if (!(error instanceof AppError))
        this.deps.log?.warn('voice-over failed', { scriptId: script.id, error: error instanceof Error ? error.message : String(error) });
      const reason = failure instanceof AudioGenerationError && typeof failure.details === 'string' ? failure.details : failure.message;
      await this.deps.scripts.update(userId, script.id, { ...audioStatus.failed(reason), updatedAt: now() }).catch(() => undefined);
      await this.publish(userId, script.id, { audioGenerationStatus: 'failed', message: reason });
      throw failure;
    }
  }

  /** `speed`: the creator's voice speed, in place of the voice record's when chosen; `language`: the script's. */
  private async synthesize(text: string, voice: Voice, speed: number | undefined, language: LanguageCode) {
    if (!text) throw new AudioGenerationError('The script has no words to speak.');
    try {
      return await this.deps.speech.synthesize(text, voiceSettingsOf(voice, { speed, language }));
    } catch (error) {
      // What the voice cannot speak (the offline voice and kanji) is the creator's to change: a 400 as is.
      if (error instanceof ValidationError) throw error;
      // Provider errors carry a message a user can read (ProviderError); anything else stays internal.
      if (error instanceof AppError) throw new AudioGenerationError(error.message);
      throw error;
    }
  }

  /** The previous voice-over of the script, replaced: its files go (best effort). */
  private async forgetOld(userId: string, previousUrl: string | null, currentUrl: string): Promise<void> {
    if (!previousUrl || previousUrl === currentUrl) return;
    const old = filesOfAudioUrl(userId, previousUrl);
    if (old) await this.deps.storage.delete([old.audioKey, old.wordsKey]).catch(() => undefined);
  }
}
