import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../bin/local/stack';
import { ffmpegPath } from '../../functions/adapters/ffmpeg/binaries';
import type { Script } from '../../functions/contract/scripts';
import type { ConvertToAudioResult, VideoPreviewResult } from '../../functions/contract/video';
import type { MediaFile } from '../support/media-files';
import { signUpAndIn, type SignedInUser } from './support/accounts';
import { uploadAsset } from './support/media';
import { startTestStack } from './support/stack';

const run = promisify(execFile);

/**
 * Per-shot framing: a landscape clip, red on its left half and blue on its right, is cropped to
 * 9:16 around the focus the creator chose for the shot (Switch Scenes' Left / Centre / Right), in the
 * render the preview and the video share; a focus outside 0–1 is refused.
 */
let stack: LocalStack;
let scratch: string;

beforeAll(async () => {
  delete process.env.ELEVENLABS_API_KEY; // the offline voice
  stack = await startTestStack();
  scratch = mkdtempSync(join(tmpdir(), 'shot-framing-test-'));
});
afterAll(async () => {
  await stack?.stop();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

async function splitClip(): Promise<MediaFile> {
  const out = join(scratch, 'red-blue.mp4');
  await run(ffmpegPath(), [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'color=c=red:s=320x360:r=25:d=4',
    '-f',
    'lavfi',
    '-i',
    'color=c=blue:s=320x360:r=25:d=4',
    '-filter_complex',
    '[0][1]hstack=inputs=2[v]',
    '-map',
    '[v]',
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-pix_fmt',
    'yuv420p',
    out,
  ]);
  return { name: 'red-blue.mp4', type: 'video/mp4', bytes: new Uint8Array(readFileSync(out)) };
}

/** The mean colour of the frame at `at` seconds (the frame scaled to one pixel). */
async function meanColour(video: string, at: number): Promise<{ r: number; g: number; b: number }> {
  const { stdout } = await run(
    ffmpegPath(),
    ['-v', 'error', '-ss', String(at), '-i', video, '-frames:v', '1', '-vf', 'scale=1:1:flags=area', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'],
    { encoding: 'buffer' },
  );
  return { r: stdout[0] ?? 0, g: stdout[1] ?? 0, b: stdout[2] ?? 0 };
}

async function previewWith(user: SignedInUser, script: Script, segment: Record<string, unknown>, name: string): Promise<string> {
  const preview = await user.client.post<VideoPreviewResult>(`/api/scripts/${script.id}/preview`, {
    captionSettings: { enabled: false, motion: false, transition: 'cut' },
    videoMetadata: { segments: [{ text: script.scriptContent, mediaStartTime: 0, mediaDuration: 3, ...segment }] },
  });
  expect(preview.status, JSON.stringify(preview.body)).toBe(200);
  const file = await fetch(preview.body.url);
  expect(file.status).toBe(200);
  const path = join(scratch, `${name}.mp4`);
  writeFileSync(path, new Uint8Array(await file.arrayBuffer()));
  return path;
}

describe('a shot’s framing', () => {
  it('moves the 9:16 crop of a landscape clip to the side the creator chose', { timeout: 180_000 }, async () => {
    const user = await signUpAndIn(stack, 'framing');
    const clip = await uploadAsset(user.client, await splitClip());
    const created = await user.client.post<Script>('/api/scripts', { title: 'Red or blue', scriptContent: 'Red on the left, blue on the right.' });
    expect(created.status).toBe(201);
    const script = created.body;
    expect((await user.client.post<ConvertToAudioResult>(`/api/scripts/${script.id}/convert-to-audio`, {})).status).toBe(200);

    const left = await meanColour(await previewWith(user, script, { mediaAssetId: clip.id, focusX: 0 }, 'left'), 1);
    const right = await meanColour(await previewWith(user, script, { mediaAssetId: clip.id, focusX: 1 }, 'right'), 1);
    const auto = await meanColour(await previewWith(user, script, { mediaAssetId: clip.id }, 'auto'), 1);
    console.log('mean colour of a frame, left / right / auto:', JSON.stringify({ left, right, auto }));
    // Left: the red half only; right: the blue half only; the still clip's own focus is its centre: both.
    expect(left.r).toBeGreaterThan(200);
    expect(left.b).toBeLessThan(40);
    expect(right.b).toBeGreaterThan(200);
    expect(right.r).toBeLessThan(40);
    expect(auto.r).toBeGreaterThan(80);
    expect(auto.b).toBeGreaterThan(80);

    // Saved on the script's segment (as Generate video saves it), and read back as sent.
    const saved = await user.client.patch<Script>(`/api/scripts/${script.id}`, {
      videoMetadata: { segments: [{ text: script.scriptContent, mediaAssetId: clip.id, mediaStartTime: 0, mediaDuration: 3, focusX: 1 }], totalDuration: 3 },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.videoMetadata?.segments[0]).toMatchObject({ mediaAssetId: clip.id, focusX: 1 });
  });

  it('refuses a focus outside 0–1 with a 400', { timeout: 60_000 }, async () => {
    const user = await signUpAndIn(stack, 'badframing');
    const created = await user.client.post<Script>('/api/scripts', { title: 'Bad', scriptContent: 'One line.' });
    const segment = { text: 'One line.', mediaAssetId: null, mediaStartTime: 0, mediaDuration: 3 };
    for (const focus of [{ focusX: 1.5 }, { focusY: -0.1 }, { focusX: 'left' }]) {
      const preview = await user.client.post(`/api/scripts/${created.body.id}/preview`, { videoMetadata: { segments: [{ ...segment, ...focus }] } });
      expect(preview.status, JSON.stringify(focus)).toBe(400);
      const patched = await user.client.patch(`/api/scripts/${created.body.id}`, { videoMetadata: { segments: [{ ...segment, ...focus }], totalDuration: 3 } });
      expect(patched.status, JSON.stringify(focus)).toBe(400);
      const generate = await user.client.post(`/api/scripts/${created.body.id}/generate-video`, {
        videoMetadata: { segments: [{ ...segment, ...focus }], totalDuration: 3 },
      });
      expect(generate.status, JSON.stringify(focus)).toBe(400);
    }
  });
});
