import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { GenerateDataKeyCommand, type DecryptCommand } from '@aws-sdk/client-kms';
import { afterAll, describe, expect, it } from 'vitest';
import { KmsDataKeys } from '../../functions/adapters/aws/kms-data-keys';
import { AesGcmTokenSealer } from '../../functions/adapters/crypto/aes-gcm-token-sealer';
import { LocalKeyFileDataKeys } from '../../functions/adapters/crypto/local-key-file';
import { readConnectReturn } from '../../functions/contract/rules/publishing';
import { connectRequestSchema } from '../../functions/contract/publishing';
import { newState, stateHashOf, stateLifetimeMs } from '../../functions/core/publishing/oauth-state';
import { codeChallengeOf, newCodeVerifier } from '../../functions/core/publishing/pkce';

const dir = mkdtempSync(join(tmpdir(), 'reelsmith-token-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('token sealing (AES-256-GCM)', () => {
  const sealer = new AesGcmTokenSealer(new LocalKeyFileDataKeys(join(dir, 'a.key')));
  const secret = JSON.stringify({ accessToken: 'act.secret-access', refreshToken: 'rft.secret-refresh' });

  it('opens what it sealed, under the same context only; every seal differs and shows nothing of the secret', async () => {
    const sealed = await sealer.seal(secret, 'user-1/account-1');
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]{16}\.[\w-]{22}\.[\w-]+$/);
    expect(sealed).not.toContain('secret');
    expect(await sealer.open(sealed, 'user-1/account-1')).toBe(secret);
    expect(await sealer.seal(secret, 'user-1/account-1')).not.toBe(sealed);
    await expect(sealer.open(sealed, 'user-2/account-1')).rejects.toThrow(/does not open/);
  });

  it('refuses an altered value, another key, and what is not a sealed value', async () => {
    const sealed = await sealer.seal(secret, 'c');
    const parts = sealed.split('.');
    const ciphertext = Buffer.from(parts[4] ?? '', 'base64url');
    ciphertext[0] = (ciphertext[0] ?? 0) ^ 1;
    await expect(sealer.open([...parts.slice(0, 4), ciphertext.toString('base64url')].join('.'), 'c')).rejects.toThrow(/does not open/);
    const other = new AesGcmTokenSealer(new LocalKeyFileDataKeys(join(dir, 'b.key')));
    await expect(other.open(sealed, 'c')).rejects.toThrow(/another local key/);
    await expect(sealer.open('plain-token', 'c')).rejects.toThrow(/not a sealed value/);
  });

  it('makes the key file once, 32 bytes, readable by its owner only, and reads it again after a restart', async () => {
    const path = join(dir, 'nested', 'restart.key');
    const sealed = await new AesGcmTokenSealer(new LocalKeyFileDataKeys(path)).seal(secret, 'c');
    expect(readFileSync(path).byteLength).toBe(32);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(await new AesGcmTokenSealer(new LocalKeyFileDataKeys(path)).open(sealed, 'c')).toBe(secret);
    writeFileSync(join(dir, 'short.key'), Buffer.alloc(16));
    await expect(new LocalKeyFileDataKeys(join(dir, 'short.key')).current()).rejects.toThrow(/32 bytes/);
  });

  it('with KMS: one data key per process (GenerateDataKey), Decrypt for a value sealed elsewhere, both under the tokens’ encryption context', async () => {
    const plaintext = new Uint8Array(createHash('sha256').update('data key').digest());
    const blob = new Uint8Array(Buffer.from('kms-ciphertext-of-the-data-key'));
    const calls: { name: string; input: Record<string, unknown> }[] = [];
    const kms = {
      send: (command: GenerateDataKeyCommand | DecryptCommand) => {
        calls.push({ name: command.constructor.name, input: command.input as Record<string, unknown> });
        return Promise.resolve(command instanceof GenerateDataKeyCommand ? { Plaintext: plaintext, CiphertextBlob: blob } : { Plaintext: plaintext });
      },
    } as unknown as ConstructorParameters<typeof KmsDataKeys>[0];
    const writer = new AesGcmTokenSealer(new KmsDataKeys(kms, 'arn:aws:kms:eu-west-1:1:key/k'));
    const one = await writer.seal(secret, 'c');
    await writer.seal(secret, 'c');
    expect(calls.map((call) => call.name)).toEqual(['GenerateDataKeyCommand']);
    expect(calls[0]?.input).toMatchObject({
      KeyId: 'arn:aws:kms:eu-west-1:1:key/k',
      KeySpec: 'AES_256',
      EncryptionContext: { purpose: 'reelsmith-publishing-tokens' },
    });
    // Another process opens it through Decrypt, once per data key.
    const reader = new AesGcmTokenSealer(new KmsDataKeys(kms, 'arn:aws:kms:eu-west-1:1:key/k'));
    expect(await reader.open(one, 'c')).toBe(secret);
    expect(await reader.open(one, 'c')).toBe(secret);
    expect(calls.map((call) => call.name)).toEqual(['GenerateDataKeyCommand', 'DecryptCommand']);
    expect(calls[1]?.input).toMatchObject({ EncryptionContext: { purpose: 'reelsmith-publishing-tokens' } });
  });
});

describe('PKCE (RFC 7636, S256)', () => {
  it('matches the RFC’s example', () => {
    expect(codeChallengeOf('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  });

  it('makes 43-character verifiers, each new, and refuses a verifier out of the RFC’s bounds', () => {
    const verifier = newCodeVerifier();
    expect(verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newCodeVerifier()).not.toBe(verifier);
    expect(codeChallengeOf(verifier)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(() => codeChallengeOf('short')).toThrow();
    expect(() => codeChallengeOf('x'.repeat(129))).toThrow();
  });
});

describe('OAuth state', () => {
  it('is 32 random bytes stored only as its hash, for 10 minutes', () => {
    const state = newState();
    expect(state.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(state.hash).toBe(stateHashOf(state.value));
    expect(state.hash).not.toContain(state.value);
    expect(newState().value).not.toBe(state.value);
    expect(stateLifetimeMs).toBe(600_000);
  });

  it('returns only to a path on this site, and the page reads the outcome', () => {
    expect(connectRequestSchema.safeParse({ returnUrl: '/settings' }).success).toBe(true);
    for (const returnUrl of ['https://evil.example/', '//evil.example', '/\\evil.example', 'settings', '/a b'])
      expect(connectRequestSchema.safeParse({ returnUrl }).success, returnUrl).toBe(false);
    expect(readConnectReturn('?publishing=connected&platform=tiktok')).toEqual({ kind: 'connected', platform: 'tiktok' });
    expect(readConnectReturn('?publishing=weird&platform=myspace')).toEqual({ kind: 'failed', platform: undefined });
    expect(readConnectReturn('?subscription=success')).toEqual({ kind: 'none' });
  });
});
