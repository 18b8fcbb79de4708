import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import type { Script } from '../../functions/contract/scripts';
import { webRequestOf } from '../../functions/mcp/handler';
import { serveMcp } from '../../functions/mcp/server';
import { mcpTools } from '../../functions/mcp/tools';
import { videoPollMs } from '../../functions/mcp/tools/videos';

/**
 * The MCP server against a fake REST API (a fetch that answers by method and path): the tools' names, what each
 * sends to which route with the caller's key, how an answer and a refusal come back, and the HTTP edge (401, 405).
 * The whole path against the real API is test/integration/mcp.test.ts.
 */
const apiUrl = 'http://api.test';
const key = 'rsk_abcdefghijklmnop_0123456789012345678901234567890123456789012';

interface Call {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  authorization: string | null;
}

type Answer = { status: number; body?: unknown } | ((call: Call) => { status: number; body?: unknown });

function fakeApi(routes: Record<string, Answer>) {
  const calls: Call[] = [];
  const fetchApi = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : input);
    const method = init?.method ?? 'GET';
    const call: Call = {
      method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      authorization: new Headers(init?.headers).get('authorization'),
    };
    calls.push(call);
    const route = routes[`${method} ${url.pathname}`];
    if (!route) return Response.json({ message: 'Not found' }, { status: 404 });
    const answer = typeof route === 'function' ? route(call) : route;
    return answer.body === undefined ? new Response(null, { status: answer.status }) : Response.json(answer.body, { status: answer.status });
  };
  return { calls, fetchApi };
}

const clock = { now: 0 };
const sleep = async (ms: number) => {
  clock.now += ms;
};

function mcpFetch(fetchApi: typeof fetch): typeof fetch {
  return (async (input: string | URL | Request, init?: RequestInit) =>
    serveMcp(new Request(input, init), { apiUrl, fetch: fetchApi, sleep, now: () => clock.now })) as typeof fetch;
}

const clients: Client[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) await client.close();
});

