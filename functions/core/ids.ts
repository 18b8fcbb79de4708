import { randomBytes, createHash } from 'node:crypto';
import { ulid } from 'ulid';

/** Time-sortable ids for records: newest first sorts by id. */
export function newId(): string {
  return ulid();
}

/** An unguessable secret: `bytes` random bytes, base64url. */
export function newSecret(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Secrets are stored only as their SHA-256 hash. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}
