import { LimitExceededError, NotAuthenticatedError, NotFoundError } from '../errors';
import { voiceSampleKey } from '../files/owned-files';
import { newId } from '../ids';
import type { UserRepository } from '../ports/accounts';
import type { ObjectStore } from '../ports/object-store';
import type { VoiceRepository, VoiceSampleSynthesizer } from '../ports/voices';
import { testVoiceLimit, voiceDefaults, type CreateVoiceInput, type PublicVoice } from '../../contract/voices';
import type { LanguageCode } from '../../contract/languages';
import { presetVoices, sampleText, sortVoices, toPublicVoice, type UserVoice, type Voice } from './voice';
import { voiceSpeaks } from './voice-languages';

export const voiceNotFound = 'Voice not found';
export const noDefaultVoice = 'No default voice';
export const voiceCloneLimitMessage = 'Voice clone limit reached';
export const testVoiceLimitMessage = 'Test voice limit reached';
/** A sample's address lives long enough to start playing, not to be shared. */
export const sampleUrlSeconds = 300;

/** Voices: presets for everyone, private voices per user, samples that play. */
export class VoiceService {
  private seeded: Promise<void> | undefined;

  constructor(
    private readonly deps: {
      voices: VoiceRepository;
      users: UserRepository;
      files: Pick<ObjectStore, 'put' | 'head' | 'presignGet'>;
      synthesizer: VoiceSampleSynthesizer;
    },
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

  /**
   * The presets and the user's own voices, theirs first. Test voices (the developer test page) are not
   * clones and are left out unless `includeTest` (the test page's own list).
   */
  async list(userId: string, options: { includeTest?: boolean } = {}): Promise<PublicVoice[]> {
    await this.ensurePresets();
    const [publicVoices, privateVoices, links] = await Promise.all([
      this.deps.voices.listPublic(),
      this.deps.voices.listPrivate(userId),
      this.deps.voices.links(userId),
    ]);
    const own = options.includeTest ? privateVoices : privateVoices.filter((voice) => !voice.test);
    const defaults = new Set(links.filter((link) => link.isDefault).map((link) => link.voiceId));
    return sortVoices([...own, ...publicVoices]).map((voice) => toPublicVoice(voice, { isDefault: defaults.has(voice.id) }));
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

  /**
   * A short-lived URL of the voice's sample, synthesised into the bucket on first request: in `language`
   * where the voice speaks it (its own key beside the English one), else in English.
   */
  async sampleUrl(userId: string, id: string, language?: LanguageCode): Promise<string> {
    const voice = await this.find(userId, id);
    if (language && language !== 'en' && voiceSpeaks(voice, language)) {
      const key = voiceSampleKey({ ...voice, id: `${voice.id}.${language}` }, userId, 'wav');
      if ((await this.deps.files.head(key)) === undefined) {
        const sample = await this.deps.synthesizer.synthesize(sampleText(voice, language), voice, language);
        await this.deps.files.put(key, sample.body, sample.contentType);
      }
      return this.deps.files.presignGet(key, sampleUrlSeconds);
    }
    let key = voice.sampleKey;
    if (!key || (await this.deps.files.head(key)) === undefined) {
      const sample = await this.deps.synthesizer.synthesize(sampleText(voice), voice);
      key = voiceSampleKey(voice, userId, sample.extension);
      await this.deps.files.put(key, sample.body, sample.contentType);
      await this.deps.voices.setSampleKey(voice, key);
    }
    return this.deps.files.presignGet(key, sampleUrlSeconds);
  }

  /**
   * POST /api/voices, the developer test page: a test voice with the settings it was given. It is the
   * user's own (found by its id, its sample plays) but it is not a clone: it never takes a voice-clone
   * slot, and voice lists leave it out. A user keeps at most `testVoiceLimit` of them (403 past that).
   */
  async create(userId: string, input: CreateVoiceInput): Promise<{ voice: PublicVoice; userVoice: UserVoice } & PublicVoice> {
    const user = await this.deps.users.get(userId);
    if (!user) throw new NotAuthenticatedError();
    const now = new Date(this.clock()).toISOString();
    const { isDefault, ...fields } = input;
    const voice: Voice = {
      ...fields,
      id: newId(),
      visibility: 'private',
      userId,
      description: null,
      gender: null,
      sampleKey: null,
      createdAt: now,
      test: true,
    };
    const link: UserVoice = { id: newId(), userId, voiceId: voice.id, isDefault, createdAt: now };
    if (!(await this.deps.voices.createTest(voice, link, testVoiceLimit))) {
      throw new LimitExceededError(testVoiceLimitMessage, `You can keep ${testVoiceLimit} test voices. Delete one to make another.`, 'TEST_VOICE_LIMIT');
    }
    const answer = toPublicVoice(voice, { isDefault });
    // The test page reads `id` and `speed` at the top level.
    return { ...answer, voice: answer, userVoice: link };
  }

  /** A preset or one of the user's own voices (the voice-over reads its provider settings). */
  async findVoice(userId: string, id: string): Promise<Voice | undefined> {
    await this.ensurePresets();
    return this.deps.voices.find(userId, id);
  }

  /**
   * The voice to speak with: the first of `ids` that is a preset or one of the user's voices, else
   * the voice linked as the user's default, else the first preset; with a `language`, the first of
   * these that speaks it, else a preset that does.
   */
  async resolve(userId: string, ids: readonly string[], language?: LanguageCode): Promise<Voice> {
    await this.ensurePresets();
    const links = await this.deps.voices.links(userId);
    const candidates = [...ids, ...links.filter((link) => link.isDefault).map((link) => link.voiceId)];
    const speaks = (voice: Voice) => language === undefined || voiceSpeaks(voice, language);
    let unspoken: Voice | undefined;
    for (const id of new Set(candidates)) {
      const voice = await this.deps.voices.find(userId, id);
      if (voice && speaks(voice)) return voice;
      unspoken ??= voice;
    }
    // None speaks the language (the free English voices for a Spanish script): the first preset that
    // does, of the chosen voice's gender when it has one.
    const presets = this.presets().filter(speaks);
    const fallback = presets.find((preset) => unspoken?.gender && preset.gender === unspoken.gender) ?? presets[0];
    if (!fallback) throw new NotFoundError(voiceNotFound);
    return (await this.deps.voices.find(userId, fallback.id)) ?? fallback;
  }

  countPrivate(userId: string): Promise<number> {
    return this.deps.voices.countPrivate(userId);
  }
}
