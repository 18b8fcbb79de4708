import { describe, expect, it } from 'vitest';
import { LogoService } from '../../functions/core/branding/logo-service';
import type { LogoRasterizer } from '../../functions/core/ports/branding';
import { UnreadableMediaError } from '../../functions/core/ports/media';
import { newUser, type User } from '../../functions/core/users/user';

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const ids = ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222'];

/** LogoService over in-memory stand-ins of its ports: what it stores and deletes, and in which order. */
function setup(options: { failUpdate?: boolean; unreadable?: boolean } = {}) {
  const objects = new Map<string, Uint8Array>();
  let user: User = newUser({ id: 'U1', username: 'u', email: 'u@example.com', now: new Date() });
  const rasterizer: LogoRasterizer = {
    rasterize: async () => {
      if (options.unreadable) throw new UnreadableMediaError('no picture');
      return { png, width: 10, height: 10 };
    },
  };
  let next = 0;
  const service = new LogoService({
    users: {
      get: async () => user,
      update: async (_id, patch) => {
        if (options.failUpdate) throw new Error('table down');
        user = { ...user, ...patch };
        return user;
      },
    },
    store: {
      put: async (key, body) => void objects.set(key, body),
      delete: async (keys) => keys.forEach((key) => objects.delete(key)),
      presignGet: async (key) => `https://bucket/${key}?signed`,
    },
    rasterizer,
    newId: () => ids[next++] ?? 'x',
    log: () => undefined,
  });
  return { service, objects, user: () => user };
}

const file = { fileName: 'logo.png', contentType: 'image/png', bytes: png };

describe('LogoService', () => {
  it('leaves nothing stored when the record cannot be written', async () => {
    const { service, objects } = setup({ failUpdate: true });
    await expect(service.upload('U1', file)).rejects.toThrow('table down');
    expect([...objects.keys()]).toEqual([]);
  });

  it('turns an undecodable picture into 422 and stores nothing', async () => {
    const { service, objects } = setup({ unreadable: true });
    await expect(service.upload('U1', file)).rejects.toMatchObject({ status: 422, message: 'The logo could not be read as an image' });
    expect(objects.size).toBe(0);
  });

  it('replaces: the new file named, the old one deleted; serves only the current one', async () => {
    const { service, objects } = setup();
    const first = await service.upload('U1', file);
    const second = await service.upload('U1', file);
    expect(first.logoUrl).toBe(`/api/logo/${ids[0]}.png`);
    expect([...objects.keys()]).toEqual([`users/U1/logo/${ids[1]}.png`]);
    expect(await service.fileUrl('U1', `${ids[1]}.png`)).toBe(`https://bucket/users/U1/logo/${ids[1]}.png?signed`);
    await expect(service.fileUrl('U1', `${ids[0]}.png`)).rejects.toMatchObject({ status: 404 });
    expect(second.logoSettings.enabled).toBe(false);
  });

  it('never deletes a file the record named that it did not write (an older media reference)', async () => {
    const { service, objects, user } = setup();
    objects.set('users/U1/media/clip.png', png);
    Object.assign(user(), { logoUrl: 'users/U1/media/clip.png' });
    await service.upload('U1', file);
    expect(objects.has('users/U1/media/clip.png')).toBe(true);
  });

  it('merges a partial settings change and rounds the opacity', async () => {
    const { service } = setup();
    await service.upload('U1', file);
    const state = await service.updateSettings('U1', { opacity: 0.1 + 0.2, enabled: true });
    expect(state.logoSettings).toEqual({ position: 'bottom-right', size: 'medium', opacity: 0.3, enabled: true });
  });
});
