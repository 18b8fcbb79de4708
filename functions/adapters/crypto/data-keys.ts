/**
 * Where the token sealer's AES-256 keys come from. Envelope encryption: each sealed value
 * names, in `wrapped`, the data key it was sealed with, and `unwrap` gives that key back. In the cloud
 * the data key comes from KMS (`kms-data-keys.ts`: `wrapped` is the KMS ciphertext of the key); locally
 * it is a key file under `.data/` (`LocalKeyFileDataKeys`: `wrapped` is the file key's id).
 */
export interface DataKey {
  /** 32 bytes. */
  plaintext: Uint8Array;
  /** What a sealed value stores to find the key again (never the key itself). */
  wrapped: string;
}

export interface DataKeys {
  /** The key new values are sealed with. */
  current(): Promise<DataKey>;
  /** The key a sealed value names. */
  unwrap(wrapped: string): Promise<Uint8Array>;
}
