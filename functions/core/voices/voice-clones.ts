import {
  voiceDefaults,
  type CloneVoiceResult,
  type DeleteVoiceResult,
  type LinkVoiceInput,
  type LinkVoiceResult,
  type UserVoiceLink,
  type VoiceCloneInfo,
} from '../../contract/voices';
import { voiceCloneMessages, voiceSampleRules } from '../../contract/rules/voice-samples';
import {
  FileTooLargeError,
  InvalidMediaError,
  LimitExceededError,
  NotAuthenticatedError,
  NotFoundError,
  UnsupportedFileTypeError,
  ValidationError,
} from '../errors';
import { objectKeys } from '../files/bucket-layout';
import { voiceSampleKey } from '../files/owned-files';
import { newId } from '../ids';
import { limitsOf } from '../plans/tiers';
import type { UserRepository } from '../ports/accounts';
import type { ObjectStore } from '../ports/object-store';
import {
  NotAudioError,
  VoiceCloneLimitReachedError,
  type CloneSample,
  type InspectedSample,
  type VoiceClonerChoice,
  type VoiceRepository,
  type VoiceSampleInspector,
} from '../ports/voices';
import { offlineProfileOf } from './offline-profile';
import { analyseVoice, combineMeasurements } from './voice-analysis';
import { toPublicVoice, type UserVoice, type Voice } from './voice';
import { voiceCloneLimitMessage, voiceNotFound } from './voice-service';

/** One file of the clone form, as the multipart body carried it (its type is only what the client claims). */
export interface CloneUpload {
  fileName: string;
  contentType: string;
  bytes: Uint8Array;
}

export interface CloneRequest {
  name: string;
  consent: boolean;
  files: readonly CloneUpload[];
}

/** Extensions our sample keys use, from what ffprobe read (never the user's file name). */
function extensionOf(formatName: string): string {
  if (formatName.includes('mp3')) return 'mp3';
  if (formatName.includes('wav')) return 'wav';
  if (formatName.includes('flac')) return 'flac';
  if (formatName.includes('ogg')) return 'ogg';
  if (formatName.includes('webm') || formatName.includes('matroska')) return 'webm';
  if (formatName.includes('mp4') || formatName.includes('mov')) return 'm4a';
  if (formatName.includes('aac')) return 'aac';
  return 'audio';
}

const contentTypes: Readonly<Record<string, string>> = {
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  flac: 'audio/flac',
  ogg: 'audio/ogg',
  webm: 'audio/webm',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  audio: 'application/octet-stream',
};

/** Where a clone's samples live: private, under the user's prefix. */

const round2 = (n: number) => Math.round(n * 100) / 100;

/** A sample's claimed type: audio of some kind (415). */
export function checkSampleType(file: { fileName: string; contentType: string }): void {
  if (!/^audio\/[\w.+-]+$/i.test(file.contentType)) throw new UnsupportedFileTypeError(voiceCloneMessages.notAudio, { file: file.fileName });
}

/** A sample's size: at most 10 MB (413), and not empty (422). */
export function checkSampleSize(fileName: string, bytes: number): void {
  if (bytes > voiceSampleRules.maxFileBytes) throw new FileTooLargeError(voiceCloneMessages.tooBig, { file: fileName });
  if (bytes === 0) throw new InvalidMediaError(voiceCloneMessages.unreadable, { file: fileName });
}

/** The form's checks, before any file is read: name, files, consent, each file's claimed type (415). */
export function checkCloneForm(form: { name: string; consent: boolean; files: readonly { fileName: string; contentType: string }[] }): string {
  const name = form.name.trim();
  if (!name) throw new ValidationError(voiceCloneMessages.nameRequired);
  if (name.length > voiceSampleRules.maxNameChars) throw new ValidationError(voiceCloneMessages.nameTooLong);
  if (form.files.length === 0) throw new ValidationError(voiceCloneMessages.noFiles);
  if (form.files.length > voiceSampleRules.maxFiles) throw new ValidationError(voiceCloneMessages.tooManyFiles);
  if (!form.consent) throw new ValidationError(voiceCloneMessages.consentRequired);
  for (const file of form.files) checkSampleType(file);
  return name;
}

/**
 * The checks that need no bytes read, in the order the form shows them: name, files, consent, then
 * each file's claimed type and size (415, 413).
 */
export function checkCloneRequest(request: CloneRequest): string {
  const name = checkCloneForm(request);
  for (const file of request.files) checkSampleSize(file.fileName, file.bytes.byteLength);
  return name;
}

