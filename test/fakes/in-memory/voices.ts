import { voiceDefaults } from '../../../functions/contract/voices';
import { VoiceCloneLimitReachedError, type VoiceRepository } from '../../../functions/core/ports/voices';
import type { UserVoice, Voice } from '../../../functions/core/voices/voice';

/**
 * The voices and the users' links to them, with the table's contract: presets are seeded once (a seed
 * writes only what is missing), a private voice is found only by its owner, a clone past `limit` is
 * refused (VoiceCloneLimitReachedError), and a default link takes the flag from the user's other links.
 */
export class MemoryVoices implements VoiceRepository {
  readonly voices = new Map<string, Voice>();
  readonly userLinks: UserVoice[] = [];

  /** A private voice of `userId` as a test's given. */
  addPrivate(userId: string, id: string, changes: Partial<Voice> = {}): Voice {
    const voice: Voice = {
      id,
      voiceId: `provider-${id}`,
      name: `Voice ${id}`,
      ...voiceDefaults,
      visibility: 'private',
      description: null,
      gender: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      userId,
      sampleKey: null,
      ...changes,
    };
    this.voices.set(id, voice);
    return voice;
  }

  listPublic(): Promise<Voice[]> {
    return Promise.resolve([...this.voices.values()].filter((voice) => voice.visibility === 'public'));
  }

  listPrivate(userId: string): Promise<Voice[]> {
    return Promise.resolve([...this.voices.values()].filter((voice) => voice.visibility === 'private' && voice.userId === userId));
  }

  find(userId: string, id: string): Promise<Voice | undefined> {
    const voice = this.voices.get(id);
    return Promise.resolve(voice && (voice.visibility === 'public' || voice.userId === userId) ? voice : undefined);
  }

  seedPublic(voices: Voice[]): Promise<void> {
    for (const voice of voices) if (!this.voices.has(voice.id)) this.voices.set(voice.id, voice);
    return Promise.resolve();
  }

  async createPrivate(voice: Voice, link: UserVoice, limit: number): Promise<void> {
    const count = await this.countPrivate(link.userId);
    if (count >= limit) throw new VoiceCloneLimitReachedError(count);
    this.voices.set(voice.id, voice);
    await this.saveLink(link);
  }

  async createTest(voice: Voice, link: UserVoice, limit: number): Promise<boolean> {
    const tests = [...this.voices.values()].filter((other) => other.test && other.userId === link.userId).length;
    if (tests >= limit) return false;
    this.voices.set(voice.id, { ...voice, test: true });
    await this.saveLink(link);
    return true;
  }

  deleteTest(userId: string, voiceId: string): Promise<boolean> {
    const voice = this.voices.get(voiceId);
    if (!voice?.test || voice.userId !== userId) return Promise.resolve(false);
    this.voices.delete(voiceId);
    this.userLinks.splice(0, this.userLinks.length, ...this.userLinks.filter((link) => !(link.userId === userId && link.voiceId === voiceId)));
    return Promise.resolve(true);
  }

  setSampleKey(voice: Voice, key: string): Promise<void> {
    const stored = this.voices.get(voice.id);
    if (stored) this.voices.set(voice.id, { ...stored, sampleKey: key });
    return Promise.resolve();
  }

  deletePrivate(userId: string, voiceId: string): Promise<boolean> {
    const voice = this.voices.get(voiceId);
    if (voice?.visibility !== 'private' || voice.test || voice.userId !== userId) return Promise.resolve(false);
    this.voices.delete(voiceId);
    this.userLinks.splice(0, this.userLinks.length, ...this.userLinks.filter((link) => !(link.userId === userId && link.voiceId === voiceId)));
    return Promise.resolve(true);
  }

  saveLink(link: UserVoice): Promise<void> {
    const others = this.userLinks.filter((other) => !(other.userId === link.userId && other.voiceId === link.voiceId));
    const kept = link.isDefault ? others.map((other) => (other.userId === link.userId ? { ...other, isDefault: false } : other)) : others;
    this.userLinks.splice(0, this.userLinks.length, ...kept, link);
    return Promise.resolve();
  }

  links(userId: string): Promise<UserVoice[]> {
    return Promise.resolve(this.userLinks.filter((link) => link.userId === userId));
  }

  countPrivate(userId: string): Promise<number> {
    return Promise.resolve([...this.voices.values()].filter((voice) => voice.visibility === 'private' && !voice.test && voice.userId === userId).length);
  }
}
