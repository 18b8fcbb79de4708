import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { TokenSealer } from '../../core/ports/publishing';
import type { DataKeys } from './data-keys';

/**
 * AES-256-GCM sealing of secrets (platform tokens) with node:crypto. A sealed value is
 * `v1.<wrapped key>.<iv>.<tag>.<ciphertext>` (base64url parts): a 96-bit random IV per value, the
 * 128-bit tag, and the caller's context (`<userId>/<accountId>`) as additional data, so a value copied
 * to another record, or altered, does not open.
 */
const version = 'v1';

export class SealedValueError extends Error {
  override name = 'SealedValueError';
}

export class AesGcmTokenSealer implements TokenSealer {
  constructor(private readonly keys: DataKeys) {}

  async seal(plaintext: string, context: string): Promise<string> {
    const key = await this.keys.current();
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key.plaintext, iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    const parts = [Buffer.from(key.wrapped, 'utf8'), iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url'));
    return [version, ...parts].join('.');
  }

  async open(sealed: string, context: string): Promise<string> {
    const parts = sealed.split('.');
    if (parts.length !== 5 || parts[0] !== version) throw new SealedValueError('not a sealed value');
    const [wrapped, iv, tag, ciphertext] = parts.slice(1).map((part) => Buffer.from(part, 'base64url'));
    if (!wrapped || !iv || !tag || !ciphertext || iv.byteLength !== 12 || tag.byteLength !== 16) throw new SealedValueError('not a sealed value');
    const key = await this.keys.unwrap(wrapped.toString('utf8'));
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(tag);
    try {
      return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
    } catch {
      throw new SealedValueError('the sealed value does not open (altered, or another record or key)');
    }
  }
}
