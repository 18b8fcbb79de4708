import type { ApiKeyScope } from '../../contract/rules/api-keys';
import type { Tier } from '../../contract/users';

/**
 * API keys: what the keys domain needs of the table. The owner's record is what lists show; the
 * lookup, found by the key's id alone, is what a call with the key is judged by and the only place the
 * secret's hash is kept. Neither holds the key.
 */
export interface StoredApiKey {
  id: string;
  userId: string;
  name: string;
  scopes: ApiKeyScope[];
  prefix: string;
  createdAt: string;
  expiresOn: string | null;
  lastUsedAt: string | null;
}

export interface ApiKeyLookup {
  keyId: string;
  userId: string;
  /** SHA-256 of the secret part, hex. */
  secretHash: string;
  scopes: ApiKeyScope[];
  expiresOn: string | null;
  /** The owner's plan when last read (at most a minute old on a key in use): what its calls are limited by. */
  tier: Tier;
  /** When a call last marked the key used (epoch ms); absent until its first call. */
  lastUsedAtMs?: number;
}

export type ApiKeyCreateOutcome = 'written' | 'limit';

export interface ApiKeyStore {
  /** Writes the record and its lookup, counted against `limit` in one transaction. */
  create(key: StoredApiKey, lookup: ApiKeyLookup, limit: number): Promise<ApiKeyCreateOutcome>;
  list(userId: string): Promise<StoredApiKey[]>;
  /** Deletes the record and its lookup together; false when the user has no such key. */
  remove(userId: string, keyId: string): Promise<boolean>;
  /** The lookup of a key id, read strongly consistently (a revocation holds on the next call). */
  lookup(keyId: string): Promise<ApiKeyLookup | undefined>;
  /**
   * Marks the key used at `nowMs` with the owner's plan as now read, unless another call did so after
   * `staleBeforeMs` (a conditional write, so many calls at once write once); true when this call wrote.
   */
  markUsed(lookup: ApiKeyLookup, nowMs: number, staleBeforeMs: number, tier: Tier): Promise<boolean>;
  /** Counts a call in the key's one-minute window starting at `windowStartMs` (one atomic ADD): the window's count with it. */
  countCall(keyId: string, windowStartMs: number): Promise<number>;
}
