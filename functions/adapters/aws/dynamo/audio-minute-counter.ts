import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { AudioMinuteCounter } from '../../../core/ports/voiceover';
import { round2 } from '../../../core/plans/usage-minutes';
import { keys } from './keys';
import { isConditionFailure, type TableRef } from './table';

const PROFILE = 'PROFILE';

/**
 * The audio-minute counter on the user's profile item, like the script-token counter: "check the
 * limit, then spend" is one conditional update, `used + minutes <= limit` written `used <= limit - minutes`
 * (DynamoDB's numbers are decimal, so two-decimal minutes add up exactly).
 */
export class DynamoAudioMinuteCounter implements AudioMinuteCounter {
  constructor(private readonly table: TableRef) {}

  async add(userId: string, minutes: number, limit: number): Promise<boolean> {
    if (minutes > limit) return false;
    try {
      await this.table.client.send(
        new UpdateCommand({
          TableName: this.table.tableName,
          Key: { pk: keys.user(userId), sk: PROFILE },
          UpdateExpression: 'SET audioMinutesUsed = if_not_exists(audioMinutesUsed, :zero) + :minutes',
          ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(audioMinutesUsed) OR audioMinutesUsed <= :ceiling)',
          ExpressionAttributeValues: { ':minutes': round2(minutes), ':ceiling': round2(limit - minutes), ':zero': 0 },
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }

  async reset(userId: string, expectedLastReset: string, now: Date): Promise<void> {
    try {
      await this.table.client.send(
        new UpdateCommand({
          TableName: this.table.tableName,
          Key: { pk: keys.user(userId), sk: PROFILE },
          UpdateExpression: 'SET audioMinutesUsed = :zero, audioMinutesLastReset = :now',
          ConditionExpression: 'audioMinutesLastReset = :expected',
          ExpressionAttributeValues: { ':zero': 0, ':now': now.toISOString(), ':expected': expectedLastReset },
        }),
      );
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }
}