async function connect(routes: Record<string, Answer>, authorization = `Bearer ${key}`) {
  const api = fakeApi({ 'GET /api/scripts': { status: 200, body: [] }, ...routes });
  const client = new Client({ name: 'unit', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL('http://mcp.test/mcp'), {
    fetch: mcpFetch(api.fetchApi as typeof fetch),
    requestInit: { headers: { Authorization: authorization } },
  });
  await client.connect(transport);
  clients.push(client);
  return { client, calls: api.calls };
}

async function call(client: Client, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

function textOf(result: CallToolResult): string {
  return result.content.map((part) => (part.type === 'text' ? part.text : '')).join('');
}

const scriptId = '01JABCDEFGHJKMNPQRSTVWXYZ0';
const caption = 'Owls see the night. #owls #birds #nature #wildlife #facts #shorts';
function script(fields: Partial<Script> = {}): Script {
  return {
    id: scriptId,
    userId: 'U1',
    title: 'Five facts about owls',
    scriptContent: 'Owls can turn their heads. They fly in silence.',
    postCaption: 'Owls! #owls',
    isActive: true,
    referenceVideoUrl: null,
    prompt: null,
    audioUrl: null,
    audioDuration: null,
    usedMediaIds: null,
    videoUrl: null,
    videoMetadata: null,
    thumbnailUrl: null,
    audioGenerationStatus: 'idle',
    videoGenerationStatus: 'idle',
    captionSettings: null,
    topic: null,
    toneStyle: null,
    duration: null,
    platform: null,
    extraInstructions: null,
    subjectCategory: null,
    voiceId: null,
    preferredFolderId: null,
    hookSuggestion: null,
    source: 'manual',
    videoGeneratedAt: null,
    videoWatermarked: null,
    audioGenerationError: null,
    videoGenerationError: null,
    videoProgress: null,
    language: 'en',
    translatedFrom: null,
    createdAt: '2026-12-07T10:00:00.000Z',
    updatedAt: '2026-12-07T10:00:00.000Z',
    ...fields,
  };
}

describe('the MCP server', () => {
  it('offers exactly the thirteen tools, each with a description, an input schema and an output schema', async () => {
    const { client } = await connect({});
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(
      [
        'list_scripts',
        'get_script',
        'create_script',
        'generate_scripts',
        'create_video',
        'get_video',
        'list_media',
        'list_voices',
        'list_templates',
        'list_connected_accounts',
        'publish_video',
        'get_publications',
        'translate_video',
      ].sort(),
    );
    expect(mcpTools).toHaveLength(13);
    for (const tool of tools) {
      expect(tool.description?.length, tool.name).toBeGreaterThan(80);
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.outputSchema?.type, tool.name).toBe('object');
    }
    const createScript = tools.find((tool) => tool.name === 'create_script');
    expect(Object.keys(createScript?.inputSchema.properties ?? {})).toEqual(expect.arrayContaining(['title', 'scriptContent', 'postCaption', 'language']));
    expect(createScript?.inputSchema.required).toEqual(expect.arrayContaining(['title', 'scriptContent']));
    const publish = tools.find((tool) => tool.name === 'publish_video');
    expect(Object.keys(publish?.inputSchema.properties ?? {})).toEqual(expect.arrayContaining(['scriptId', 'targets', 'scheduledAt']));
  });

  it('answers 401 without a bearer key, 401 with the API’s words for a key it refuses, and 405 to GET and DELETE', async () => {
    const api = fakeApi({ 'GET /api/scripts': { status: 401, body: { message: 'Invalid API key' } } });
    const serve = mcpFetch(api.fetchApi as typeof fetch);
    const initialize = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } },
    });
    const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    const none = await serve('http://mcp.test/mcp', { method: 'POST', headers, body: initialize });
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer /);
    const cookie = await serve('http://mcp.test/mcp', { method: 'POST', headers: { ...headers, cookie: 'sid=abc' }, body: initialize });
    expect(cookie.status).toBe(401);
    expect(api.calls).toHaveLength(0);
    const refused = await serve('http://mcp.test/mcp', { method: 'POST', headers: { ...headers, authorization: `Bearer ${key}` }, body: initialize });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ message: 'Invalid API key' });
    expect(api.calls[0]).toMatchObject({ method: 'GET', path: '/api/scripts', authorization: `Bearer ${key}` });
    for (const method of ['GET', 'DELETE']) {
      const answer = await serve('http://mcp.test/mcp', { method, headers: { authorization: `Bearer ${key}` } });
      expect(answer.status).toBe(405);
      expect(await answer.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32000 } });
    }
  });

  it('lets a key without read connect (its 403 is a valid key), refused later by the API as a tool error', async () => {
    const { client } = await connect({ 'GET /api/scripts': { status: 403, body: { message: 'This API key needs the read scope' } } });
    const listed = await call(client, 'list_scripts', {});
    expect(listed.isError).toBe(true);
    expect(textOf(listed)).toBe('This API key needs the read scope');
  });

  it('create_script posts the REST body with the caller’s key and answers the saved script', async () => {
    const { client, calls } = await connect({ 'POST /api/scripts': ({ body }) => ({ status: 201, body: script(body as Partial<Script>) }) });
    const result = await call(client, 'create_script', { title: 'Owls', scriptContent: 'Owls can turn their heads.', postCaption: caption, language: 'en-GB' });
    expect(result.isError, textOf(result)).toBeFalsy();
    const posted = calls.find((c) => c.method === 'POST');
    expect(posted).toMatchObject({ path: '/api/scripts', authorization: `Bearer ${key}` });
    expect(posted?.body).toEqual({ title: 'Owls', scriptContent: 'Owls can turn their heads.', postCaption: caption, language: 'en', preferredFolderId: null });
    expect(result.structuredContent).toMatchObject({ script: { id: scriptId, title: 'Owls', audioStatus: 'idle', videoStatus: 'idle' } });
    expect(textOf(result)).toContain(scriptId);
  });

  it('turns a refusal into a tool error with the page’s words (message — details), never a protocol error', async () => {
    const { client } = await connect({
      'POST /api/scripts/01JABCDEFGHJKMNPQRSTVWXYZ0/generate-video': {
        status: 403,
        body: { message: 'Video minutes limit reached', details: 'You have used 10 of 10 video minutes on the Free plan.' },
      },
      'GET /api/scripts': { status: 200, body: [script({ audioGenerationStatus: 'complete', audioUrl: '/api/audio/a.mp3', audioDuration: 4 })] },
    });
    const result = await call(client, 'create_video', { scriptId });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe('Video minutes limit reached — You have used 10 of 10 video minutes on the Free plan.');
  });

  it('answers bad arguments with zod’s message as a tool error', async () => {
    const { client, calls } = await connect({});
    const result = await call(client, 'create_script', { title: '', scriptContent: 'x' });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('Title is required');
    const tooLong = await call(client, 'get_video', { scriptId, waitSeconds: 60 });
    expect(tooLong.isError).toBe(true);
    expect(textOf(tooLong)).toMatch(/waitSeconds/);
    expect(calls.filter((c) => c.path !== '/api/scripts' || c.query.limit !== '1' || c.query.before !== undefined)).toHaveLength(0);
  });

  it('finds one script by id in one read, and says "Script not found" for one that is not the caller’s', async () => {
    const { client, calls } = await connect({
      'GET /api/scripts': ({ query }) => ({ status: 200, body: query.before === `${scriptId}0` ? [script({ id: '01JAAAAAAAAAAAAAAAAAAAAAAA' })] : [] }),
    });
    const missing = await call(client, 'get_script', { scriptId: scriptId.toLowerCase() });
    expect(missing.isError).toBe(true);
    expect(textOf(missing)).toBe('Script not found');
    expect(calls.at(-1)?.query).toEqual({ limit: '1', before: `${scriptId}0` });
  });

  it('create_video makes the voice-over first when there is none, then starts the render', async () => {
    const { client, calls } = await connect({
      'GET /api/scripts': { status: 200, body: [script()] },
      [`POST /api/scripts/${scriptId}/convert-to-audio`]: {
        status: 200,
        body: { tokensUsed: 40, audioUrl: '/api/audio/a.mp3', audioDuration: 4.2, script: script() },
      },
      [`POST /api/scripts/${scriptId}/generate-video`]: {
        status: 202,
        body: { executionId: 'arn:x:video-1', videoMetadata: { segments: [{ text: 'a' }, { text: 'b' }], totalDuration: 4 }, script: script() },
      },
    });
    const result = await call(client, 'create_video', { scriptId, voiceId: 'v1' });
    expect(result.isError).toBeFalsy();
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => [c.path, c.body])).toEqual([
      [`/api/scripts/${scriptId}/convert-to-audio`, { voiceId: 'v1' }],
      [`/api/scripts/${scriptId}/generate-video`, {}],
    ]);
    expect(result.structuredContent).toEqual({ scriptId, status: 'generating', voiceOver: 'made', audioDuration: 4.2, shots: 2, executionId: 'arn:x:video-1' });
  });

  it('get_video waits for a change while rendering, and answers absolute file URLs once complete', async () => {
    const states = [
      script({ videoGenerationStatus: 'generating', videoProgress: 10 }),
      script({ videoGenerationStatus: 'generating', videoProgress: 10 }),
      script({ videoGenerationStatus: 'generating', videoProgress: 45 }),
      script({ videoGenerationStatus: 'complete', videoUrl: '/api/video/v.mp4', thumbnailUrl: '/api/video/v.jpg' }),
    ];
    let read = 0;
    const { client } = await connect({
      'GET /api/scripts': ({ query }) => ({ status: 200, body: query.before ? [states[Math.min(read++, states.length - 1)]] : [] }),
    });
    const started = clock.now;
    const moving = await call(client, 'get_video', { scriptId });
    expect(moving.structuredContent).toMatchObject({ status: 'generating', progress: 45, changed: true });
    expect(clock.now - started).toBe(2 * videoPollMs);
    const done = await call(client, 'get_video', { scriptId, waitSeconds: 0 });
    expect(done.structuredContent).toEqual({
      scriptId,
      status: 'complete',
      progress: 100,
      videoUrl: `${apiUrl}/api/video/v.mp4`,
      thumbnailUrl: `${apiUrl}/api/video/v.jpg`,
      failureReason: null,
      audioStatus: 'idle',
      changed: false,
    });
  });

  it('get_video gives up waiting after waitSeconds with the state unchanged', async () => {
    const { client } = await connect({ 'GET /api/scripts': { status: 200, body: [script({ videoGenerationStatus: 'generating', videoProgress: 5 })] } });
    const started = clock.now;
    const result = await call(client, 'get_video', { scriptId, waitSeconds: 7 });
    expect(result.structuredContent).toMatchObject({ status: 'generating', progress: 5, changed: false });
    expect(clock.now - started).toBe(2 * videoPollMs);
  });

  it('publish_video sends targets and scheduledAt as POST /api/scripts/{id}/publish takes them; get_publications filters by script', async () => {
    const { client, calls } = await connect({
      [`POST /api/scripts/${scriptId}/publish`]: {
        status: 201,
        body: { publications: [{ id: 'P1', accountId: 'A1', platform: 'tiktok', status: 'scheduled' }] },
      },
      'GET /api/publications': {
        status: 200,
        body: [{ id: 'P1', scriptId, accountId: 'A1', platform: 'tiktok', accountName: 'me', status: 'scheduled', createdAt: 'now' }],
      },
    });
    const scheduledAt = '2026-12-24T09:00:00+01:00';
    const published = await call(client, 'publish_video', { scriptId, targets: [{ accountId: 'A1', privacy: 'SELF_ONLY' }], scheduledAt });
    expect(published.isError).toBeFalsy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ targets: [{ accountId: 'A1', privacy: 'SELF_ONLY' }], scheduledAt });
    const listed = await call(client, 'get_publications', { scriptId });
    expect(calls.at(-1)?.query).toEqual({ scriptId });
    expect(listed.structuredContent).toMatchObject({ publications: [{ id: 'P1', status: 'scheduled' }] });
  });

  it('keeps the Lambda event’s method, headers and body in the Web request', async () => {
    const request = webRequestOf({
      version: '2.0',
      routeKey: 'POST /mcp',
      rawPath: '/mcp',
      rawQueryString: '',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      isBase64Encoded: true,
      body: Buffer.from('{"a":1}').toString('base64'),
      requestContext: {
        accountId: 'a',
        apiId: 'b',
        domainName: 'api.example.com',
        domainPrefix: 'api',
        http: { method: 'POST', path: '/mcp', protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'x' },
        requestId: 'r',
        routeKey: 'POST /mcp',
        stage: '$default',
        time: '',
        timeEpoch: 0,
      },
    });
    expect(request.method).toBe('POST');
    expect(request.url).toBe('https://api.example.com/mcp');
    expect(request.headers.get('authorization')).toBe(`Bearer ${key}`);
    expect(await request.text()).toBe('{"a":1}');
  });
});
