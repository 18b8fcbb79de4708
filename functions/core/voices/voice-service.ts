import { NotFoundError } from '../errors';
import { newId } from '../ids';
import type { UserRepository } from '../ports/accounts';
import type { FileStore, VoiceRepository, VoiceSampleSynthesizer } from '../ports/voices';
import { presetVoices, sampleText, sortVoices, toPublicVoice, voiceDefaults, type CreateVoiceInput, type PublicVoice, type UserVoice, type Voice } from './voice';

export const voiceNotFound = 'Voice not found';
export const noDefaultVoice = 'No default voice';
/** A sample's address lives long enough to start playing, not to be shared. */
export const sampleUrlSeconds = 300;

/** Voices (000 §3, §6, §7; 001 §7): presets for everyone, private voices per user, samples that play. */
export class VoiceService {
  private seeded: Promise<void> | undefined;

  constructor(
    private readonly deps: { voices: VoiceRepository; users: UserRepository; files: FileStore; synthesizer: VoiceSampleSynthesizer },
    private readonly clock: () => number = Date.now,
  ) {}

  private presets(): Voice[] {
    const createdAt = new Date(0).toISOString();
    return presetVoices.map((preset) => ({
      ...preset,
      ...voiceDefaults,
      visibility: 'public',
      userId: null,
      sampleKey: null,
      createdAt,
    }));
  }

  /** The presets are written once per process at most (conditional puts, so racing processes agree). */
  private ensurePresets(): Promise<void> {
    this.seeded ??= this.deps.voices.seedPublic(this.presets()).catch((error: unknown) => {
      this.seeded = undefined;
      throw error;
    });
    return this.seeded;
  }

  async list(userId: string): Promise<PublicVoice[]> {
    await this.ensurePresets();
    const [publicVoices, privateVoices, links] = await Promise.all([
      this.deps.voices.listPublic(),
      this.deps.voices.listPrivate(userId),
      this.deps.voices.links(userId),
    ]);
    const defaults = new Set(links.filter((link) => link.isDefault).map((link) => link.voiceId));
    return sortVoices([...privateVoices, ...publicVoices]).map((voice) => toPublicVoice(voice, { isDefault: defaults.has(voice.id) }));
  }

  private async find(userId: string, id: string): Promise<Voice> {
    await this.ensurePresets();
    const voice = await this.deps.voices.find(userId, id);
    if (!voice) throw new NotFoundError(voiceNotFound);
    return voice;
  }

  /** The user's chosen voice (PATCH /api/user {selectedVoice}), else the voice linked as default. */
  async defaultFor(userId: string): Promise<PublicVoice> {
    const user = await this.deps.users.get(userId);
    const candidates: string[] = [];
    if (user?.selectedVoice) candidates.push(user.selectedVoice);
    const links = await this.deps.voices.links(userId);
    candidates.push(...links.filter((link) => link.isDefault).map((link) => link.voiceId));
    for (const id of candidates) {
      await this.ensurePresets();
      const voice = await this.deps.voices.find(userId, id);
      if (voice) return toPublicVoice(voice, { isDefault: true });
    }
    throw new NotFoundError(noDefaultVoice);
  }

  /** A short-lived URL of the voice's sample, synthesised into the bucket on first request. */
  async sampleUrl(userId: string, id: string): Promise<string> {
    const voice = await this.find(userId, id);
    let key = voice.sampleKey;
    if (!key || !(await this.deps.files.exists(key))) {
      const sample = await this.deps.synthesizer.synthesize(sampleText(voice), voice);
      key = `voice-samples/${voice.visibility === 'private' ? `${userId}/` : ''}${voice.id}.${sample.extension}`;
      await this.deps.files.put(key, sample.body, sample.contentType);
      await this.deps.voices.setSampleKey(voice, key);
    }
    return this.deps.files.presignGet(key, sampleUrlSeconds);
  }

  async create(userId: string, input: CreateVoiceInput): Promise<{ voice: PublicVoice; userVoice: UserVoice } & PublicVoice> {
    const now = new Date(this.clock()).toISOString();
    const { isDefault, ...fields } = input;
    const voice: Voice = { ...fields, id: newId(), visibility: 'private', userId, description: null, gender: null, sampleKey: null, createdAt: now };
    const link: UserVoice = { id: newId(), userId, voiceId: voice.id, isDefault, createdAt: now };
    await this.deps.voices.createPrivate(voice, link);
    const answer = toPublicVoice(voice, { isDefault });
    // The test page reads `id` and `speed` at the top level; the clone flow reads `voice` and `userVoice`.
    return { ...answer, voice: answer, userVoice: link };
  }

  /** A preset or one of the user's own voices (the voice-over reads its provider settings). */
  async findVoice(userId: string, id: string): Promise<Voice | undefined> {
    await this.ensurePresets();
    return this.deps.voices.find(userId, id);
  }

  /**
   * The voice to speak with: the first of `ids` that is a preset or one of the user's voices, else
   * the voice linked as the user's default, else the first preset.
   */
  async resolve(userId: string, ids: readonly string[]): Promise<Voice> {
    await this.ensurePresets();
    const links = await this.deps.voices.links(userId);
    const candidates = [...ids, ...links.filter((link) => link.isDefault).map((link) => link.voiceId)];
    for (const id of new Set(candidates)) {
      const voice = await this.deps.voices.find(userId, id);
      if (voice) return voice;
    }
    const fallback = this.presets()[0];
    if (!fallback) throw new NotFoundError(voiceNotFound);
    return (await this.deps.voices.find(userId, fallback.id)) ?? fallback;
  }

  countPrivate(userId: string): Promise<number> {
    return this.deps.voices.countPrivate(userId);
  }
}
