import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../bin/local/stack';
import type { ApiKeyScope, CreatedApiKey } from '../../functions/contract/api-keys';
import { apiKeyMessages } from '../../functions/contract/api-keys';
import { languageMessages } from '../../functions/contract/languages';
import type { ConnectedAccount, PublishingPlatform } from '../../functions/contract/publishing';
import { postersFor } from '../../functions/compose/posters';
import { usePosters } from '../../functions/compose/runtime/posters';
import { getConfig } from '../../functions/platform/config';
import { setProfile, signUpAndIn, type SignedInUser } from './support/accounts';
import { KeyClient } from './support/key-client';
import { startTestStack } from './support/stack';

/**
 * The MCP server over `/mcp` on the local stack, driven by the SDK's own client with a bearer key, as an agent
 * would: the tools listed, a script written, voiced and rendered (the real pipeline: eSpeak, shots, ffmpeg),
 * followed with get_video until complete, posted to the sandbox's YouTube and Instagram and read back with
 * get_publications. Then the edges: no key or a wrong one is HTTP 401, a read-only key's create_script is a
 * tool error naming the scope, another creator's script is "Script not found", bad arguments are zod's
 * message, a key revoked mid-session fails its next call. Only connecting the accounts and making the keys
 * are the cookie session's.
 */
let stack: LocalStack;
let mcpUrl: URL;
const chunk = 256 * 1024;
const clients: Client[] = [];
const postCaption = 'Three steps to a focused morning #focus #morning #habits #routine #productivity #tips';

beforeAll(async () => {
  delete process.env.ELEVENLABS_API_KEY;
  delete process.env.OPENAI_API_KEY;
  process.env.PUBLISH_RETRY_BASE_MS = '50';
  stack = await startTestStack({ retryScale: 0.01 });
  usePosters(postersFor(getConfig(), { tiktok: { chunkBytes: chunk, pollIntervalMs: 50 }, youtube: { chunkBytes: chunk }, instagram: { pollIntervalMs: 50 } }));
  stack.publishing.configure({ tiktokMinChunkBytes: chunk, processingPolls: 1 });
  mcpUrl = new URL('/mcp', stack.url);
  mcpUrl.hostname = '127.0.0.1';
}, 120_000);

afterAll(async () => {
  for (const client of clients) await client.close().catch(() => undefined);
  usePosters(undefined);
  await stack?.stop();
});

async function connectAccount(user: SignedInUser, platform: PublishingPlatform): Promise<ConnectedAccount> {
  const started = await user.client.post<{ url: string }>(`/api/publishing/accounts/${platform}/connect`, {});
  expect(started.status).toBe(200);
  const url = new URL(started.body.url);
  url.searchParams.set('consent', 'allow');
  url.searchParams.set('sandbox_user', `${user.username}.${platform}`);
  const consent = await fetch(url, { redirect: 'manual' });
  expect((await user.client.raw(consent.headers.get('location') ?? '')).status).toBe(302);
  const account = (await user.client.get<ConnectedAccount[]>('/api/publishing/accounts')).body.find((candidate) => candidate.platform === platform);
  if (!account) throw new Error(`${platform} not connected`);
  return account;
}

async function keyOf(user: SignedInUser, scopes: ApiKeyScope[]): Promise<CreatedApiKey> {
  const created = await user.client.post<CreatedApiKey>('/api/api-keys', { name: `mcp ${scopes.join('+')}`, scopes });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}

async function mcpClient(key: string): Promise<Client> {
  const client = new Client({ name: 'reelsmith-integration', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(mcpUrl, { requestInit: { headers: { Authorization: `Bearer ${key}` } } }));
  clients.push(client);
  return client;
}

async function call(client: Client, name: string, args: Record<string, unknown> = {}): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

function textOf(result: CallToolResult): string {
  return result.content.map((part) => (part.type === 'text' ? part.text : '')).join('');
}

function structured<T>(result: CallToolResult): T {
  expect(result.isError, textOf(result)).toBeFalsy();
  return result.structuredContent as T;
}

const initialize = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
});
const jsonRpcHeaders = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

