import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../bin/local/stack';
import type { PublicAsset } from '../../functions/contract/media';
import type { Script } from '../../functions/contract/scripts';
import type { GenerateVideoResult } from '../../functions/contract/video';
import { ffmpegOut, frameAt, meanColour, type Rgb } from '../support/video-frames';
import { signUpAndIn, type SignedInUser } from './support/accounts';
import { uploadAsset } from './support/media';
import { startTestStack } from './support/stack';

/**
 * Edit Video after new footage, through the API the dialog and other programs use: a video made with
 * no footage, then clips tagged "coffee beans", "grinder" and "water temperature" uploaded; making the
 * video again plans the generated-background shots again against the library (as a new video of the
 * same script would be planned), keeps a shot whose clip the creator picked, and `replanShots: true`
 * plans every shot again. The re-planned video is rendered for real (kept under test-results/ to look at).
 */
let stack: LocalStack;
let user: SignedInUser;
let scratch: string;
const clips = new Map<string, PublicAsset>();

const script = [
  'Better coffee at home starts with three small habits.',
  'Buy whole coffee beans and keep them sealed.',
  'A burr grinder gives you an even grind every time.',
  'Watch the water temperature, just off the boil.',
  'Pour slowly and let it bloom.',
  'Enjoy a better morning coffee.',
].join('\n');

type Segments = GenerateVideoResult['videoMetadata']['segments'];

async function scriptOf(id: string): Promise<Script> {
  const list = await user.client.get<Script[]>('/api/scripts');
  const found = list.body.find((item) => item.id === id);
  if (!found) throw new Error(`script ${id} not listed`);
  return found;
}

