import { createHash, randomBytes } from 'node:crypto';

/**
 * PKCE (RFC 7636) with S256: a verifier of 43 base64url characters (32 random bytes, within the RFC's
 * 43–128 of the unreserved set) and its challenge, BASE64URL(SHA-256(verifier)) without padding.
 */
export function newCodeVerifier(): string {
  return randomBytes(32).toString('base64url');
}

export function codeChallengeOf(verifier: string): string {
  if (!/^[A-Za-z0-9\-._~]{43,128}$/.test(verifier)) throw new Error('A PKCE verifier is 43 to 128 unreserved characters');
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}
