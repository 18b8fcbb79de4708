import type { ApiKey, CreateApiKeyRequest, CreatedApiKey } from '../../contract/api-keys';
import { apiKeyMessages } from '../../contract/rules/api-keys';
import type { Tier } from '../../contract/users';
import { LimitExceededError, NotFoundError } from '../errors';
import type { ApiKeyStore, StoredApiKey } from '../ports/api-keys';
import { newApiKey } from './api-key';

export interface ApiKeyServiceDeps {
  store: ApiKeyStore;
  /** The user's plan (the limit on keys, and the first plan a key's calls are limited by). */
  tierOf: (userId: string) => Promise<Tier>;
  limitOf: (tier: Tier) => number;
  clock?: () => number;
}

export function toApiKey(stored: StoredApiKey): ApiKey {
  return {
    id: stored.id,
    name: stored.name,
    scopes: stored.scopes,
    prefix: stored.prefix,
    createdAt: stored.createdAt,
    expiresAt: stored.expiresOn,
    lastUsedAt: stored.lastUsedAt,
  };
}

/** Settings → API keys: create (the key answered once), list, revoke. Reached only with a session cookie. */
export class ApiKeyService {
  constructor(private readonly deps: ApiKeyServiceDeps) {}

  async create(userId: string, request: CreateApiKeyRequest): Promise<CreatedApiKey> {
    const made = newApiKey();
    const now = new Date((this.deps.clock ?? Date.now)()).toISOString();
    const tier = await this.deps.tierOf(userId);
    const limit = this.deps.limitOf(tier);
    const scopes = [...request.scopes];
    const expiresOn = request.expiresAt ? new Date(request.expiresAt).toISOString() : null;
    const stored: StoredApiKey = { id: made.id, userId, name: request.name, scopes, prefix: made.prefix, createdAt: now, expiresOn, lastUsedAt: null };
    const outcome = await this.deps.store.create(stored, { keyId: made.id, userId, secretHash: made.secretHash, scopes, expiresOn, tier }, limit);
    if (outcome === 'limit') throw new LimitExceededError(apiKeyMessages.limitReached, { limit }, 'API_KEY_LIMIT');
    return { ...toApiKey(stored), key: made.key };
  }

  async list(userId: string): Promise<ApiKey[]> {
    return (await this.deps.store.list(userId)).map(toApiKey);
  }

  async revoke(userId: string, keyId: string): Promise<void> {
    if (!(await this.deps.store.remove(userId, keyId))) throw new NotFoundError(apiKeyMessages.notFound);
  }
}