async function settled(id: string, timeoutMs = 240_000): Promise<Script> {
  const began = Date.now();
  for (;;) {
    const found = await scriptOf(id);
    if (found.videoGenerationStatus !== 'generating') return found;
    if (Date.now() - began > timeoutMs) throw new Error(`still generating after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

async function generate(id: string, body: Record<string, unknown>): Promise<Segments> {
  const run = await user.client.post<GenerateVideoResult>(`/api/scripts/${id}/generate-video`, body);
  expect(run.status, JSON.stringify(run.body)).toBe(202);
  const done = await settled(id);
  expect(done.videoGenerationStatus, done.videoGenerationError ?? '').toBe('complete');
  return run.body.videoMetadata.segments;
}

async function newScript(title: string): Promise<Script> {
  const created = await user.client.post<Script>('/api/scripts', { title, scriptContent: script });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}

/** Three clips of one colour each, tagged as a creator would tag them, and the word that names each. */
const footage: { name: string; tags: string[]; colour: Rgb; cue: string }[] = [
  { name: 'Beans', tags: ['coffee beans'], colour: [139, 69, 19], cue: 'beans' },
  { name: 'Grinder', tags: ['grinder'], colour: [30, 110, 230], cue: 'grinder' },
  { name: 'Kettle', tags: ['water temperature'], colour: [40, 170, 80], cue: 'water' },
];

async function colourClip(name: string, [r, g, b]: Rgb): Promise<{ name: string; type: string; bytes: Uint8Array }> {
  const out = join(scratch, `${name}.mp4`);
  const hex = [r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('');
  await ffmpegOut([
    '-y',
    '-f',
    'lavfi',
    '-i',
    `color=c=0x${hex}:s=360x640:r=25:d=4`,
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:sample_rate=44100:duration=4',
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    out,
  ]);
  return { name: `${name}.mp4`, type: 'video/mp4', bytes: new Uint8Array(await readFile(out)) };
}

const shape = (segments: Segments) => segments.map((segment) => [segment.text, segment.mediaAssetId ?? null]);
const clipUnder = (segments: Segments, word: string) => segments.find((segment) => segment.text.toLowerCase().includes(word))?.mediaAssetId;

beforeAll(async () => {
  delete process.env.OPENAI_API_KEY;
  delete process.env.ELEVENLABS_API_KEY;
  delete process.env.PEXELS_API_KEY;
  scratch = await mkdtemp(join(tmpdir(), 'reelsmith-replan-'));
  stack = await startTestStack();
  user = await signUpAndIn(stack, 'replan');
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

describe('Edit Video after footage is uploaded', () => {
  let first: Script;

  it('a video made with no footage has a generated background for each shot, cut on phrases', { timeout: 300_000 }, async () => {
    first = await newScript('Better coffee');
    const planned = await generate(first.id, {});
    // Phrase cuts: at least one shot per sentence, none starting inside a phrase.
    expect(planned.length).toBeGreaterThanOrEqual(6);
    expect(planned.map((segment) => segment.text).join(' ')).toBe(script.replace(/\n/g, ' '));
    expect(planned.every((segment) => segment.source === 'generated' && segment.generatedReason === 'no-videos')).toBe(true);
  });

  it('plans those shots again with the clips uploaded since, as a new video of the script is planned', { timeout: 400_000 }, async () => {
    for (const { name, tags, colour } of footage) {
      clips.set(name, await uploadAsset(user.client, await colourClip(name, colour), { tags: [...tags] }));
    }
    const again = await generate(first.id, {});
    expect(again.every((segment) => segment.mediaAssetId && segment.source !== 'generated')).toBe(true);
    expect(clipUnder(again, 'beans')).toBe(clips.get('Beans')?.id);
    expect(clipUnder(again, 'grinder')).toBe(clips.get('Grinder')?.id);
    expect(clipUnder(again, 'temperature')).toBe(clips.get('Kettle')?.id);
    // Cut where the words that name the clips begin their sentence or phrase (a cue word's cut moves back to its
    // sentence's start within 1.5 s): the shots a new card with the same voice-over plans from the same library.
    expect(again.find((segment) => segment.text.startsWith('A burr grinder'))?.mediaAssetId).toBe(clips.get('Grinder')?.id);
    expect(again.find((segment) => segment.text.startsWith('Watch the water temperature'))?.mediaAssetId).toBe(clips.get('Kettle')?.id);
    const fresh = await newScript('Better coffee, new card');
    const voiced = await user.client.post(`/api/scripts/${fresh.id}/convert-to-audio`, {});
    expect(voiced.status, JSON.stringify(voiced.body)).toBe(200);
    const freshPlan = await generate(fresh.id, {});
    expect(shape(again)).toEqual(shape(freshPlan));

    // The real render of the re-planned video, kept to look at.
    const done = await scriptOf(first.id);
    const redirect = await user.client.raw(done.videoUrl ?? '');
    expect(redirect.status).toBe(302);
    const bytes = await (await fetch(redirect.headers.get('location') ?? '')).arrayBuffer();
    expect(bytes.byteLength).toBeGreaterThan(10_000);
    await mkdir(join('test-results', 'renders'), { recursive: true });
    const video = join('test-results', 'renders', 'edit-video-replanned.mp4');
    await writeFile(video, new Uint8Array(bytes));
    // Each clip is on screen just after the word that names it (a clip of one colour each; the top of the frame is clear of captions).
    const words = JSON.parse(
      new TextDecoder().decode(
        await (await fetch((await user.client.raw((done.audioUrl ?? '').replace(/\.mp3$/, '.words.json'))).headers.get('location') ?? '')).arrayBuffer(),
      ),
    ) as { word: string; start: number }[];
    for (const { cue, colour } of footage) {
      const at = words.find((word) => word.word.toLowerCase().replace(/[^a-z]/g, '') === cue)?.start;
      expect(at, cue).toBeDefined();
      const [r, g, b] = meanColour(await frameAt(video, (at ?? 0) + 0.4), { x: 240, y: 120, w: 600, h: 300 });
      const [er, eg, eb] = colour;
      expect(Math.abs(r - er) + Math.abs(g - eg) + Math.abs(b - eb), `${cue}: ${[r, g, b].join(',')}`).toBeLessThan(120);
    }
  });

  it('keeps the shot whose clip the creator picked, and “Re-plan shots” (replanShots) plans every shot again', { timeout: 400_000 }, async () => {
    const current = (await scriptOf(first.id)).videoMetadata?.segments ?? [];
    const kettle = clips.get('Kettle');
    if (!kettle) throw new Error('no kettle clip');
    // The creator gave the first shot the kettle clip; the other shots are generated backgrounds again (as a video made before the upload).
    const edited = current.map((segment, i) =>
      i === 0
        ? {
            text: segment.text,
            mediaAssetId: kettle.id,
            mediaFile: kettle.fileUrl,
            thumbnailUrl: kettle.thumbnailUrl,
            mediaDuration: segment.mediaDuration,
            mediaStartTime: 0.5,
            chosen: true,
          }
        : {
            text: segment.text,
            mediaAssetId: null,
            mediaDuration: segment.mediaDuration,
            mediaStartTime: 0,
            source: 'generated' as const,
            generatedReason: 'no-videos' as const,
          },
    );
    const patched = await user.client.patch<Script>(`/api/scripts/${first.id}`, { videoMetadata: { segments: edited, totalDuration: 20 } });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);

    const kept = await generate(first.id, {});
    expect(kept[0]).toMatchObject({ text: edited[0]?.text, mediaAssetId: kettle.id, mediaStartTime: 0.5, chosen: true });
    expect(kept.slice(1).every((segment) => segment.mediaAssetId && segment.source !== 'generated')).toBe(true);
    expect(clipUnder(kept.slice(1), 'grinder')).toBe(clips.get('Grinder')?.id);
    // The finished video's metadata still says the creator picked it, so the next Edit Video keeps it too.
    expect((await scriptOf(first.id)).videoMetadata?.segments[0]).toMatchObject({ mediaAssetId: kettle.id, chosen: true });

    const all = await generate(first.id, { replanShots: true });
    const fresh = (await user.client.get<Script[]>('/api/scripts')).body.find((item) => item.title === 'Better coffee, new card');
    expect(shape(all)).toEqual(shape(fresh?.videoMetadata?.segments ?? []));
    expect(all[0]?.chosen).toBeUndefined();
  });
});
