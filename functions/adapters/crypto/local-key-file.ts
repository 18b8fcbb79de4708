import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { DataKey, DataKeys } from './data-keys';

/**
 * The local runtime's token key: 32 random bytes in a file (mode 0600), made on first use,
 * e.g. `.data/publishing-token.key`. Sealed values name it by a hash of the key (`local:<16 hex>`), so a
 * replaced key file fails to open old values instead of opening them wrongly.
 */
export class LocalKeyFileDataKeys implements DataKeys {
  private key: DataKey | undefined;

  constructor(private readonly path: string) {}

  private load(): DataKey {
    if (this.key) return this.key;
    let bytes: Buffer;
    try {
      bytes = readFileSync(this.path);
    } catch {
      mkdirSync(dirname(this.path), { recursive: true });
      bytes = randomBytes(32);
      try {
        writeFileSync(this.path, bytes, { mode: 0o600, flag: 'wx' });
      } catch {
        // Another process made it first: use theirs.
        bytes = readFileSync(this.path);
      }
      chmodSync(this.path, 0o600);
    }
    if (bytes.byteLength !== 32) throw new Error(`${this.path} must hold exactly 32 bytes`);
    this.key = { plaintext: new Uint8Array(bytes), wrapped: `local:${createHash('sha256').update(bytes).digest('hex').slice(0, 16)}` };
    return this.key;
  }

  current(): Promise<DataKey> {
    return new Promise((resolve) => resolve(this.load()));
  }

  unwrap(wrapped: string): Promise<Uint8Array> {
    return this.current().then((key) => {
      if (wrapped !== key.wrapped) throw new Error('sealed with another local key');
      return key.plaintext;
    });
  }
}
