import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readJsonBody } from '../../bin/local/read-json-body';
import { cannedScripts, requestedLanguage } from './openai-languages';
import { translationAnswer } from './openai-translations';

/**
 * A wire-level fake of the OpenAI chat completions API (`POST /v1/chat/completions`), for the real
 * `openai` SDK pointed at it with `baseURL`. Each call takes the next queued behaviour; with none
 * queued it answers well-formed scripts, in the language the prompt asks for where it has canned ones
 * (openai-languages.ts). It records every request body it received.
 *
 * `startFakeOpenAi({ structuredOutputs: false })` plays a server with JSON mode but no structured
 * outputs (a local model server): a `json_schema` response format is refused with a 400
 * before any queued behaviour is taken; `json_object` is answered as usual.
 */
export type FakeBehaviour =
  | { kind: 'scripts'; count?: number; words?: number; totalTokens?: number }
  | { kind: 'quote'; text: string }
  | { kind: 'status'; status: number; message?: string }
  | { kind: 'malformed' }
  | { kind: 'refusal' }
  /** An answer that is valid JSON but not the scripts' shape. */
  | { kind: 'json'; body: unknown };

export interface FakeOpenAiOptions {
  /** False: refuse `response_format: {type: 'json_schema'}` with a 400, as a server without structured outputs does. */
  structuredOutputs?: boolean;
}

export const structuredOutputsRefusal = "response_format type 'json_schema' is not supported by this server; use 'json_object' or 'text'";

export interface FakeOpenAi {
  baseURL: string;
  requests: { path: string; authorization?: string; body: Record<string, unknown> }[];
  queue(...behaviours: FakeBehaviour[]): void;
  close(): Promise<void>;
}

function completion(content: string | null, totalTokens: number, extra: Record<string, unknown> = {}) {
  return {
    id: `chatcmpl-fake-${Date.now()}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: 'gpt-4o-mini-fake',
    choices: [{ index: 0, message: { role: 'assistant', content, refusal: null, ...extra }, finish_reason: 'stop', logprobs: null }],
    usage: { prompt_tokens: Math.floor(totalTokens / 3), completion_tokens: totalTokens - Math.floor(totalTokens / 3), total_tokens: totalTokens },
  };
}

export function fakeScripts(count: number, words: number) {
  return {
    scripts: Array.from({ length: count }, (_, i) => ({
      title: `Fake Script ${i + 1}`,
      content: Array.from({ length: words }, (_, w) => (w % 12 === 11 ? 'done.' : `word${w}`)).join(' '),
      hashtags: ['#fake', 'testing'],
      hookSuggestion: `Hook number ${i + 1} that is long enough to be cut after twenty four words ${'and more '.repeat(20)}`,
    })),
  };
}

export async function startFakeOpenAi(options: FakeOpenAiOptions = {}): Promise<FakeOpenAi> {
  const queued: FakeBehaviour[] = [];
  const requests: FakeOpenAi['requests'] = [];
  const server: Server = createServer(async (req, res) => {
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(body));
    };
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') return send(404, { error: { message: 'not found', type: 'invalid_request_error' } });
    const body = await readJsonBody(req);
    requests.push({ path: req.url, authorization: req.headers.authorization, body });
    const isStructured = typeof body.response_format === 'object';
    const format = (body.response_format as { type?: unknown } | undefined)?.type;
    if (options.structuredOutputs === false && format === 'json_schema') {
      return send(400, { error: { message: structuredOutputsRefusal, type: 'invalid_request_error', param: 'response_format', code: null } });
    }
    // Translations have their own answers (openai-translations.ts) unless a behaviour is queued.
    const translation = queued.length === 0 ? translationAnswer(body) : undefined;
    if (translation) return send(200, completion(translation.content, translation.totalTokens));
    const behaviour = queued.shift() ?? (isStructured ? { kind: 'scripts' } : { kind: 'quote', text: 'Keep going, the best take is the next one.' });
    switch (behaviour.kind) {
      case 'status':
        // `retry-after-ms` keeps the SDK's one retry fast.
        return send(behaviour.status, { error: { message: behaviour.message ?? 'fake failure', type: 'server_error', code: null } }, { 'retry-after-ms': '5' });
      case 'malformed':
        return send(200, completion('{"scripts": [ {"title": "Half', 120));
      case 'refusal':
        return send(200, completion(null, 50, { refusal: 'I cannot help with that.' }));
      case 'quote':
        return send(200, completion(behaviour.text, 30));
      case 'json':
        return send(200, completion(JSON.stringify(behaviour.body), 80));
      case 'scripts': {
        const messages = (body.messages as { content: string }[] | undefined) ?? [];
        const asked = Number(/Write (\d+) clearly different/.exec(messages[0]?.content ?? '')?.[1] ?? 1);
        const [count, words] = [behaviour.count ?? asked, behaviour.words ?? 60];
        // Written in the language the prompt asks for, where the fake has it (openai-languages.ts).
        const scripts = cannedScripts(requestedLanguage(messages), count, words) ?? fakeScripts(count, words);
        return send(200, completion(JSON.stringify(scripts), behaviour.totalTokens ?? 900));
      }
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    queue: (...behaviours) => queued.push(...behaviours),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
