import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { VoiceCloneLimitReachedError, type VoiceRepository } from '../../../core/ports/voices';
import { userVoiceSchema, voiceSchema, type UserVoice, type Voice } from '../../../core/voices/voice';
import { keys } from './keys';
import { PlanCounter } from './plan-counter';
import { isConditionFailure, queryAll, type TableRef } from './table';

const voicePrefix = keys.voice('');

const linkPrefix = keys.userVoice('');

/** Presets under `VOICES#public`; a user's own voices and their links under `USER#<id>`. */
export class DynamoVoiceRepository implements VoiceRepository {
  private readonly clones: PlanCounter;

  constructor(private readonly table: TableRef) {
    this.clones = new PlanCounter(table, keys.voiceClones, (userId) => this.countPrivate(userId));
  }

  private partitionOf(voice: Voice): string {
    return voice.visibility === 'public' || !voice.userId ? keys.publicVoices() : keys.user(voice.userId);
  }

  listPublic(): Promise<Voice[]> {
    return queryAll(this.table, voiceSchema, { partitionKey: keys.publicVoices(), sortKeyPrefix: voicePrefix });
  }

  listPrivate(userId: string): Promise<Voice[]> {
    return queryAll(this.table, voiceSchema, { partitionKey: keys.user(userId), sortKeyPrefix: voicePrefix });
  }

  async find(userId: string, id: string): Promise<Voice | undefined> {
    for (const pk of [keys.publicVoices(), keys.user(userId)]) {
      const result = await this.table.client.send(new GetCommand({ TableName: this.table.tableName, Key: { pk, sk: keys.voice(id) } }));
      if (result.Item) return voiceSchema.parse(result.Item);
    }
    return undefined;
  }

  async seedPublic(voices: Voice[]): Promise<void> {
    await Promise.all(
      voices.map((voice) =>
        this.table.client
          .send(
            new PutCommand({
              TableName: this.table.tableName,
              Item: { pk: keys.publicVoices(), sk: keys.voice(voice.id), ...voice },
              ConditionExpression: 'attribute_not_exists(pk)',
            }),
          )
          .catch((error: unknown) => {
            if (!isConditionFailure(error)) throw error;
          }),
      ),
    );
  }

  /**
   * The voice, its link and the clone counter (`USER#<id>/VOICE_CLONES`) in one transaction: the counter
   * only rises while it is below the limit, and is seeded from a count of the user's voices when it does
   * not exist yet (voices made before it); a lost seed or a conflict is tried again (plan-counter.ts).
   */
  async createPrivate(voice: Voice, link: UserVoice, limit: number): Promise<void> {
    const pk = keys.user(link.userId);
    const outcome = await this.clones.change(
      link.userId,
      [
        { Put: { TableName: this.table.tableName, Item: { pk, sk: keys.voice(voice.id), ...voice }, ConditionExpression: 'attribute_not_exists(pk)' } },
        { Put: { TableName: this.table.tableName, Item: { pk, sk: keys.userVoice(voice.id), ...link } } },
      ],
      1,
      limit,
    );
    if (outcome === 'record') throw new Error(`voice ${voice.id} exists`);
    if (outcome === 'limit') throw new VoiceCloneLimitReachedError(Math.max((await this.clones.current(link.userId)) ?? (await this.countPrivate(link.userId)), limit));
    if (link.isDefault) await this.clearOtherDefaults(link);
  }

  /** One default voice per user: the new default's siblings lose the flag. */
  private async clearOtherDefaults(link: UserVoice): Promise<void> {
    for (const other of (await this.links(link.userId)).filter((l) => l.isDefault && l.voiceId !== link.voiceId)) {
      await this.table.client.send(
        new UpdateCommand({
          TableName: this.table.tableName,
          Key: { pk: keys.user(link.userId), sk: keys.userVoice(other.voiceId) },
          UpdateExpression: 'SET isDefault = :false',
          ExpressionAttributeValues: { ':false': false },
        }),
      );
    }
  }

  /**
   * The voice, its link and the counter's decrement in one transaction; the voice must still be
   * there (a second delete changes nothing). A counter already at zero stays there.
   */
  async deletePrivate(userId: string, voiceId: string): Promise<boolean> {
    const pk = keys.user(userId);
    const outcome = await this.clones.change(
      userId,
      [
        {
          Delete: {
            TableName: this.table.tableName,
            Key: { pk, sk: keys.voice(voiceId) },
            ConditionExpression: 'attribute_exists(pk) AND #visibility = :private',
            ExpressionAttributeNames: { '#visibility': 'visibility' },
            ExpressionAttributeValues: { ':private': 'private' },
          },
        },
        { Delete: { TableName: this.table.tableName, Key: { pk, sk: keys.userVoice(voiceId) } } },
      ],
      -1,
    );
    return outcome === 'written';
  }

  async saveLink(link: UserVoice): Promise<void> {
    await this.table.client.send(new PutCommand({ TableName: this.table.tableName, Item: { pk: keys.user(link.userId), sk: keys.userVoice(link.voiceId), ...link } }));
    if (link.isDefault) await this.clearOtherDefaults(link);
  }

  async setSampleKey(voice: Voice, key: string): Promise<void> {
    await this.table.client.send(
      new UpdateCommand({
        TableName: this.table.tableName,
        Key: { pk: this.partitionOf(voice), sk: keys.voice(voice.id) },
        UpdateExpression: 'SET sampleKey = :key',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':key': key },
      }),
    );
  }

  links(userId: string): Promise<UserVoice[]> {
    return queryAll(this.table, userVoiceSchema, { partitionKey: keys.user(userId), sortKeyPrefix: linkPrefix });
  }

  async countPrivate(userId: string): Promise<number> {
    const result = await this.table.client.send(
      new QueryCommand({
        TableName: this.table.tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': keys.user(userId), ':prefix': voicePrefix },
        Select: 'COUNT',
      }),
    );
    return result.Count ?? 0;
  }
}
