import { GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { VoiceRepository } from '../../../core/ports/voices';
import { userVoiceSchema, voiceSchema, type UserVoice, type Voice } from '../../../core/voices/voice';
import { keys } from './keys';
import { isConditionFailure, queryAll, type TableRef } from './table';

const voicePrefix = keys.voice('');
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

  async createPrivate(voice: Voice, link: UserVoice): Promise<void> {
    if (link.isDefault) {
      for (const other of (await this.links(link.userId)).filter((l) => l.isDefault)) {
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
    await this.table.client.send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: this.table.tableName, Item: { pk: keys.user(link.userId), sk: keys.voice(voice.id), ...voice }, ConditionExpression: 'attribute_not_exists(pk)' } },
          { Put: { TableName: this.table.tableName, Item: { pk: keys.user(link.userId), sk: keys.userVoice(voice.id), ...link } } },
        ],
      }),
    );
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
