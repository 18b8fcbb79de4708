import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { apiKeyIdLength, apiKeyPattern, apiKeyPrefix, apiKeyShownLength } from '../../contract/rules/api-keys';

/**
 * The key's shape: `rsk_<id>_<secret>`. The id (16 characters of lower-case base32, 80 random bits) names
 * the lookup and is not secret; the secret is 32 random bytes, base64url. Only SHA-256 of the secret is
 * stored: with 256 random bits there is nothing to guess, so a slow password hash would only slow every call.
 */
const base32 = 'abcdefghijklmnopqrstuvwxyz234567';

function newKeyId(): string {
  const bytes = randomBytes(apiKeyIdLength);
  let id = '';
  for (const byte of bytes) id += base32[byte & 31];
  return id;
}

export interface NewApiKey {
  id: string;
  key: string;
  secretHash: string;
  prefix: string;
}

export function hashKeySecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export function newApiKey(): NewApiKey {
  const id = newKeyId();
  const secret = randomBytes(32).toString('base64url');
  const key = `${apiKeyPrefix}${id}_${secret}`;
  return { id, key, secretHash: hashKeySecret(secret), prefix: key.slice(0, apiKeyShownLength) };
}

/** A presented key's id and secret, or undefined when it is not a key's shape. */
export function parseApiKey(presented: string): { id: string; secret: string } | undefined {
  const match = apiKeyPattern.exec(presented);
  if (!match?.[1] || !match[2]) return undefined;
  return { id: match[1], secret: match[2] };
}

/** Whether `secret` hashes to the stored hash, compared in constant time. */
export function secretMatches(secret: string, storedHash: string): boolean {
  const given = Buffer.from(hashKeySecret(secret), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/** The credential of an `Authorization` header: the bearer token, or undefined when the header is not a bearer one. */
export function bearerTokenOf(authorization: string | undefined): string | undefined {
  if (!authorization) return undefined;
  const match = /^\s*Bearer\s+(\S+)\s*$/i.exec(authorization);
  return match?.[1] ?? (/^\s*Bearer\b/i.test(authorization) ? '' : undefined);
}
