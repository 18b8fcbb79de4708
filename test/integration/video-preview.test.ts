import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../bin/local/stack';
import { ffprobePath } from '../../functions/adapters/ffmpeg/binaries';
import { runTool } from '../../functions/adapters/ffmpeg/run';
import type { Script } from '../../functions/contract/scripts';
import type { ConvertToAudioResult, VideoPreviewResult } from '../../functions/contract/video';
import { noVoiceOverMessage, previewOutput } from '../../functions/core/video/preview';
import { makeMedia } from '../support/media-files';
import { signUpAndIn, type SignedInUser } from './support/accounts';
import { uploadAsset } from './support/media';
import { startTestStack } from './support/stack';

/**
 * The preview is the video: POST /api/scripts/{id}/preview renders the dialog's unsaved cut
 * (shots, captions, voice-over) at proxy size from the script's voice-over and answers a short-lived URL.
 */
let stack: LocalStack;
let scratch: string;

beforeAll(async () => {
  delete process.env.ELEVENLABS_API_KEY; // the offline voice
  stack = await startTestStack();
  scratch = mkdtempSync(join(tmpdir(), 'video-preview-test-'));
});
afterAll(async () => {
  await stack?.stop();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

const text = 'Coffee tastes better at home. Grind the beans fresh and keep the water just below boiling.';

async function createScript(user: SignedInUser): Promise<Script> {
  const response = await user.client.post<Script>('/api/scripts', { title: 'Home coffee', scriptContent: text });
  expect(response.status).toBe(201);
  return response.body;
}

interface Probe {
  streams: { codec_type: string; width?: number; height?: number }[];
  format: { duration: string };
}

async function probe(path: string): Promise<Probe> {
  const { stdout } = await runTool(ffprobePath(), ['-v', 'error', '-show_streams', '-show_format', '-of', 'json', path], {
    timeoutMs: 20_000,
    maxOutputBytes: 1 << 20,
  });
  return JSON.parse(stdout.toString('utf8')) as Probe;
}

describe('POST /api/scripts/{id}/preview', () => {
  it('renders the unsaved cut at proxy size from the voice-over, and saves nothing', { timeout: 120_000 }, async () => {
    const user = await signUpAndIn(stack, 'preview');
    const clip = await uploadAsset(user.client, await makeMedia(scratch, 'mp4', { seconds: 4, name: 'beans', size: '640x360' }));
    const script = await createScript(user);
    const voice = await user.client.post<ConvertToAudioResult>(`/api/scripts/${script.id}/convert-to-audio`, {});
    expect(voice.status).toBe(200);

    const body = {
      captionSettings: { style: 'highlight', font_size: 72 },
      videoMetadata: {
        segments: [
          { text: 'Coffee tastes better at home.', mediaAssetId: clip.id, mediaStartTime: 1, mediaDuration: 2 },
          { text: 'Grind the beans fresh and keep the water just below boiling.', mediaAssetId: null, mediaStartTime: 0, mediaDuration: 3 },
        ],
      },
    };
    const began = Date.now();
    const preview = await user.client.post<VideoPreviewResult>(`/api/scripts/${script.id}/preview`, body);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body).toMatchObject({ width: previewOutput.width, height: previewOutput.height });
    expect(preview.body.durationSeconds).toBeCloseTo(voice.body.audioDuration, 1);
    expect(preview.body.renderMs).toBeLessThan(Date.now() - began + 1);
    expect(Date.parse(preview.body.expiresAt)).toBeGreaterThan(Date.now());

    const file = await fetch(preview.body.url);
    expect(file.status).toBe(200);
    const path = join(scratch, 'preview.mp4');
    writeFileSync(path, new Uint8Array(await file.arrayBuffer()));
    const probed = await probe(path);
    const video = probed.streams.find((stream) => stream.codec_type === 'video');
    expect(video).toMatchObject({ width: previewOutput.width, height: previewOutput.height });
    expect(probed.streams.some((stream) => stream.codec_type === 'audio')).toBe(true);
    expect(Number(probed.format.duration)).toBeCloseTo(voice.body.audioDuration, 0);

    // Nothing of the dialog's was saved, and no video was started.
    const listed = await user.client.get<Script[]>('/api/scripts');
    const after = listed.body.find((item) => item.id === script.id);
    expect(after?.videoGenerationStatus ?? null).not.toBe('generating');
    expect(after?.videoMetadata ?? null).toEqual(script.videoMetadata ?? null);
  });

  it('is 404 for another user’s script, 400 for a bad body, 400 without a voice-over', { timeout: 60_000 }, async () => {
    const owner = await signUpAndIn(stack, 'previewowner');
    const other = await signUpAndIn(stack, 'previewother');
    const script = await createScript(owner);

    expect((await other.client.post(`/api/scripts/${script.id}/preview`, {})).status).toBe(404);
    expect((await owner.client.post(`/api/scripts/${script.id}/preview`, { videoMetadata: { segments: 'all of them' } })).status).toBe(400);
    expect((await owner.client.post(`/api/scripts/${script.id}/preview`, { captionSettings: { font_size: 'huge' } })).status).toBe(400);
    const tooMany = Array.from({ length: 1_000 }, () => ({ text: 'x' }));
    expect((await owner.client.post(`/api/scripts/${script.id}/preview`, { videoMetadata: { segments: tooMany } })).status).toBe(400);

    const silent = await owner.client.post<{ error?: string; message?: string }>(`/api/scripts/${script.id}/preview`, {});
    expect(silent.status).toBe(400);
    expect(JSON.stringify(silent.body)).toContain(noVoiceOverMessage);
  });
});