/**
 * Voice cloning: checks the samples' bytes, clones through the provider
 * when one is configured (ElevenLabs Instant Voice Cloning) or makes an eSpeak profile matching the
 * measured pitch and speaking rate (offline), keeps the samples private, and counts the voice against
 * the plan in the same transaction that writes it. Deleting gives the count back the same way.
 */
export class VoiceCloneService {
  constructor(
    private readonly deps: {
      voices: VoiceRepository;
      users: UserRepository;
      files: Pick<ObjectStore, 'put' | 'delete'>;
      inspector: VoiceSampleInspector;
      cloners: VoiceClonerChoice;
      log?: { warn(message: string, ...fields: Record<string, unknown>[]): void };
    },
    private readonly clock: () => number = Date.now,
  ) {}

  private limitError(tier: Parameters<typeof limitsOf>[0], count: number): LimitExceededError {
    const limits = limitsOf(tier);
    const limit = limits.voiceCloneLimit;
    return new LimitExceededError(
      voiceCloneLimitMessage,
      `The ${limits.name} plan includes ${limit} cloned ${limit === 1 ? 'voice' : 'voices'} and you have ${count}. Upgrade your plan to clone more voices.`,
      'VOICE_CLONE_LIMIT',
    );
  }

  /** Each file read by ffprobe/ffmpeg: audio or 415; the total length in bounds or 422. */
  private async inspectAll(files: readonly CloneUpload[]): Promise<InspectedSample[]> {
    const inspected: InspectedSample[] = [];
    for (const file of files) {
      try {
        inspected.push(await this.deps.inspector.inspect(file.bytes));
      } catch (error) {
        if (error instanceof NotAudioError) throw new UnsupportedFileTypeError(voiceCloneMessages.notAudio, { file: file.fileName });
        throw error;
      }
    }
    const total = inspected.reduce((sum, sample) => sum + sample.durationSeconds, 0);
    if (total < voiceSampleRules.minTotalSeconds) throw new InvalidMediaError(voiceCloneMessages.tooShort, { seconds: round2(total) });
    if (total > voiceSampleRules.maxTotalSeconds) throw new InvalidMediaError(voiceCloneMessages.tooLong, { seconds: round2(total) });
    return inspected;
  }

  async clone(userId: string, request: CloneRequest): Promise<CloneVoiceResult> {
    const name = checkCloneRequest(request);
    const user = await this.deps.users.get(userId);
    if (!user) throw new NotAuthenticatedError();
    const limit = limitsOf(user.subscriptionTier).voiceCloneLimit;
    // Refused early, before any work; the transaction below is what holds the limit under races.
    const count = await this.deps.voices.countPrivate(userId);
    if (count >= limit) throw this.limitError(user.subscriptionTier, count);

    const inspected = await this.inspectAll(request.files);
    const measurement = combineMeasurements(inspected.map((sample) => analyseVoice(sample.pcm, sample.sampleRate)));
    if (measurement.pitchHz === null) throw new InvalidMediaError(voiceCloneMessages.noVoice);

    const id = newId();
    const samples: CloneSample[] = inspected.map((sample, i) => {
      const ext = extensionOf(sample.formatName);
      return {
        bytes: request.files[i]?.bytes ?? new Uint8Array(),
        fileName: `sample-${i + 1}.${ext}`,
        contentType: contentTypes[ext] ?? 'application/octet-stream',
      };
    });
    const sampleKeys = samples.map((sample) => objectKeys.cloneSample(userId, id, sample.fileName));
    const cloner = await this.deps.cloners.current();
    const offlineProfile = cloner ? null : offlineProfileOf(measurement);

    let providerVoiceId: string | undefined;
    try {
      for (const [i, sample] of samples.entries()) await this.deps.files.put(sampleKeys[i] ?? '', sample.bytes, sample.contentType);
      providerVoiceId = cloner ? (await cloner.clone({ name, samples })).providerVoiceId : undefined;

      // Never made the default on its own: parallel clones would each take the flag from the others.
      // "Make default" (POST /api/user-voices) does it, one request at a time.
      const isDefault = false;
      const now = new Date(this.clock()).toISOString();
      const clone: VoiceCloneInfo = {
        method: cloner ? 'elevenlabs' : 'offline',
        sampleCount: samples.length,
        sampleSeconds: round2(inspected.reduce((sum, sample) => sum + sample.durationSeconds, 0)),
        pitchHz: measurement.pitchHz === null ? null : round2(measurement.pitchHz),
        syllablesPerSecond: measurement.syllablesPerSecond === null ? null : round2(measurement.syllablesPerSecond),
        offlineProfile,
      };
      const voice: Voice = {
        ...voiceDefaults,
        id,
        // Offline the eSpeak voice is the provider's voice; the profile's pitch and speed go with it.
        voiceId: providerVoiceId ?? `en-us+${offlineProfile?.variant ?? 'm3'}`,
        name,
        visibility: 'private',
        userId,
        description: cloner ? 'Cloned with ElevenLabs Instant Voice Cloning' : 'Offline approximation: an eSpeak voice matching your pitch and pace',
        gender: null,
        sampleKey: null,
        sampleKeys,
        clone,
        createdAt: now,
      };
      const link: UserVoice = { id: newId(), userId, voiceId: id, isDefault, createdAt: now };
      await this.deps.voices.createPrivate(voice, link, limit);
      return {
        message: cloner ? 'Voice cloned successfully' : 'Voice cloned as an offline approximation',
        voice: toPublicVoice(voice, { isDefault }),
        userVoice: publicLink(link),
      };
    } catch (error) {
      // Nothing is kept of a clone that was not counted: its samples and the provider's voice go.
      await this.deps.files.delete(sampleKeys).catch(() => undefined);
      if (cloner && providerVoiceId) {
        await cloner
          .remove(providerVoiceId)
          .catch((cause: unknown) => this.deps.log?.warn('provider voice left behind', { providerVoiceId, error: String(cause) }));
      }
      if (error instanceof VoiceCloneLimitReachedError) throw this.limitError(user.subscriptionTier, error.count);
      throw error;
    }
  }

