import type { ConnectedAccountStatus } from '../../../contract/publishing';
import type { ConnectedAccountStore, CreateOutcome, StoredAccount, TokenUpdate } from '../../../core/ports/publishing';
import { PlanCounter, countUnder } from './plan-counter';
import { connectedAccountEntity, publishingKeys } from './publishing-entities';
import { where } from './entity';
import { type TableRef } from './table';

/** Connected accounts in the single table; the plan limit held by `PlanCounter`'s transaction. */
export class DynamoConnectedAccounts implements ConnectedAccountStore {
  private readonly counter: PlanCounter;

  constructor(private readonly table: TableRef) {
    this.counter = new PlanCounter(table, publishingKeys.accountCounter, countUnder(table, publishingKeys.accountPrefix));
  }

  async list(userId: string): Promise<StoredAccount[]> {
    // A handful per user (the plan's limit is at most 10): one page, read consistently so a connect just made shows.
    const { items } = await connectedAccountEntity.page(this.table, 'partition', { userId }, { consistentRead: true, limit: 100 });
    return items.sort((a, b) => a.connectedAt.localeCompare(b.connectedAt) || a.id.localeCompare(b.id));
  }

  async get(userId: string, accountId: string): Promise<StoredAccount | undefined> {
    return connectedAccountEntity.get(this.table, { userId, id: accountId }, { consistent: true });
  }

  async count(userId: string): Promise<number> {
    return (await this.counter.current(userId)) ?? (await countUnder(this.table, publishingKeys.accountPrefix)(userId));
  }

  async create(account: StoredAccount, limit: number): Promise<CreateOutcome> {
    const outcome = await this.counter.change(account.userId, [connectedAccountEntity.newItem(this.table, account)], 1, limit);
    return outcome === 'record' ? 'exists' : outcome;
  }

  async replaceTokens(userId: string, accountId: string, update: TokenUpdate, expectedVersion?: number): Promise<boolean> {
    return connectedAccountEntity.updateIf(
      this.table,
      { userId, id: accountId },
      {
        // An undefined display name is left as it is.
        set: {
          sealedTokens: update.sealedTokens,
          accessExpiresAt: update.accessExpiresAt,
          status: 'connected',
          updatedAt: new Date().toISOString(),
          displayName: update.displayName,
        },
        add: { tokenVersion: 1 },
        remove: ['refreshingUntil'],
        condition: where.and(where.itemExists(), expectedVersion !== undefined && where.eq('tokenVersion', expectedVersion)),
      },
    );
  }

  async claimRefresh(userId: string, accountId: string, expectedVersion: number, now: number, until: number): Promise<boolean> {
    return connectedAccountEntity.updateIf(
      this.table,
      { userId, id: accountId },
      {
        set: { refreshingUntil: until },
        condition: where.and(
          where.itemExists(),
          where.eq('tokenVersion', expectedVersion),
          where.or(where.absent('refreshingUntil'), where.lt('refreshingUntil', now)),
        ),
      },
    );
  }

  async markStatus(userId: string, accountId: string, status: ConnectedAccountStatus, expectedVersion: number): Promise<boolean> {
    return connectedAccountEntity.updateIf(
      this.table,
      { userId, id: accountId },
      {
        set: { status, updatedAt: new Date().toISOString() },
        remove: ['refreshingUntil'],
        condition: where.and(where.itemExists(), where.eq('tokenVersion', expectedVersion)),
      },
    );
  }

  async remove(userId: string, accountId: string): Promise<boolean> {
    const outcome = await this.counter.change(userId, [connectedAccountEntity.deleteItem(this.table, { userId, id: accountId }, where.itemExists())], -1);
    return outcome === 'written';
  }
}
