import { z } from 'zod';
import type { AccountDataStore, ClosurePlan, ExportFile, OwnedRecord } from '../../../core/ports/account-data';
import { normalizeEmail, normalizeUsername } from '../../../core/users/user';
import { closureEntity } from './closure-entity';
import { exportFiles, ownedRecordOf } from './entities';
import { keys } from './keys';
import { shareTokenEntity } from './share-links';
import { apiKeyLookupEntity } from './api-keys';
import { where } from './entity';
import { batchDelete, queryAll, unlessConditionFails, type TableRef } from './table';
import { stripeCustomerEntity } from './billing-store';
import { nameClaimEntity } from './user-repository';

const shareTokenKey = (tokenHash: string) => shareTokenEntity.key({ tokenHash });

const keySchema = z.object({ pk: z.string(), sk: z.string() });

/** Items deleted per `deleteOwned` call: one request's work stays bounded; the caller repeats. */
const deletePerCall = 2_000;

/**
 * A user's whole partition, for the export and the closing of the account. Deleting goes
 * by key only: a Query of `USER#<id>` (never a Scan, so no other user's item can be reached), the
 * lookups outside the partition named by the plan, and the username and email claims only while they
 * still name this user (a condition on `userId`).
 */
export class DynamoAccountData implements AccountDataStore {
  constructor(private readonly table: TableRef) {}

  private query<T>(userId: string, max: number, schema: z.ZodType<T>, attributes?: readonly string[]): Promise<T[]> {
    return queryAll(this.table, schema, { partitionKey: keys.user(userId), attributes, max, pageSize: 1_000 });
  }

  async ownedRecords(userId: string, max: number): Promise<OwnedRecord[]> {
    const items = await this.query(userId, max, z.record(z.string(), z.unknown()));
    return items.map((item) => ownedRecordOf(item));
  }

  exportFiles(): readonly ExportFile[] {
    return exportFiles;
  }

  private batchDelete(items: readonly { pk: string; sk: string }[]): Promise<void> {
    return batchDelete(this.table, items);
  }

  private async deleteClaim(pk: string, userId: string): Promise<void> {
    // A claim that names someone else now (or is gone) is not this user's to delete.
    await unlessConditionFails(nameClaimEntity.delete(this.table, { claim: pk }, { condition: where.eq('userId', userId) }));
  }

  async deleteOwned(plan: ClosurePlan): Promise<number> {
    // The keys' lookups first: a key stops working before anything else of the account goes.
    await this.batchDelete((plan.apiKeyIds ?? []).map((keyId) => apiKeyLookupEntity.key({ keyId })));
    await this.batchDelete(plan.shareTokenHashes.map((tokenHash) => shareTokenKey(tokenHash)));
    const read = await this.query(plan.userId, deletePerCall, keySchema, ['pk', 'sk']);
    const complete = read.length <= deletePerCall;
    const found = read.slice(0, deletePerCall);
    // The profile goes last (once nothing else is left), so a failure part-way leaves a user who can sign in and try again.
    const profile = found.filter((key) => key.sk === 'PROFILE');
    const rest = found.filter((key) => key.sk !== 'PROFILE');
    await this.batchDelete(rest);
    if (!complete) return rest.length;
    if (profile.length > 0) {
      await this.deleteClaim(keys.username(normalizeUsername(plan.username)), plan.userId);
      await this.deleteClaim(keys.email(normalizeEmail(plan.email)), plan.userId);
      await this.batchDelete(profile);
    }
    return found.length;
  }

  async deleteCustomerLink(customerId: string): Promise<void> {
    await stripeCustomerEntity.delete(this.table, { customerId });
  }

  async saveClosure(plan: ClosurePlan): Promise<void> {
    await closureEntity.put(this.table, plan);
  }

  async closureOf(userId: string): Promise<ClosurePlan | undefined> {
    return closureEntity.get(this.table, { userId }, { consistent: true });
  }

  async finishClosure(userId: string): Promise<void> {
    await closureEntity.delete(this.table, { userId });
  }
}
