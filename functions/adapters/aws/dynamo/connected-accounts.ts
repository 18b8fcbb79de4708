import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { ConnectedAccountStatus } from '../../../contract/publishing';
import type { ConnectedAccountStore, CreateOutcome, StoredAccount, TokenUpdate } from '../../../core/ports/publishing';
import { PlanCounter, countUnder } from './plan-counter';
import { connectedAccountEntity, publishingKeys } from './publishing-entities';
import { updateIf, type TableRef } from './table';

/** Connected accounts in the single table; the plan limit held by `PlanCounter`'s transaction. */
export class DynamoConnectedAccounts implements ConnectedAccountStore {
  private readonly counter: PlanCounter;

  constructor(private readonly table: TableRef) {
    this.counter = new PlanCounter(table, publishingKeys.accountCounter, countUnder(table, publishingKeys.accountPrefix));
  }

  private key(userId: string, accountId: string) {
    return connectedAccountEntity.key({ userId, id: accountId });
  }

  async list(userId: string): Promise<StoredAccount[]> {
    // A handful per user (the plan's limit is at most 10): one page, read consistently so a connect just made shows.
    const { Items = [] } = await this.table.client.send(
      new QueryCommand({
        TableName: this.table.tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':prefix': publishingKeys.accountPrefix },
        ConsistentRead: true,
        Limit: 100,
      }),
    );
    return Items.map((item) => connectedAccountEntity.parse(item)).sort((a, b) => a.connectedAt.localeCompare(b.connectedAt) || a.id.localeCompare(b.id));
  }

  async get(userId: string, accountId: string): Promise<StoredAccount | undefined> {
    return connectedAccountEntity.get(this.table, { userId, id: accountId }, { consistent: true });
  }

  async count(userId: string): Promise<number> {
    return (await this.counter.current(userId)) ?? (await countUnder(this.table, publishingKeys.accountPrefix)(userId));
  }

  async create(account: StoredAccount, limit: number): Promise<CreateOutcome> {
    const outcome = await this.counter.change(
      account.userId,
      [connectedAccountEntity.newItem(this.table, account)],
      1,
      limit,
    );
    return outcome === 'record' ? 'exists' : outcome;
  }

  async replaceTokens(userId: string, accountId: string, update: TokenUpdate, expectedVersion?: number): Promise<boolean> {
    const values: Record<string, unknown> = {
      ':sealed': update.sealedTokens,
      ':expires': update.accessExpiresAt,
      ':connected': 'connected',
      ':one': 1,
      ':now': new Date().toISOString(),
      ...(update.displayName !== undefined ? { ':name': update.displayName } : {}),
      ...(expectedVersion !== undefined ? { ':version': expectedVersion } : {}),
    };
    return updateIf(this.table, {
      Key: this.key(userId, accountId),
      UpdateExpression: `SET sealedTokens = :sealed, accessExpiresAt = :expires, #status = :connected, tokenVersion = tokenVersion + :one, updatedAt = :now${update.displayName !== undefined ? ', displayName = :name' : ''} REMOVE refreshingUntil`,
      ConditionExpression: expectedVersion !== undefined ? 'attribute_exists(pk) AND tokenVersion = :version' : 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: values,
    });
  }

  async claimRefresh(userId: string, accountId: string, expectedVersion: number, now: number, until: number): Promise<boolean> {
    return updateIf(this.table, {
      Key: this.key(userId, accountId),
      UpdateExpression: 'SET refreshingUntil = :until',
      ConditionExpression: 'attribute_exists(pk) AND tokenVersion = :version AND (attribute_not_exists(refreshingUntil) OR refreshingUntil < :now)',
      ExpressionAttributeValues: { ':until': until, ':version': expectedVersion, ':now': now },
    });
  }

  async markStatus(userId: string, accountId: string, status: ConnectedAccountStatus, expectedVersion: number): Promise<boolean> {
    return updateIf(this.table, {
      Key: this.key(userId, accountId),
      UpdateExpression: 'SET #status = :status, updatedAt = :now REMOVE refreshingUntil',
      ConditionExpression: 'attribute_exists(pk) AND tokenVersion = :version',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':status': status, ':version': expectedVersion, ':now': new Date().toISOString() },
    });
  }

  async remove(userId: string, accountId: string): Promise<boolean> {
    const outcome = await this.counter.change(
      userId,
      [{ Delete: { TableName: this.table.tableName, Key: this.key(userId, accountId), ConditionExpression: 'attribute_exists(pk)' } }],
      -1,
    );
    return outcome === 'written';
  }
}
