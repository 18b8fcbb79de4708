import { GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { VoiceCloneLimitReachedError, type VoiceRepository } from '../../../core/ports/voices';
import { userVoiceSchema, voiceSchema, type UserVoice, type Voice } from '../../../core/voices/voice';
import { keys } from './keys';
import { isConditionFailure, queryAll, type TableRef } from './table';

const voicePrefix = keys.voice('');

const cancellation = z.object({ name: z.literal('TransactionCanceledException'), CancellationReasons: z.array(z.object({ Code: z.string().optional() })).optional() });

/** Why item `index` of a cancelled transaction failed (`ConditionalCheckFailed`, …), if it did. */
function cancellationCode(error: unknown, index: number): string | undefined {
  return cancellation.safeParse(error).data?.CancellationReasons?.[index]?.Code;
}
const linkPrefix = keys.userVoice('');

/** Presets under `VOICES#public`; a user's own voices and their links under `USER#<id>`. */
export class DynamoVoiceRepository implements VoiceRepository {
  constructor(private readonly table: TableRef) {}

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
   * The voice, its link and the clone counter in one transaction. The counter (`USER#<id>/VOICE_CLONES`)
   * only rises while it is below the limit; a user without a counter yet (voices made before it
   * existed) gets one seeded from a count of their voices, created only if still absent. A lost race
   * for the seed is tried again against the counter the winner wrote.
   */
  async createPrivate(voice: Voice, link: UserVoice, limit: number): Promise<void> {
    const pk = keys.user(link.userId);
    const counterKey = { pk, sk: keys.voiceClones };
    for (let attempt = 0; attempt < 3; attempt++) {
      const current = await this.table.client.send(new GetCommand({ TableName: this.table.tableName, Key: counterKey, ConsistentRead: true }));
      const seeded = current.Item === undefined;
      let counterWrite: NonNullable<TransactWriteCommandInput['TransactItems']>[number];
      if (seeded) {
        const existing = await this.countPrivate(link.userId);
        if (existing >= limit) throw new VoiceCloneLimitReachedError(existing);
        counterWrite = { Put: { TableName: this.table.tableName, Item: { ...counterKey, count: existing + 1 }, ConditionExpression: 'attribute_not_exists(pk)' } };
      } else {
        counterWrite = {
          Update: {
            TableName: this.table.tableName,
            Key: counterKey,
            UpdateExpression: 'SET #count = #count + :one',
            ConditionExpression: '#count < :limit',
            ExpressionAttributeNames: { '#count': 'count' },
            ExpressionAttributeValues: { ':one': 1, ':limit': limit },
          },
        };
      }
      try {
        await this.table.client.send(
          new TransactWriteCommand({
            TransactItems: [
              { Put: { TableName: this.table.tableName, Item: { pk, sk: keys.voice(voice.id), ...voice }, ConditionExpression: 'attribute_not_exists(pk)' } },
              { Put: { TableName: this.table.tableName, Item: { pk, sk: keys.userVoice(voice.id), ...link } } },
              counterWrite,
            ],
          }),
        );
      } catch (error) {
        if (cancellationCode(error, 2) !== 'ConditionalCheckFailed') throw error;
        if (seeded) continue;
        const count = z.object({ count: z.number() }).safeParse(current.Item).data?.count ?? limit;
        throw new VoiceCloneLimitReachedError(Math.max(count, limit));
      }
      if (link.isDefault) await this.clearOtherDefaults(link);
      return;
    }
    throw new Error('The voice counter kept changing; try again');
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
   * there (a second delete changes nothing). A user without a counter (voices made before it) is
   * seeded from the count on their next clone, so there is nothing to give back.
   */
  async deletePrivate(userId: string, voiceId: string): Promise<boolean> {
    const pk = keys.user(userId);
    const counterKey = { pk, sk: keys.voiceClones };
    const counter = await this.table.client.send(new GetCommand({ TableName: this.table.tableName, Key: counterKey, ConsistentRead: true }));
    const items: NonNullable<TransactWriteCommandInput['TransactItems']> = [
      { Delete: { TableName: this.table.tableName, Key: { pk, sk: keys.voice(voiceId) }, ConditionExpression: 'attribute_exists(pk) AND #visibility = :private', ExpressionAttributeNames: { '#visibility': 'visibility' }, ExpressionAttributeValues: { ':private': 'private' } } },
      { Delete: { TableName: this.table.tableName, Key: { pk, sk: keys.userVoice(voiceId) } } },
    ];
    if (counter.Item !== undefined) {
      items.push({
        Update: {
          TableName: this.table.tableName,
          Key: counterKey,
          UpdateExpression: 'SET #count = #count - :one',
          ConditionExpression: '#count > :zero',
          ExpressionAttributeNames: { '#count': 'count' },
          ExpressionAttributeValues: { ':one': 1, ':zero': 0 },
        },
      });
    }
    try {
      await this.table.client.send(new TransactWriteCommand({ TransactItems: items }));
      return true;
    } catch (error) {
      if (cancellationCode(error, 0) === 'ConditionalCheckFailed') return false;
      // A counter already at zero (written by hand, or out of step): the voice still goes, uncounted.
      if (cancellationCode(error, 2) === 'ConditionalCheckFailed') {
        await this.table.client.send(new TransactWriteCommand({ TransactItems: items.slice(0, 2) }));
        return true;
      }
      throw error;
    }
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
