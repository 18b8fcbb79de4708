import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../bin/local/stack';
import { ffmpegPath } from '../../functions/adapters/ffmpeg/binaries';
import { probeMedia } from '../../functions/adapters/ffmpeg/probe';
import { logoRect, logoSize, type LogoPosition } from '../../functions/contract/rules/logo';
import type { Script } from '../../functions/contract/scripts';
import type { LogoSettings, LogoState, PublicUser } from '../../functions/contract/users';
import { services } from '../support/services';
import { frameAt, meanColour } from '../support/video-frames';
import { signUpAndIn, type SignedInUser } from './support/accounts';
import type { Refusal } from './support/media';
import { uploadAsset } from './support/media';
import { startTestStack } from './support/stack';

/**
 * The logo overlay (Logo) on the embedded stack: upload, settings,
 * removal and GET /api/logo/{file}; files that are not what they claim refused with nothing stored;
 * and the logo in rendered MP4s through the real video pipeline, at its corner and opacity, and absent
 * when disabled.
 */
const run = promisify(execFile);
let stack: LocalStack;
let scratch: string;

/** A 200x100 magenta PNG (fitted into a size's box it keeps 2:1), a JPEG of it, and the raw bytes of each. */
let png: Uint8Array;
let jpeg: Uint8Array;