describe('the MCP server at /mcp', () => {
  it('makes a video and posts it, step for step, with a write and publish key and no cookie', async () => {
    const user = await signUpAndIn(stack, 'mcpjourney');
    await setProfile(user.id, { subscriptionTier: 'pro' });
    const youtube = await connectAccount(user, 'youtube');
    const instagram = await connectAccount(user, 'instagram');
    const key = await keyOf(user, ['read', 'write', 'publish']);
    const client = await mcpClient(key.key);

    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(
      [
        'create_script',
        'create_video',
        'generate_scripts',
        'get_publications',
        'get_script',
        'get_video',
        'list_connected_accounts',
        'list_media',
        'list_scripts',
        'list_templates',
        'list_voices',
        'publish_video',
        'translate_video',
      ].sort(),
    );

    const created = structured<{ script: { id: string; title: string; videoStatus: string } }>(
      await call(client, 'create_script', {
        title: 'Morning focus',
        scriptContent: 'Start with water. Then ten quiet minutes. Then the hardest task first.',
        postCaption,
      }),
    );
    const scriptId = created.script.id;
    expect(created.script).toMatchObject({ title: 'Morning focus', videoStatus: 'idle' });
    expect(structured<{ script: { id: string; postCaption: string } }>(await call(client, 'get_script', { scriptId })).script).toMatchObject({
      id: scriptId,
      postCaption,
    });

    const began = Date.now();
    const started = structured<{ status: string; voiceOver: string; shots: number }>(await call(client, 'create_video', { scriptId }));
    expect(started).toMatchObject({ status: 'generating', voiceOver: 'made' });
    expect(started.shots).toBeGreaterThanOrEqual(1);

    // get_video waits (up to 20 s a call) for the render to move; an agent calls it until it settles.
    type VideoState = { status: string; progress: number | null; videoUrl: string | null; thumbnailUrl: string | null; failureReason: string | null };
    let video = structured<VideoState>(await call(client, 'get_video', { scriptId }));
    const seen: (number | null)[] = [video.progress];
    while (video.status === 'generating') {
      if (Date.now() - began > 240_000) throw new Error(`still rendering: ${JSON.stringify(video)}`);
      video = structured<VideoState>(await call(client, 'get_video', { scriptId }));
      seen.push(video.progress);
    }
    expect(video.status, video.failureReason ?? '').toBe('complete');
    expect(video.progress).toBe(100);
    expect(video.videoUrl).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${mcpUrl.port}/api/video/`));
    // The URL plays for the same key (a redirect to the file), as the tool's description says.
    const file = await fetch(video.videoUrl ?? '', { headers: { authorization: `Bearer ${key.key}` }, redirect: 'manual' });
    expect(file.status).toBe(302);
    process.stdout.write(`\nmcp: rendered in ${((Date.now() - began) / 1000).toFixed(1)} s over ${seen.length} get_video calls\n`);

    const accounts = structured<{ accounts: ConnectedAccount[] }>(await call(client, 'list_connected_accounts'));
    expect(accounts.accounts.map((account) => account.id).sort()).toEqual([youtube.id, instagram.id].sort());

    const posted = structured<{ publications: { platform: string; status: string }[] }>(
      await call(client, 'publish_video', {
        scriptId,
        targets: [
          { accountId: youtube.id, title: 'Morning focus', caption: 'posted by mcp #yt' },
          { accountId: instagram.id, caption: 'posted by mcp #ig' },
        ],
      }),
    );
    expect(posted.publications.map((p) => p.platform).sort()).toEqual(['instagram', 'youtube']);

    type Publications = { publications: { platform: string; status: string; postUrl?: string }[] };
    let publications = structured<Publications>(await call(client, 'get_publications', { scriptId }));
    const postedAt = Date.now();
    while (!publications.publications.every((p) => p.status === 'published')) {
      if (Date.now() - postedAt > 60_000) throw new Error(`not published: ${JSON.stringify(publications)}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
      publications = structured<Publications>(await call(client, 'get_publications', { scriptId }));
    }
    expect(publications.publications).toHaveLength(2);
    for (const publication of publications.publications) expect(publication.postUrl).toMatch(new RegExp(`^${stack.publishing.url}/${publication.platform}/.`));
    expect(stack.publishing.posts.filter((post) => post.caption === 'posted by mcp #yt')).toHaveLength(1);
    expect(stack.publishing.posts.filter((post) => post.caption === 'posted by mcp #ig')).toHaveLength(1);
  }, 360_000);

  it('answers HTTP 401 without a key, with a wrong key, and with only a session cookie; 405 to GET', async () => {
    const none = await fetch(mcpUrl, { method: 'POST', headers: jsonRpcHeaders, body: initialize });
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer /);
    const user = await signUpAndIn(stack, 'mcpcookie');
    const cookie = await fetch(mcpUrl, { method: 'POST', headers: { ...jsonRpcHeaders, cookie: user.client.cookieHeader() }, body: initialize });
    expect(cookie.status).toBe(401);
    const wrong = await fetch(mcpUrl, {
      method: 'POST',
      headers: { ...jsonRpcHeaders, authorization: `Bearer rsk_aaaaaaaaaaaaaaaa_${'x'.repeat(43)}` },
      body: initialize,
    });
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as { message: string }).message.length).toBeGreaterThan(0);
    await expect(mcpClient(`rsk_aaaaaaaaaaaaaaaa_${'y'.repeat(43)}`)).rejects.toThrow();
    const get = await fetch(mcpUrl, { headers: { authorization: `Bearer rsk_aaaaaaaaaaaaaaaa_${'x'.repeat(43)}`, accept: 'text/event-stream' } });
    expect(get.status).toBe(405);
  });

  it('refuses what the key or the arguments do not allow as tool errors with the API’s and zod’s words', async () => {
    const owner = await signUpAndIn(stack, 'mcpowner');
    const other = await signUpAndIn(stack, 'mcpother');
    const ownerKey = await keyOf(owner, ['read', 'write']);
    const owned = structured<{ script: { id: string } }>(
      await call(await mcpClient(ownerKey.key), 'create_script', { title: 'Mine', scriptContent: 'Only mine.', postCaption }),
    ).script.id;

    // A read-only key: it connects and reads, but create_script needs write.
    const reader = await mcpClient((await keyOf(other, ['read'])).key);
    expect(structured<{ scripts: unknown[] }>(await call(reader, 'list_scripts')).scripts).toEqual([]);
    const refused = await call(reader, 'create_script', { title: 'Nope', scriptContent: 'No write scope.', postCaption });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toBe(apiKeyMessages.needsScope('write'));

    // Another creator's script is not found, as on the page, for reads and writes alike.
    const writer = await mcpClient((await keyOf(other, ['read', 'write', 'publish'])).key);
    for (const [name, args] of [
      ['get_script', { scriptId: owned }],
      ['get_video', { scriptId: owned, waitSeconds: 0 }],
      ['create_video', { scriptId: owned }],
    ] as const) {
      const result = await call(writer, name, args);
      expect(result.isError, name).toBe(true);
      expect(textOf(result), name).toBe('Script not found');
    }
    const publish = await call(writer, 'publish_video', { scriptId: owned, targets: [{ accountId: 'NOT-MINE' }] });
    expect(publish.isError).toBe(true);
    expect(textOf(publish)).toMatch(/not found/i);

    // Bad arguments: zod's message, no protocol error and no call made.
    const empty = await call(writer, 'create_script', { title: '', scriptContent: 'Text.', postCaption });
    expect(empty.isError).toBe(true);
    expect(textOf(empty)).toContain('Title is required');
    const noTargets = await call(writer, 'publish_video', { scriptId: owned, targets: [] });
    expect(noTargets.isError).toBe(true);
    expect(textOf(noTargets)).toContain('Choose at least one account');
  });

  it('writes scripts with generate_scripts, lists voices, media and templates, pages list_scripts, and says translating needs a key', async () => {
    const user = await signUpAndIn(stack, 'mcptools');
    const client = await mcpClient((await keyOf(user, ['read', 'write'])).key);

    const written = structured<{ scripts: { title: string; scriptContent: string; postCaption: string; language: string }[]; source: string }>(
      await call(client, 'generate_scripts', { extraInstructions: 'Morning routines for busy parents', duration: '30 sec', scriptCount: 2 }),
    );
    expect(written.source).toBe('offline');
    expect(written.scripts).toHaveLength(2);
    // What generate_scripts answers is what create_script takes.
    const ids: string[] = [];
    for (const draft of written.scripts) {
      const saved = structured<{ script: { id: string } }>(
        await call(client, 'create_script', {
          title: draft.title,
          scriptContent: draft.scriptContent,
          postCaption: draft.postCaption,
          language: draft.language,
        }),
      );
      ids.push(saved.script.id);
    }
    const first = structured<{ scripts: { id: string }[]; nextBefore: string | null }>(await call(client, 'list_scripts', { limit: 1 }));
    expect(first.scripts.map((script) => script.id)).toEqual([ids[1]]);
    expect(first.nextBefore).toBe(ids[1]);
    const second = structured<{ scripts: { id: string }[] }>(await call(client, 'list_scripts', { limit: 1, before: first.nextBefore }));
    expect(second.scripts.map((script) => script.id)).toEqual([ids[0]]);

    const voices = structured<{ voices: { id: string; languages: string[] }[] }>(await call(client, 'list_voices'));
    expect(voices.voices.length).toBeGreaterThan(0);
    expect(structured<{ items: unknown[]; totalCount: number }>(await call(client, 'list_media', { search: 'beach' }))).toMatchObject({
      items: [],
      totalCount: 0,
    });
    expect(structured<{ templates: unknown[] }>(await call(client, 'list_templates')).templates).toEqual([]);

    const translated = await call(client, 'translate_video', { scriptId: ids[0], languages: ['es'], render: false });
    expect(translated.isError).toBe(true);
    expect(textOf(translated)).toBe(languageMessages.translateNeedsKey);
  });

  it('fails the next tool call of a key revoked mid-session with the API’s 401 message', async () => {
    const user = await signUpAndIn(stack, 'mcprevoke');
    const key = await keyOf(user, ['read']);
    const client = await mcpClient(key.key);
    expect((await call(client, 'list_voices')).isError).toBeFalsy();
    expect((await user.client.delete(`/api/api-keys/${key.id}`)).status).toBe(204);
    const after = await call(client, 'list_scripts');
    expect(after.isError).toBe(true);
    expect(textOf(after).length).toBeGreaterThan(0);
  });

  it('prints what a tool call costs beside the REST call it makes', async () => {
    const user = await signUpAndIn(stack, 'mcpcost');
    const key = await keyOf(user, ['read']);
    const client = await mcpClient(key.key);
    const rest = new KeyClient(`http://127.0.0.1:${mcpUrl.port}`, key.key);
    const median = async (run: () => Promise<unknown>): Promise<number> => {
      const times: number[] = [];
      for (let i = 0; i < 25; i++) {
        const start = performance.now();
        await run();
        times.push(performance.now() - start);
      }
      return times.sort((a, b) => a - b)[12] ?? 0;
    };
    await median(() => call(client, 'list_voices'));
    const restMs = await median(() => rest.get('/api/voices'));
    const toolMs = await median(() => call(client, 'list_voices'));
    process.stdout.write(`\nmcp: list_voices ${toolMs.toFixed(1)} ms (median of 25) beside GET /api/voices ${restMs.toFixed(1)} ms\n`);
    expect(toolMs).toBeGreaterThan(0);
  });
});
