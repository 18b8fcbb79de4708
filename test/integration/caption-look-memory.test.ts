import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../bin/local/stack';
import { signUpAndIn } from './support/accounts';
import { startTestStack } from './support/stack';

/**
 * The creator's last caption look lives on the user: absent until chosen, set by PATCH
 * /api/user `captionLook` (one of the named looks, or null), read back by GET /api/user; anything
 * else is refused. Named caption presets live there too.
 */
describe('the remembered caption look', () => {
  let stack: LocalStack;

  beforeAll(async () => {
    stack = await startTestStack();
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('is remembered on the user, cleared with null, and only a named look is accepted', async () => {
    const { client } = await signUpAndIn(stack, 'looks');
    expect((await client.get<{ captionLook?: string | null }>('/api/user')).body.captionLook ?? null).toBeNull();

    const set = await client.patch<{ captionLook: string }>('/api/user', { captionLook: 'neon' });
    expect(set.status).toBe(200);
    expect(set.body.captionLook).toBe('neon');
    expect((await client.get<{ captionLook: string }>('/api/user')).body.captionLook).toBe('neon');

    expect((await client.patch('/api/user', { captionLook: 'sparkles' })).status).toBe(400);
    expect((await client.patch('/api/user', { captionLook: 'custom' })).status).toBe(400);
    expect((await client.get<{ captionLook: string }>('/api/user')).body.captionLook).toBe('neon');

    const cleared = await client.patch<{ captionLook: string | null }>('/api/user', { captionLook: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body.captionLook).toBeNull();
  });

  it('keeps named caption presets (at most 10, names different, no background audio nor per-word choices)', async () => {
    const { client } = await signUpAndIn(stack, 'presets');
    const brand = { name: 'Brand neon', settings: { look: 'neon', word_color: '#FF2BD6', font_size: 70 } };
    const saved = await client.patch<{ captionPresets: unknown[] }>('/api/user', { captionPresets: [brand] });
    expect(saved.status).toBe(200);
    expect((await client.get<{ captionPresets: unknown[] }>('/api/user')).body.captionPresets).toEqual([brand]);

    const many = Array.from({ length: 11 }, (_, i) => ({ name: `Preset ${i}`, settings: {} }));
    expect((await client.patch('/api/user', { captionPresets: many })).status).toBe(400);
    expect((await client.patch('/api/user', { captionPresets: [brand, { ...brand, name: 'brand NEON' }] })).status).toBe(400);
    expect((await client.patch('/api/user', { captionPresets: [{ name: 'Music', settings: { background_audio_id: 'x' } }] })).status).toBe(400);
    expect((await client.patch('/api/user', { captionPresets: [{ name: 'Big', settings: { font_size: 500 } }] })).status).toBe(400);
    expect((await client.get<{ captionPresets: unknown[] }>('/api/user')).body.captionPresets).toEqual([brand]);
  });
});
