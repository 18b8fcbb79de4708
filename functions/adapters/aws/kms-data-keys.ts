import { DecryptCommand, GenerateDataKeyCommand, type KMSClient } from '@aws-sdk/client-kms';
import type { DataKey, DataKeys } from '../crypto/data-keys';

/**
 * The cloud's token keys: a KMS data key (AES_256) made once per process by
 * GenerateDataKey under the stack's key, its plaintext kept in memory only and its KMS ciphertext
 * stored in each sealed value; a value sealed by another process is opened by Decrypt, remembered by
 * its ciphertext. Both calls carry an encryption context, so the key's policy can be narrowed to it.
 */
const encryptionContext = { purpose: 'reelsmith-publishing-tokens' };
const rememberedKeys = 100;

export class KmsDataKeys implements DataKeys {
  private currentKey: Promise<DataKey> | undefined;
  private readonly opened = new Map<string, Promise<Uint8Array>>();

  constructor(
    private readonly kms: Pick<KMSClient, 'send'>,
    private readonly keyId: string,
  ) {}

  current(): Promise<DataKey> {
    this.currentKey ??= this.generate().catch((error: unknown) => {
      this.currentKey = undefined;
      throw error;
    });
    return this.currentKey;
  }

  private async generate(): Promise<DataKey> {
    const answer = await this.kms.send(new GenerateDataKeyCommand({ KeyId: this.keyId, KeySpec: 'AES_256', EncryptionContext: encryptionContext }));
    if (!answer.Plaintext || !answer.CiphertextBlob) throw new Error('KMS answered no data key');
    const wrapped = Buffer.from(answer.CiphertextBlob).toString('base64');
    this.opened.set(wrapped, Promise.resolve(answer.Plaintext));
    return { plaintext: answer.Plaintext, wrapped };
  }

  unwrap(wrapped: string): Promise<Uint8Array> {
    const known = this.opened.get(wrapped);
    if (known) return known;
    const opening = this.kms
      .send(new DecryptCommand({ CiphertextBlob: Buffer.from(wrapped, 'base64'), KeyId: this.keyId, EncryptionContext: encryptionContext }))
      .then((answer) => {
        if (!answer.Plaintext) throw new Error('KMS answered no plaintext');
        return answer.Plaintext;
      });
    opening.catch(() => this.opened.delete(wrapped));
    if (this.opened.size >= rememberedKeys) this.opened.delete(this.opened.keys().next().value ?? '');
    this.opened.set(wrapped, opening);
    return opening;
  }
}