async function picture(name: string, args: string[]): Promise<Uint8Array> {
  const out = join(scratch, name);
  await run(ffmpegPath(), ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=0xFF00FF:s=200x100', '-frames:v', '1', ...args, out]);
  return new Uint8Array(await readFile(out));
}

beforeAll(async () => {
  delete process.env.ELEVENLABS_API_KEY;
  stack = await startTestStack({ retryScale: 0.01, renderDraft: false });
  scratch = mkdtempSync(join(tmpdir(), 'logo-test-'));
  png = await picture('logo.png', []);
  jpeg = await picture('logo.jpg', ['-q:v', '3']);
});
afterAll(async () => {
  await stack?.stop();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

async function uploadLogo(user: SignedInUser, bytes: Uint8Array, type: string, name = 'logo.png') {
  const token = user.client.csrfToken ?? (await user.client.fetchCsrfToken());
  const form = new FormData();
  form.append('logo', new Blob([bytes], { type }), name);
  const response = await user.client.raw('/api/user/logo', { method: 'POST', body: form, headers: { 'x-csrf-token': token } });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as LogoState & Refusal };
}

async function storedLogos(userId: string): Promise<string[]> {
  const { s3, config } = services();
  const listed = await s3.send(new ListObjectsV2Command({ Bucket: config.MEDIA_BUCKET, Prefix: `users/${userId}/logo/` }));
  return (listed.Contents ?? []).map((item) => item.Key ?? '').sort();
}

const keyOf = (userId: string, logoUrl: string | null) => `users/${userId}/logo/${(logoUrl ?? '').replace('/api/logo/', '')}`;

async function userOf(user: SignedInUser): Promise<PublicUser> {
  return (await user.client.get<PublicUser>('/api/user')).body;
}

describe('the logo calls', () => {
  let owner: SignedInUser;
  let other: SignedInUser;
  let first: LogoState;

  beforeAll(async () => {
    [owner, other] = await Promise.all([signUpAndIn(stack, 'logo'), signUpAndIn(stack, 'logo')]);
  });

  it('starts with no logo and the documented defaults: bottom-right, medium, opacity 0.8, disabled', async () => {
    const user = await userOf(owner);
    expect(user.logoUrl).toBeNull();
    expect(user.logoSettings).toEqual({ position: 'bottom-right', size: 'medium', opacity: 0.8, enabled: false });
  });

  it('refuses settings while there is no logo (409) and removes nothing idempotently', async () => {
    const patched = await owner.client.patch<Refusal>('/api/user/logo-settings', { logoSettings: { enabled: true } });
    expect(patched.status).toBe(409);
    expect(patched.body.message).toBe('Upload a logo first');
    const removed = await owner.client.delete<LogoState>('/api/user/logo');
    expect(removed.status).toBe(200);
    expect(removed.body.logoUrl).toBeNull();
  });

  it('stores an uploaded PNG under the user prefix and answers logoUrl and logoSettings', async () => {
    const answer = await uploadLogo(owner, png, 'image/png');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.logoUrl).toMatch(/^\/api\/logo\/[0-9a-f-]{36}\.png$/);
    expect(answer.body.logoSettings).toEqual({ position: 'bottom-right', size: 'medium', opacity: 0.8, enabled: false });
    first = answer.body;
    expect(await storedLogos(owner.id)).toEqual([keyOf(owner.id, first.logoUrl)]);
    expect((await userOf(owner)).logoUrl).toBe(first.logoUrl);
  });

  it('serves the caller own logo by a redirect to a presigned URL of a PNG', async () => {
    const redirect = await owner.client.raw(first.logoUrl ?? '');
    expect(redirect.status).toBe(302);
    const file = await fetch(redirect.headers.get('location') ?? '');
    expect(file.status).toBe(200);
    const bytes = new Uint8Array(await file.arrayBuffer());
    expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const path = join(scratch, 'served.png');
    writeFileSync(path, bytes);
    expect(await probeMedia(path)).toMatchObject({ width: 200, height: 100 });
  });

  it("answers 404 for another user's logo, an unknown file and a file name that is not a logo's", async () => {
    expect((await other.client.raw(first.logoUrl ?? '')).status).toBe(404);
    expect((await owner.client.raw('/api/logo/00000000-0000-4000-8000-000000000000.png')).status).toBe(404);
    expect((await owner.client.raw('/api/logo/..%2F..%2Fvideo%2Fx.mp4')).status).toBe(404);
    expect((await owner.client.raw('/api/logo/logo.svg')).status).toBe(404);
  });

  it('replaces the logo: a JPEG becomes a PNG, the old file is deleted and its URL answers 404', async () => {
    const answer = await uploadLogo(owner, jpeg, 'image/jpeg', 'logo.jpg');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.logoUrl).not.toBe(first.logoUrl);
    expect(await storedLogos(owner.id)).toEqual([keyOf(owner.id, answer.body.logoUrl)]);
    expect((await owner.client.raw(first.logoUrl ?? '')).status).toBe(404);
    first = answer.body;
  });

  it('saves settings, any field alone, keeping the others', async () => {
    const all = await owner.client.patch<LogoState>('/api/user/logo-settings', {
      logoSettings: { position: 'top-left', size: 'ultimate', opacity: 0.3, enabled: true },
    });
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    expect(all.body).toEqual({ logoUrl: first.logoUrl, logoSettings: { position: 'top-left', size: 'ultimate', opacity: 0.3, enabled: true } });
    const one = await owner.client.patch<LogoState>('/api/user/logo-settings', { logoSettings: { opacity: 0.7 } });
    expect(one.body.logoSettings).toEqual({ position: 'top-left', size: 'ultimate', opacity: 0.7, enabled: true });
    expect((await userOf(owner)).logoSettings).toEqual(one.body.logoSettings);
  });

  it('refuses settings outside the documented ranges with 400 and changes nothing', async () => {
    const before = (await userOf(owner)).logoSettings;
    const bad: unknown[] = [
      { logoSettings: { position: 'center' } },
      { logoSettings: { size: 'big' } },
      { logoSettings: { size: '158x60' } },
      { logoSettings: { opacity: 0 } },
      { logoSettings: { opacity: 0.05 } },
      { logoSettings: { opacity: 1.1 } },
      { logoSettings: { opacity: 0.25 } },
      { logoSettings: { opacity: '0.5' } },
      { logoSettings: { enabled: 'yes' } },
      { logoSettings: {} },
      { logoSettings: { enabled: true, colour: 'red' } },
      { position: 'top-left' },
      {},
    ];
    for (const body of bad) {
      const answer = await owner.client.patch<Refusal>('/api/user/logo-settings', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.message).toBeTruthy();
    }
    const step = await owner.client.patch<Refusal>('/api/user/logo-settings', { logoSettings: { opacity: 0.25 } });
    expect(JSON.stringify(step.body)).toMatch(/multiple of 0\.1/);
    expect((await userOf(owner)).logoSettings).toEqual(before);
  });

  it('removes the logo: the file deleted, logoUrl cleared, the settings back to the defaults', async () => {
    const removed = await owner.client.delete<LogoState>('/api/user/logo');
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ logoUrl: null, logoSettings: { position: 'bottom-right', size: 'medium', opacity: 0.8, enabled: false } });
    expect(await storedLogos(owner.id)).toEqual([]);
    expect((await owner.client.raw(first.logoUrl ?? '')).status).toBe(404);
    expect((await userOf(owner)).logoUrl).toBeNull();
  });

  it('needs a session and the CSRF token', async () => {
    const form = new FormData();
    form.append('logo', new Blob([png], { type: 'image/png' }), 'logo.png');
    expect((await owner.client.raw('/api/user/logo', { method: 'POST', body: form })).status).toBe(403);
    expect((await fetch(new URL('/api/user/logo', stack.url), { method: 'DELETE' })).status).toBeGreaterThanOrEqual(401);
  });
});

