import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Script } from '../../functions/contract/scripts';
import type { GenerateVideoResult } from '../../functions/contract/video';
import { restartMessages } from '../../functions/core/recovery/run-recovery';
import { videoBusyMessage } from '../../functions/core/scripts/lifecycle';
import { startLocalProcess, type LocalProcess } from '../support/local-process';
import { makeMedia } from '../support/media-files';
import { TestClient } from './support/http-client';
import { uploadAsset } from './support/media';

/**
 * A crash never strands a run: the local stack as `npm run dev` runs it, killed with SIGKILL
 * (its whole process group) while a video is being made, then started again on the same data folder. The
 * script is no longer `generating`, says why, and Create Video is accepted at once (the claim is given back).
 */
let dataDir: string;
let scratch: string;
let stack: LocalProcess | undefined;

beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'reelsmith-crash-'));
  scratch = mkdtempSync(join(tmpdir(), 'reelsmith-crash-media-'));
});
afterAll(async () => {
  await stack?.kill();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(scratch, { recursive: true, force: true });
});

async function scriptOf(client: TestClient, scriptId: string): Promise<Script | undefined> {
  const listed = await client.get<Script[]>('/api/scripts');
  expect(listed.status).toBe(200);
  return listed.body.find((script) => script.id === scriptId);
}

describe('a crash during a render', () => {
  it('leaves the script failed with a reason and generate-video accepted again after the restart', { timeout: 240_000 }, async () => {
    stack = await startLocalProcess({ dataDir });
    const port = stack.port;
    const client = new TestClient(stack.url);
    const account = { username: `crash${Date.now() % 100_000}`, email: `crash${Date.now() % 100_000}@example.com`, password: 'correct horse 1' };
    expect((await client.post('/api/register', account)).status).toBe(201);
    expect((await client.post('/api/login', { username: account.username, password: account.password })).status).toBe(200);
    await uploadAsset(client, await makeMedia(scratch, 'mp4', { seconds: 2, name: 'clip' }));
    const created = await client.post<Script>('/api/scripts', { title: 'Killed mid-render', scriptContent: 'A morning with coffee.\nAn evening with tea.' });
    expect(created.status).toBe(201);
    const scriptId = created.body.id;

    const started = await client.post<GenerateVideoResult>(`/api/scripts/${scriptId}/generate-video`, {});
    expect(started.status).toBe(202);
    expect((await scriptOf(client, scriptId))?.videoGenerationStatus).toBe('generating');
    await stack.kill();

    // Same port and data: the session cookie and everything acknowledged are still there.
    stack = await startLocalProcess({ dataDir, port });
    const after = await scriptOf(client, scriptId);
    expect(after?.videoGenerationStatus).toBe('failed');
    expect(after?.videoGenerationError).toBe(restartMessages.video);
    expect(after?.videoProgress).toBeNull();

    const again = await client.post<GenerateVideoResult | { message: string }>(`/api/scripts/${scriptId}/generate-video`, {});
    expect(again.status, JSON.stringify(again.body)).toBe(202);
    const second = await client.post<{ message: string }>(`/api/scripts/${scriptId}/generate-video`, {});
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(videoBusyMessage);
  });
});
