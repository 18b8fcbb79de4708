import { z } from 'zod';
import { apiKeyBounds, apiKeyMessages, apiKeyScopes, type ApiKeyScope } from './rules/api-keys';

export { apiKeyScopes, apiKeyMessages, apiKeyLimits, apiKeyBounds, type ApiKeyScope } from './rules/api-keys';

/**
 * API keys (Settings → API keys; the cookie session only, never with a key):
 *
 * - `POST /api/api-keys` `CreateApiKeyRequest` → 201 `CreatedApiKey`, the only answer that holds `key`.
 *   403 `API_KEY_LIMIT` at the plan's limit; 400 for a bad name, scopes or expiry.
 * - `GET /api/api-keys` → `ApiKey[]`, oldest first, never a key or its hash.
 * - `DELETE /api/api-keys/{id}` → 204; 404 when it is not one of the user's keys. Effective on the next call.
 *
 * A call with `Authorization: Bearer <key>` is judged by the key alone: 401 for a wrong, revoked or
 * expired key (even beside a session cookie), 403 when the route needs a scope the key lacks or no key
 * may call it, 429 past the plan's calls a minute (with `Retry-After` and `RateLimit-*`).
 */
const dayMs = 86_400_000;

export const createApiKeySchema = z
  .object({
    name: z.string().trim().min(1, apiKeyMessages.nameRequired).max(apiKeyBounds.nameMax),
    scopes: z
      .array(z.enum(apiKeyScopes))
      .min(1, apiKeyMessages.scopesRequired)
      .max(apiKeyScopes.length)
      .refine((scopes) => new Set(scopes).size === scopes.length, 'Each scope may be named once'),
    /** ISO 8601 with an offset; in the future and at most two years away. */
    expiresAt: z.iso
      .datetime({ offset: true })
      .nullable()
      .optional()
      .refine((value) => value == null || Date.parse(value) > Date.now(), apiKeyMessages.expiryInPast)
      .refine((value) => value == null || Date.parse(value) <= Date.now() + apiKeyBounds.expiryMaxDays * dayMs, apiKeyMessages.expiryTooFar),
  })
  .strict();
export type CreateApiKeyRequest = z.infer<typeof createApiKeySchema>;

export const apiKeyIdParamsSchema = z.object({ id: z.string().min(1).max(64) });

/** A key as listed: never the key itself. */
export interface ApiKey {
  id: string;
  name: string;
  scopes: ApiKeyScope[];
  /** The key's first characters, `rsk_abcd`, to tell keys apart. */
  prefix: string;
  createdAt: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
}

/** The answer of POST /api/api-keys: the key, shown this once. */
export interface CreatedApiKey extends ApiKey {
  key: string;
}

/** The answers as schemas (the OpenAPI document, platform/openapi). */
const apiKeyShape = z.object({
  id: z.string(),
  name: z.string(),
  scopes: z.array(z.enum(apiKeyScopes)),
  prefix: z.string(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
});
export const apiKeySchema: z.ZodType<ApiKey> = apiKeyShape;
export const createdApiKeySchema: z.ZodType<CreatedApiKey> = apiKeyShape.extend({ key: z.string() });
