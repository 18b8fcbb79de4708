import { VoiceCloneLimitReachedError, type VoiceRepository } from '../../../core/ports/voices';
import { userVoiceSchema, voiceSchema, type UserVoice, type Voice } from '../../../core/voices/voice';
import { defineEntity, ownerPk, idSortKey, where } from './entity';
import { keys } from './keys';
import { PlanCounter } from './plan-counter';
import { unlessConditionFails, type TableRef } from './table';

/** A voice: the presets under `VOICES#public`, a user's own (cloned) voices under `USER#<id>`. */
export const voiceEntity = defineEntity<Voice>({
  type: 'Voice',
  schema: voiceSchema,
  sortKeyPrefix: keys.voice(''),
  pk: {
    uses: ['visibility', 'userId'],
    build: (voice) => (voice.visibility === 'public' || !voice.userId ? keys.publicVoices() : keys.user(voice.userId)),
  },
  sk: idSortKey(keys.voice),
  owner: 'user',
  export: { file: 'voices.json' },
});

/** A user's link to a voice they use (their default among them). */
export const userVoiceEntity = defineEntity<UserVoice>({
  type: 'UserVoice',
  schema: userVoiceSchema,
  sortKeyPrefix: keys.userVoice(''),
  pk: ownerPk,
  sk: { uses: ['voiceId'], build: (link) => keys.userVoice(link.voiceId) },
  owner: 'user',
  export: { file: 'voices.json' },
});

const publicVoices = { visibility: 'public', userId: null } as const;
const privateVoices = (userId: string) => ({ visibility: 'private', userId }) as const;
/** The test-page voices among a user's private voices, and the others (the clones). */
const testOnly = where.eq('test', true);
const clonesOnly = where.or(where.absent('test'), where.ne('test', true));

/** Presets under `VOICES#public`; a user's own voices and their links under `USER#<id>`. */
export class DynamoVoiceRepository implements VoiceRepository {
  private readonly clones: PlanCounter;
  private readonly tests: PlanCounter;

  constructor(private readonly table: TableRef) {
    this.clones = new PlanCounter(table, keys.voiceClones, (userId) => this.countPrivate(userId));
    this.tests = new PlanCounter(table, keys.testVoices, (userId) =>
      voiceEntity.count(this.table, 'partition', privateVoices(userId), { filter: testOnly, consistentRead: true }),
    );
  }

  listPublic(): Promise<Voice[]> {
    return voiceEntity.all(this.table, 'partition', publicVoices);
  }

  listPrivate(userId: string): Promise<Voice[]> {
    return voiceEntity.all(this.table, 'partition', privateVoices(userId));
  }

  async find(userId: string, id: string): Promise<Voice | undefined> {
    for (const owner of [publicVoices, privateVoices(userId)]) {
      const voice = await voiceEntity.get(this.table, { ...owner, id });
      if (voice) return voice;
    }
    return undefined;
  }

  async seedPublic(voices: Voice[]): Promise<void> {
    // A preset already there is kept as it is.
    await Promise.all(voices.map((voice) => unlessConditionFails(voiceEntity.putNew(this.table, { ...voice, ...publicVoices }))));
  }

  /**
   * The voice, its link and the clone counter (`USER#<id>/VOICE_CLONES`) in one transaction: the counter
   * only rises while it is below the limit, and is seeded from a count of the user's voices when it does
   * not exist yet (voices made before it); a lost seed or a conflict is tried again (plan-counter.ts).
   */
  async createPrivate(voice: Voice, link: UserVoice, limit: number): Promise<void> {
    const outcome = await this.clones.change(
      link.userId,
      [voiceEntity.newItem(this.table, { ...voice, ...privateVoices(link.userId) }), userVoiceEntity.putItem(this.table, { ...link, voiceId: voice.id })],
      1,
      limit,
    );
    if (outcome === 'record') throw new Error(`voice ${voice.id} exists`);
    if (outcome === 'limit')
      throw new VoiceCloneLimitReachedError(Math.max((await this.clones.current(link.userId)) ?? (await this.countPrivate(link.userId)), limit));
    if (link.isDefault) await this.clearOtherDefaults(link);
  }

  /** A test voice and its link, stepping the test voices' own counter: the clone counter never moves. */
  async createTest(voice: Voice, link: UserVoice, limit: number): Promise<boolean> {
    const outcome = await this.tests.change(
      link.userId,
      [
        voiceEntity.newItem(this.table, { ...voice, ...privateVoices(link.userId), test: true }),
        userVoiceEntity.putItem(this.table, { ...link, voiceId: voice.id }),
      ],
      1,
      limit,
    );
    if (outcome === 'record') throw new Error(`voice ${voice.id} exists`);
    if (outcome === 'limit') return false;
    if (link.isDefault) await this.clearOtherDefaults(link);
    return true;
  }

  async deleteTest(userId: string, voiceId: string): Promise<boolean> {
    const outcome = await this.tests.change(
      userId,
      [
        voiceEntity.deleteItem(this.table, { ...privateVoices(userId), id: voiceId }, where.and(where.itemExists(), testOnly)),
        userVoiceEntity.deleteItem(this.table, { userId, voiceId }),
      ],
      -1,
    );
    return outcome === 'written';
  }

  /** One default voice per user: the new default's siblings lose the flag. */
  private async clearOtherDefaults(link: UserVoice): Promise<void> {
    for (const other of (await this.links(link.userId)).filter((l) => l.isDefault && l.voiceId !== link.voiceId)) {
      await userVoiceEntity.update(this.table, other, { set: { isDefault: false } });
    }
  }

  /**
   * The voice, its link and the counter's decrement in one transaction; the voice must still be
   * there (a second delete changes nothing). A counter already at zero stays there.
   */
  async deletePrivate(userId: string, voiceId: string): Promise<boolean> {
    const outcome = await this.clones.change(
      userId,
      [
        voiceEntity.deleteItem(
          this.table,
          { ...privateVoices(userId), id: voiceId },
          where.and(where.itemExists(), where.eq('visibility', 'private'), clonesOnly),
        ),
        userVoiceEntity.deleteItem(this.table, { userId, voiceId }),
      ],
      -1,
    );
    return outcome === 'written';
  }

  async saveLink(link: UserVoice): Promise<void> {
    await userVoiceEntity.put(this.table, link);
    if (link.isDefault) await this.clearOtherDefaults(link);
  }

  async setSampleKey(voice: Voice, key: string): Promise<void> {
    await voiceEntity.update(this.table, voice, { set: { sampleKey: key }, condition: where.itemExists() });
  }

  links(userId: string): Promise<UserVoice[]> {
    return userVoiceEntity.all(this.table, 'partition', { userId });
  }

  /** The user's clones: their private voices less the test voices. */
  countPrivate(userId: string): Promise<number> {
    return voiceEntity.count(this.table, 'partition', privateVoices(userId), { filter: clonesOnly, consistentRead: true });
  }
}