  /** DELETE /api/voices/{id}: only the caller's own private voices; presets and others' voices are 404. */
  async remove(userId: string, voiceId: string): Promise<DeleteVoiceResult> {
    const voice = await this.deps.voices.find(userId, voiceId);
    if (!voice || voice.visibility !== 'private' || voice.userId !== userId) throw new NotFoundError(voiceNotFound);
    if (voice.clone?.method === 'elevenlabs') {
      const cloner = await this.deps.cloners.current();
      // Without the key the provider's voice cannot be reached; the record still goes, and that is logged.
      if (cloner) await cloner.remove(voice.voiceId);
      else this.deps.log?.warn('provider voice not deleted: no ElevenLabs key', { voiceId: voice.id });
    }
    // A test voice (the developer test page) never took a clone slot: it goes without giving one back.
    const deleted = voice.test ? await this.deps.voices.deleteTest(userId, voice.id) : await this.deps.voices.deletePrivate(userId, voice.id);
    if (!deleted) throw new NotFoundError(voiceNotFound);
    const keys = [...(voice.sampleKeys ?? []), ...(voice.sampleKey ? [voice.sampleKey] : []), voiceSampleKey(voice, userId, 'wav')];
    await this.deps.files.delete(keys).catch((error: unknown) => this.deps.log?.warn('voice samples left behind', { voiceId: voice.id, error: String(error) }));
    const user = await this.deps.users.get(userId);
    if (user?.selectedVoice === voice.id) await this.deps.users.update(userId, { selectedVoice: null });
    return { message: 'Voice deleted', id: voice.id, clonedVoices: await this.deps.voices.countPrivate(userId) };
  }

  /** POST /api/user-voices: a public preset or the caller's own voice; one default at a time. */
  async link(userId: string, input: LinkVoiceInput): Promise<LinkVoiceResult> {
    const voice = await this.deps.voices.find(userId, input.voiceId);
    if (!voice || (voice.visibility === 'private' && voice.userId !== userId)) throw new NotFoundError(voiceNotFound);
    const existing = (await this.deps.voices.links(userId)).find((link) => link.voiceId === voice.id);
    const link: UserVoice = {
      id: existing?.id ?? newId(),
      userId,
      voiceId: voice.id,
      isDefault: input.isDefault,
      createdAt: existing?.createdAt ?? new Date(this.clock()).toISOString(),
    };
    await this.deps.voices.saveLink(link);
    // The default voice is the user's selected voice first (GET /api/voices/default/user), so they move together.
    const user = await this.deps.users.get(userId);
    if (input.isDefault && user?.selectedVoice !== voice.id) await this.deps.users.update(userId, { selectedVoice: voice.id });
    if (!input.isDefault && user?.selectedVoice === voice.id) await this.deps.users.update(userId, { selectedVoice: null });
    return { message: input.isDefault ? 'Default voice updated' : 'Voice linked', userVoice: publicLink(link) };
  }
}

function publicLink(link: UserVoice): UserVoiceLink {
  return { id: link.id, voiceId: link.voiceId, isDefault: link.isDefault, createdAt: link.createdAt };
}
