import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConnectedAccount, Publication } from '../../functions/contract/publishing';
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
 * (its whole process group) while a video is being made and a post waits mid-upload, then started again on
 * the same data folder. The script is no longer `generating`, says why, and Create Video is accepted at once
 * (the claim is given back); the post resumes after the restart and is posted once. One kill proves both:
 * each start of the stack as a process costs seconds.
 */
/**
 * The renders here are about runs, not pictures: drafts (360x640), as the other stacks in the tests draw.
 * The sandbox forgets its upload sessions when it dies, so the post's first try after the restart is refused
 * and it starts the upload again after the platform's backoff: a quarter second here, not ten.
 */
const env = { RENDER_DRAFT: 'true', PUBLISH_RETRY_BASE_MS: '250' };
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

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: timed out; last ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function createScript(client: TestClient, title: string): Promise<string> {
  const created = await client.post<Script>('/api/scripts', { title, scriptContent: 'A morning with coffee.\nAn evening with tea.' });
  expect(created.status).toBe(201);
  return created.body.id;
}

/** The posts with this caption the platform itself recorded (kept across its restarts under the data folder). */
function postsCaptioned(caption: string): number {
  const file = join(dataDir, 'publishing-sandbox-posts', 'posts.json');
  if (!existsSync(file)) return 0;
  return (JSON.parse(readFileSync(file, 'utf8')) as { caption: string }[]).filter((post) => post.caption === caption).length;
}

/** What the test left for the checks after the restart: the rendering script, the posted one, the post's caption. */
let killed: { client: TestClient; rendering: string; posted: string; caption: string } | undefined;

describe('a crash while a video is being made and a post waits mid-upload', () => {
  it('leaves the script failed with a reason and generate-video accepted again after the restart', { timeout: 240_000 }, async () => {
    stack = await startLocalProcess({ dataDir, env });
    const port = stack.port;
    const client = new TestClient(stack.url);
    const account = { username: `crash${Date.now() % 100_000}`, email: `crash${Date.now() % 100_000}@example.com`, password: 'correct horse 1' };
    expect((await client.post('/api/register', account)).status).toBe(201);
    expect((await client.post('/api/login', { username: account.username, password: account.password })).status).toBe(200);
    await uploadAsset(client, await makeMedia(scratch, 'mp4', { seconds: 2, name: 'clip' }));

    // A finished video to post.
    const posted = await createScript(client, 'Posted while killed');
    expect((await client.post<GenerateVideoResult>(`/api/scripts/${posted}/generate-video`, {})).status).toBe(202);
    await until(
      () => scriptOf(client, posted),
      (script) => script?.videoGenerationStatus === 'complete',
      'the video to post',
      150_000,
    );

    // The sandbox's YouTube account, connected as Settings does it.
    const connect = await client.post<{ url: string }>('/api/publishing/accounts/youtube/connect', {});
    expect(connect.status).toBe(200);
    const consentUrl = new URL(connect.body.url);
    consentUrl.searchParams.set('consent', 'allow');
    consentUrl.searchParams.set('sandbox_user', 'crash.films');
    const consent = await fetch(consentUrl, { redirect: 'manual' });
    expect((await client.raw(consent.headers.get('location') ?? '')).status).toBe(302);
    const youtube = (await client.get<ConnectedAccount[]>('/api/publishing/accounts')).body.find((one) => one.platform === 'youtube');
    if (!youtube) throw new Error('YouTube is not connected');

    // The upload session opens, then its first chunk is refused with a Retry-After: the post waits mid-upload.
    const sandbox = consentUrl.origin;
    const fault = await fetch(`${sandbox}/__sandbox/faults`, {
      method: 'POST',
      body: JSON.stringify({ point: 'youtube.chunk', kind: 'rate_limit', retryAfterSeconds: 4 }),
    });
    expect(fault.status).toBe(200);
    const caption = `Killed mid-upload ${Date.now()}`;
    const published = await client.post<{ publications: Publication[] }>(`/api/scripts/${posted}/publish`, {
      targets: [{ accountId: youtube.id, caption, privacy: 'private' }],
    });
    expect(published.status, JSON.stringify(published.body)).toBe(201);
    await until(
      async () => ((await (await fetch(`${sandbox}/__sandbox/faults`)).json()) as { pending: unknown[] }).pending,
      (pending) => pending.length === 0,
      'the refused chunk',
      60_000,
    );

    // Meanwhile a video is being made: the process dies with both in flight.
    const rendering = await createScript(client, 'Killed mid-render');
    const started = await client.post<GenerateVideoResult>(`/api/scripts/${rendering}/generate-video`, {});
    expect(started.status).toBe(202);
    expect((await scriptOf(client, rendering))?.videoGenerationStatus).toBe('generating');
    await stack.kill();
    // Killed while the post waited: nothing was posted yet.
    expect(postsCaptioned(caption)).toBe(0);
    killed = { client, rendering, posted, caption };

    // Same port and data: the session cookie and everything acknowledged are still there.
    stack = await startLocalProcess({ dataDir, port, env });
    const after = await scriptOf(client, rendering);
    expect(after?.videoGenerationStatus).toBe('failed');
    expect(after?.videoGenerationError).toBe(restartMessages.video);
    expect(after?.videoProgress).toBeNull();

    const again = await client.post<GenerateVideoResult | { message: string }>(`/api/scripts/${rendering}/generate-video`, {});
    expect(again.status, JSON.stringify(again.body)).toBe(202);
    const second = await client.post<{ message: string }>(`/api/scripts/${rendering}/generate-video`, {});
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(videoBusyMessage);
    await until(
      () => scriptOf(client, rendering),
      (script) => script?.videoGenerationStatus === 'complete',
      'the render after the restart',
      150_000,
    );
  });

  it('resumes the upload after the restart and posts the video once', { timeout: 240_000 }, async () => {
    if (!killed || !stack) throw new Error('the crash test runs first');
    const { client, posted, caption } = killed;
    const list = () => client.get<Publication[]>(`/api/publications?scriptId=${posted}`).then((answer) => answer.body);
    const done = await until(
      list,
      (publications) => publications.some((one) => one.status === 'published' || one.status === 'failed'),
      'the post after the restart',
      90_000,
    );
    expect(done).toHaveLength(1);
    expect(done[0]?.status, JSON.stringify(done[0])).toBe('published');
    // What the platform itself recorded: one post.
    expect(postsCaptioned(caption)).toBe(1);
  });
});
