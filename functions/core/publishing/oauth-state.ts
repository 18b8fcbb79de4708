import { hashSecret, newSecret } from '../ids';

/**
 * The `state` of an authorization: 32 random bytes, base64url, given to the platform and
 * back in the callback. Only its hash is stored (a key outside the user's partition, found by the
 * callback), with the user, platform, PKCE verifier and return path; it is taken once by a conditional
 * delete and refused after `stateLifetimeMs`.
 */
export const stateLifetimeMs = 10 * 60 * 1000;

export function newState(): { value: string; hash: string } {
  const value = newSecret(32);
  return { value, hash: hashSecret(value) };
}

export function stateHashOf(value: string): string {
  return hashSecret(value);
}
