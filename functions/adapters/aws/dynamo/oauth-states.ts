import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { OAuthState, OAuthStateStore } from '../../../core/ports/publishing';
import { oauthStateEntity, oauthStateSchema, publishingKeys } from './publishing-entities';
import { isConditionFailure, type TableRef } from './table';

const stateSchema = oauthStateSchema.omit({ stateHash: true });

/**
 * Pending authorizations under the hash of their state: put once, taken once by a delete
 * conditioned on being unexpired (and the user's, when the callback has a session). `expiresAt` (s) is
 * the table's TTL, which clears states never used.
 */
export class DynamoOAuthStates implements OAuthStateStore {
  constructor(private readonly table: TableRef) {}

  async save(stateHash: string, state: OAuthState): Promise<void> {
    await this.table.client.send(
      new PutCommand({
        TableName: this.table.tableName,
        Item: oauthStateEntity.item({
          stateHash,
          userId: state.userId,
          platform: state.platform,
          ...(state.codeVerifier ? { codeVerifier: state.codeVerifier } : {}),
          returnUrl: state.returnUrl,
          expiresAtMs: state.expiresAt,
        }),
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  }

  async take(stateHash: string, now: number, userId?: string): Promise<OAuthState | undefined> {
    try {
      const { Attributes } = await this.table.client.send(
        new DeleteCommand({
          TableName: this.table.tableName,
          Key: publishingKeys.oauthState(stateHash),
          ConditionExpression: `attribute_exists(pk) AND expiresAtMs > :now${userId ? ' AND userId = :user' : ''}`,
          ExpressionAttributeValues: { ':now': now, ...(userId ? { ':user': userId } : {}) },
          ReturnValues: 'ALL_OLD',
        }),
      );
      const parsed = stateSchema.safeParse(Attributes);
      if (!parsed.success) return undefined;
      const { expiresAtMs, ...rest } = parsed.data;
      return { ...rest, expiresAt: expiresAtMs };
    } catch (error) {
      if (isConditionFailure(error)) return undefined;
      throw error;
    }
  }
}
