import { describe, expect, it } from 'vitest';
import { isOwnKey, mayRead, OwnedFiles, ownKeyOf } from '../../functions/core/files/owned-files';
import type { RemoteFetcher } from '../../functions/core/ports/remote-fetcher';

describe('owned files', () => {
  it('holds one users/<id>/ rule for keys, stored references and the readable voice samples', () => {
    expect(isOwnKey('U1', 'users/U1/media/a/original.mp4')).toBe(true);
    expect(isOwnKey('U1', 'users/U2/media/a/original.mp4')).toBe(false);
    expect(isOwnKey('U1', 'users/U1/../U2/logo.png')).toBe(false);
    expect(isOwnKey('U1', 'users/U10/logo.png')).toBe(false);
    expect(ownKeyOf('U1', `/api/thumbnail-proxy?url=${encodeURIComponent('users/U1/logo.png')}`)).toBe('users/U1/logo.png');
    expect(ownKeyOf('U1', '/api/media-proxy?url=%E0%A4%A')).toBeUndefined();
    expect(mayRead('U1', 'voice-samples/preset.mp3')).toBe(true);
    expect(mayRead('U1', 'voice-samples/U1/mine.mp3')).toBe(true);
    expect(mayRead('U1', 'voice-samples/U2/theirs.mp3')).toBe(false);
  });

  it('presigns only the user’s own keys and fetches only http(s) URLs', async () => {
    const fetched: URL[] = [];
    const remote: RemoteFetcher = { fetch: async (url) => (fetched.push(url), { contentType: 'image/png', body: new Uint8Array([1]) }) };
    const files = new OwnedFiles({ store: { presignGet: async (key) => `https://signed/${key}`, keyOf: () => undefined }, remote });
    expect(await files.preview('U1', 'users/U1/media/a/thumbnail.jpg', ['image'])).toEqual({
      kind: 'redirect',
      location: 'https://signed/users/U1/media/a/thumbnail.jpg',
    });
    await expect(files.preview('U1', 'users/U2/media/a/thumbnail.jpg', ['image'])).rejects.toMatchObject({ name: 'NotFoundError' });
    await expect(files.preview('U1', 'file:///etc/passwd', ['image'])).rejects.toMatchObject({ name: 'ValidationError' });
    expect(await files.preview('U1', 'https://example.com/a.png', ['image'])).toMatchObject({ kind: 'body', contentType: 'image/png' });
    expect(fetched.map(String)).toEqual(['https://example.com/a.png']);
  });
});