describe('files that are not what they claim', () => {
  let user: SignedInUser;
  beforeAll(async () => {
    user = await signUpAndIn(stack, 'badlogo');
  });

  const svg = new TextEncoder().encode('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
  const pngMagic = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

  const cases: { name: string; bytes: () => Uint8Array; type: string; status: number; message?: string | RegExp }[] = [
    { name: 'a text file', bytes: () => new TextEncoder().encode('hello'), type: 'text/plain', status: 415, message: 'Invalid file type' },
    { name: 'a PDF', bytes: () => new TextEncoder().encode('%PDF-1.4\n'), type: 'application/pdf', status: 415, message: 'Invalid file type' },
    { name: 'no declared type', bytes: () => png, type: '', status: 415, message: 'Invalid file type' },
    { name: 'an SVG', bytes: () => svg, type: 'image/svg+xml', status: 415, message: 'Invalid file type' },
    { name: 'an SVG calling itself a PNG', bytes: () => svg, type: 'image/png', status: 415, message: 'Invalid file type' },
    { name: 'a BMP', bytes: () => new Uint8Array([0x42, 0x4d, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]), type: 'image/bmp', status: 415, message: 'Invalid file type' },
    {
      name: 'a PNG of more than 2 MB',
      bytes: () => {
        const big = new Uint8Array(2 * 1024 * 1024 + 1);
        big.set(png);
        return big;
      },
      type: 'image/png',
      status: 413,
      message: 'Logo file must be under 2MB',
    },
    {
      name: 'a file of 3 MB',
      bytes: () => new Uint8Array(3 * 1024 * 1024),
      type: 'image/png',
      status: 413,
      message: 'Logo file must be under 2MB',
    },
    {
      name: 'a fake PNG (the magic number, then junk)',
      bytes: () => new Uint8Array([...pngMagic, ...new TextEncoder().encode('not really a picture at all, just words')]),
      type: 'image/png',
      status: 422,
    },
    { name: 'a truncated PNG', bytes: () => png.subarray(0, 60), type: 'image/png', status: 422 },
    { name: 'a JPEG calling itself a PNG', bytes: () => jpeg, type: 'image/png', status: 422, message: 'The file is not a valid PNG image' },
    { name: 'text calling itself a GIF', bytes: () => new TextEncoder().encode('GIF? no, a note'), type: 'image/gif', status: 422 },
    { name: 'an empty file', bytes: () => new Uint8Array(0), type: 'image/png', status: 422 },
  ];

  for (const item of cases) {
    it(`refuses ${item.name} with ${item.status}, storing nothing`, async () => {
      const answer = await uploadLogo(user, item.bytes(), item.type);
      expect(answer.status, JSON.stringify(answer.body)).toBe(item.status);
      if (item.message) expect(answer.body.message).toEqual(item.message);
      expect(await storedLogos(user.id)).toEqual([]);
      expect((await userOf(user)).logoUrl).toBeNull();
    });
  }

  it('refuses a form without the logo field (400)', async () => {
    const token = user.client.csrfToken ?? (await user.client.fetchCsrfToken());
    const form = new FormData();
    form.append('file', new Blob([png], { type: 'image/png' }), 'logo.png');
    const response = await user.client.raw('/api/user/logo', { method: 'POST', body: form, headers: { 'x-csrf-token': token } });
    expect(response.status).toBe(400);
    expect(await storedLogos(user.id)).toEqual([]);
  });

  it('refuses a small file that decodes to too many pixels (422)', async () => {
    const out = join(scratch, 'huge.png');
    await run(ffmpegPath(), ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=white:s=7000x7000', '-frames:v', '1', '-compression_level', '9', out]);
    const bytes = new Uint8Array(await readFile(out));
    expect(bytes.byteLength).toBeLessThan(2 * 1024 * 1024);
    const answer = await uploadLogo(user, bytes, 'image/png');
    expect(answer.status, JSON.stringify(answer.body)).toBe(422);
    expect(await storedLogos(user.id)).toEqual([]);
  });

  it('takes GIF and WebP pictures too, each stored as a PNG', async () => {
    for (const [type, args] of [
      ['image/gif', ['-f', 'gif']],
      ['image/webp', ['-c:v', 'libwebp', '-f', 'webp']],
    ] as const) {
      const bytes = await picture(`logo.${type.slice(6)}`, [...args]);
      const answer = await uploadLogo(user, bytes, type, `logo.${type.slice(6)}`);
      expect(answer.status, `${type}: ${JSON.stringify(answer.body)}`).toBe(200);
      expect(answer.body.logoUrl).toMatch(/\.png$/);
      expect(await storedLogos(user.id)).toEqual([keyOf(user.id, answer.body.logoUrl)]);
    }
    expect((await user.client.delete('/api/user/logo')).status).toBe(200);
    expect(await storedLogos(user.id)).toEqual([]);
  });

  it('keeps the previous logo when a replacement is refused', async () => {
    const kept = await uploadLogo(user, png, 'image/png');
    expect(kept.status).toBe(200);
    expect((await uploadLogo(user, svg, 'image/svg+xml')).status).toBe(415);
    expect(await storedLogos(user.id)).toEqual([keyOf(user.id, kept.body.logoUrl)]);
    expect((await userOf(user)).logoUrl).toBe(kept.body.logoUrl);
  });
});

describe('the logo in rendered videos (the real pipeline)', () => {
  let user: SignedInUser;
  let script: Script;

  async function blueClip(): Promise<Uint8Array> {
    const out = join(scratch, `blue-${Date.now()}.mp4`);
    await run(ffmpegPath(), [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'color=c=blue:s=320x568:r=25:d=2',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      out,
    ]);
    return new Uint8Array(await readFile(out));
  }

  async function untilSettled(id: string, timeoutMs = 120_000): Promise<Script> {
    const began = Date.now();
    for (;;) {
      const list = await user.client.get<Script[]>('/api/scripts');
      const found = list.body.find((item) => item.id === id);
      if (found && found.videoGenerationStatus !== 'generating') return found;
      if (Date.now() - began > timeoutMs) throw new Error('still generating');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  async function renderFrame(name: string): Promise<Buffer> {
    const started = await user.client.post(`/api/scripts/${script.id}/generate-video`, { captionSettings: { position: 'middle_center' } });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const done = await untilSettled(script.id);
    expect(done.videoGenerationStatus, done.videoGenerationError ?? '').toBe('complete');
    const redirect = await user.client.raw(done.videoUrl ?? '');
    const file = join(scratch, name);
    writeFileSync(file, new Uint8Array(await (await fetch(redirect.headers.get('location') ?? '')).arrayBuffer()));
    return frameAt(file, 0.5);
  }

  /** The inside of where the logo lands (a few pixels in from its edges, away from scaling's blur). */
  function logoArea(settings: Pick<LogoSettings, 'position' | 'size'>) {
    const rect = logoRect({ position: settings.position as LogoPosition, size: settings.size }, { width: 200, height: 100 });
    return { x: rect.x + 4, y: rect.y + 4, w: rect.width - 8, h: rect.height - 8 };
  }

  beforeAll(async () => {
    user = await signUpAndIn(stack, 'logovideo');
    await uploadAsset(user.client, { name: 'blue.mp4', type: 'video/mp4', bytes: await blueClip() });
    const created = await user.client.post<Script>('/api/scripts', { title: 'Blue', scriptContent: 'Blue skies all day.' });
    expect(created.status).toBe(201);
    script = created.body;
    expect((await uploadLogo(user, png, 'image/png')).status).toBe(200);
  });

  it('burns the enabled logo at its corner and opacity, read when the render runs; nothing when disabled', async () => {
    const settings: LogoSettings = { position: 'top-right', size: 'large', opacity: 0.5, enabled: true };
    expect((await user.client.patch('/api/user/logo-settings', { logoSettings: settings })).status).toBe(200);
    const withLogo = await renderFrame('with-logo.mp4');
    const area = logoArea(settings);
    expect(area.w).toBeGreaterThan(100);
    // Magenta at 0.5 over blue: red about half, blue full.
    const [r, g, b] = meanColour(withLogo, area);
    expect(r, `mean ${r},${g},${b}`).toBeGreaterThan(100);
    expect(r).toBeLessThan(160);
    expect(g).toBeLessThan(30);
    expect(b).toBeGreaterThan(220);
    // The other top corner and the area just outside the logo stay blue.
    const box = logoSize('large');
    const outside = { x: area.x - 40, y: area.y + box.height + 20, w: 30, h: 30 };
    const [r2, , b2] = meanColour(withLogo, outside);
    expect(r2).toBeLessThan(30);
    expect(b2).toBeGreaterThan(220);
    const mirrored = logoArea({ ...settings, position: 'top-left' });
    expect(meanColour(withLogo, mirrored)[0]).toBeLessThan(30);

    expect((await user.client.patch('/api/user/logo-settings', { logoSettings: { enabled: false } })).status).toBe(200);
    const without = await renderFrame('without-logo.mp4');
    const [r3, , b3] = meanColour(without, area);
    expect(r3).toBeLessThan(30);
    expect(b3).toBeGreaterThan(220);
  }, 240_000);
});
