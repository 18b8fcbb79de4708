import { z } from 'zod';
import { apiKeyScopes, apiRateWindowSeconds } from '../../../contract/rules/api-keys';
import { tiers } from '../../../contract/users';
import type { ApiKeyCreateOutcome, ApiKeyLookup, ApiKeyStore, StoredApiKey } from '../../../core/ports/api-keys';
import { defineEntity, ownedById, where } from './entity';
import { PlanCounter, countUnder } from './plan-counter';
import { type TableRef } from './table';

/**
 * API keys in the single table (docs/decisions/api-keys.md):
 * - the owner's record `USER#<id>` / `APIKEY#<key id>`: what Settings lists and the export carries (no hash);
 * - the lookup `APIKEY#<key id>` / `LOOKUP`: the secret's hash, the owner, scopes, expiry and the plan, read
 *   by a call with the key (one strongly consistent GetItem by the key's id);
 * - the call windows `APIKEY#<key id>` / `RATE#<window start>`: one counter per key and minute, gone by TTL.
 * Creating and revoking write the record and the lookup together with the plan counter `COUNT#APIKEYS`.
 */
export const apiKeyKeys = {
  record: (keyId: string) => `APIKEY#${keyId}`,
  recordPrefix: 'APIKEY#',
  counter: 'COUNT#APIKEYS',
  lookup: (keyId: string) => `APIKEY#${keyId}`,
} as const;

const storedApiKeySchema = z.object({
  id: z.string(),
  userId: z.string(),
  name: z.string(),
  scopes: z.array(z.enum(apiKeyScopes)),
  prefix: z.string(),
  createdAt: z.string(),
  expiresOn: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
}) satisfies z.ZodType<StoredApiKey>;

export const apiKeyEntity = defineEntity<StoredApiKey>({
  type: 'ApiKey',
  schema: storedApiKeySchema,
  ...ownedById(apiKeyKeys.record),
  // Which keys: the record holds neither a key nor its hash (those are only in the lookup, never exported).
  export: { file: 'api-keys.json' },
});

const lookupSchema = z.object({
  keyId: z.string(),
  userId: z.string(),
  secretHash: z.string(),
  scopes: z.array(z.enum(apiKeyScopes)),
  expiresOn: z.string().nullable(),
  tier: z.enum(tiers),
  lastUsedAtMs: z.number().optional(),
}) satisfies z.ZodType<ApiKeyLookup>;

/** The key's lookup, outside the owner's partition (the closure's plan names it). */
export const apiKeyLookupEntity = defineEntity<ApiKeyLookup>({
  type: 'ApiKeyLookup',
  schema: lookupSchema,
  pk: { uses: ['keyId'], build: (lookup) => apiKeyKeys.lookup(lookup.keyId) },
  sk: { uses: [], build: () => 'LOOKUP' },
});

const windowSchema = z.object({ keyId: z.string(), windowStart: z.number(), count: z.number().optional() });

/** One key's calls in one window; DynamoDB's TTL removes it a couple of minutes after the window. */
export const apiRateWindowEntity = defineEntity<z.infer<typeof windowSchema>>({
  type: 'ApiRateWindow',
  schema: windowSchema,
  pk: { uses: ['keyId'], build: (w) => apiKeyKeys.lookup(w.keyId) },
  sk: { uses: ['windowStart'], build: (w) => `RATE#${w.windowStart}` },
  derived: { expiresAt: { uses: ['windowStart'], build: (w) => Math.ceil(w.windowStart / 1000) + apiRateWindowSeconds + 120 } },
});

export class DynamoApiKeys implements ApiKeyStore {
  private readonly counter: PlanCounter;

  constructor(private readonly table: TableRef) {
    this.counter = new PlanCounter(table, apiKeyKeys.counter, countUnder(table, apiKeyKeys.recordPrefix));
  }

  async create(key: StoredApiKey, lookup: ApiKeyLookup, limit: number): Promise<ApiKeyCreateOutcome> {
    const outcome = await this.counter.change(key.userId, [apiKeyEntity.newItem(this.table, key), apiKeyLookupEntity.newItem(this.table, lookup)], 1, limit);
    if (outcome === 'record') throw new Error('API key id already in use');
    return outcome;
  }

  async list(userId: string): Promise<StoredApiKey[]> {
    // At most the plan's limit (50): one consistent page, so a key just made or revoked shows as it is.
    const { items } = await apiKeyEntity.page(this.table, 'partition', { userId }, { consistentRead: true, limit: 100 });
    return items.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  }

  async remove(userId: string, keyId: string): Promise<boolean> {
    const outcome = await this.counter.change(
      userId,
      [
        apiKeyEntity.deleteItem(this.table, { userId, id: keyId }, where.itemExists()),
        apiKeyLookupEntity.deleteItem(this.table, { keyId }, where.eq('userId', userId)),
      ],
      -1,
    );
    return outcome === 'written';
  }

  lookup(keyId: string): Promise<ApiKeyLookup | undefined> {
    return apiKeyLookupEntity.get(this.table, { keyId }, { consistent: true });
  }

  async markUsed(lookup: ApiKeyLookup, nowMs: number, staleBeforeMs: number, tier: ApiKeyLookup['tier']): Promise<boolean> {
    const claimed = await apiKeyLookupEntity.updateIf(
      this.table,
      { keyId: lookup.keyId },
      {
        set: { lastUsedAtMs: nowMs, tier },
        condition: where.and(where.itemExists(), where.or(where.absent('lastUsedAtMs'), where.le('lastUsedAtMs', staleBeforeMs))),
      },
    );
    if (!claimed) return false;
    // The owner's copy for the list; a key revoked in between stays deleted.
    await apiKeyEntity.updateIf(
      this.table,
      { userId: lookup.userId, id: lookup.keyId },
      { set: { lastUsedAt: new Date(nowMs).toISOString() }, condition: where.itemExists() },
    );
    return true;
  }

  async countCall(keyId: string, windowStartMs: number): Promise<number> {
    const attributes = await apiRateWindowEntity.update(
      this.table,
      { keyId, windowStart: windowStartMs },
      { add: { count: 1 }, upsert: true, returns: 'UPDATED_NEW' },
    );
    const count = attributes?.count;
    return typeof count === 'number' ? count : 1;
  }
}
