import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../bin/local/stack';
import { OpenAiScriptWriter, type StructuredOutputs } from '../../functions/adapters/providers/openai-script-writer';
import { countHashtags } from '../../functions/contract/rules/post-caption';
import { writeRequestFor } from '../../functions/core/scripts/generation';
import { fakeScripts, startFakeOpenAi, type FakeOpenAi } from '../fakes/openai';
import { signUpAndIn } from './support/accounts';
import { startTestStack } from './support/stack';

/**
 * A local OpenAI-compatible model server with JSON mode but no structured outputs: the real
 * `openai` SDK, pointed at a wire-level fake that refuses `json_schema` with a 400.
 */
let stack: LocalStack;
let fake: FakeOpenAi;

beforeAll(async () => {
  fake = await startFakeOpenAi({ structuredOutputs: false });
  process.env.OPENAI_API_KEY = 'ollama';
  process.env.OPENAI_BASE_URL = fake.baseURL;
  process.env.OPENAI_MODEL = 'llama3.2';
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
  await fake?.close();
  delete process.env.OPENAI_API_KEY;
  delete process.env.OPENAI_BASE_URL;
  delete process.env.OPENAI_MODEL;
});

const request = writeRequestFor({ topic: 'Home espresso', subjectCategory: null, extraInstructions: 'For beginners', duration: '30 sec', count: 2 });
const formats = (from: number) => fake.requests.slice(from).map((seen) => (seen.body.response_format as { type: string }).type);

function writer(structuredOutputs: StructuredOutputs) {
  return new OpenAiScriptWriter({ apiKey: 'ollama', baseURL: fake.baseURL, model: 'llama3.2', structuredOutputs, maxRetries: 0 });
}

describe('a server without structured outputs', () => {
  it('generates scripts through the API: structured outputs are refused once, then JSON mode for good', async () => {
    const user = await signUpAndIn(stack);
    const from = fake.requests.length;
    const response = await user.client.post<{ scripts: { hashtags: string[]; postCaption: string }[]; tokensUsed: number; source: string }>(
      '/api/generate-scripts',
      {
        topic: 'Home espresso',
        duration: '30 sec',
        scriptCount: 2,
        extraInstructions: 'For beginners',
        subjectCategory: null,
      },
    );
    expect(response.status).toBe(200);
    expect(response.body.source).toBe('openai');
    expect(response.body.scripts).toHaveLength(2);
    for (const script of response.body.scripts) expect(countHashtags(script.postCaption)).toBe(6);
    // The refused call costs nothing; the JSON-mode answer is charged as the server counted it.
    expect(response.body.tokensUsed).toBe(900);
    expect(formats(from)).toEqual(['json_schema', 'json_object']);
    const jsonMode = fake.requests.at(-1)!.body;
    expect(jsonMode.model).toBe('llama3.2');
    const system = (jsonMode.messages as { role: string; content: string }[])[0]!.content;
    expect(system).toContain('Answer with one JSON object only');
    for (const field of ['title', 'content', 'hashtags', 'hookSuggestion']) expect(system).toContain(`- ${field}:`);
    expect(system).toContain('"scripts" holds exactly 2 objects');

    const again = fake.requests.length;
    const second = await user.client.post<{ scripts: unknown[] }>('/api/generate-scripts', {
      topic: 'Latte art',
      duration: '15 sec',
      scriptCount: 1,
      extraInstructions: 'Quick',
      subjectCategory: null,
    });
    expect(second.status).toBe(200);
    expect(formats(again)).toEqual(['json_object']);
  });

  it('tries once more when the JSON-mode answer is not the shape, and charges both calls', async () => {
    const from = fake.requests.length;
    fake.queue({ kind: 'json', body: { script: 'one long text' } }, { kind: 'scripts', totalTokens: 700 });
    const result = await writer('off').write(request);
    expect(result.scripts).toHaveLength(2);
    expect(result.tokensUsed).toBe(780);
    expect(formats(from)).toEqual(['json_object', 'json_object']);
    const retry = fake.requests.at(-1)!.body.messages as { role: string; content: string }[];
    expect(retry.at(-1)!.content).toContain('could not be used');
  });

  it('tries once more after malformed JSON, and gives up with the unreadable error after the second', async () => {
    fake.queue({ kind: 'malformed' }, { kind: 'scripts' });
    await expect(writer('off').write(request)).resolves.toMatchObject({ scripts: [expect.anything(), expect.anything()] });
    const from = fake.requests.length;
    fake.queue({ kind: 'malformed' }, { kind: 'malformed' });
    await expect(writer('off').write(request)).rejects.toThrow('could not be read');
    expect(fake.requests.length - from).toBe(2);
  });

  it('reads an answer wrapped in a code fence, and asks for as many scripts as wanted', async () => {
    fake.queue({ kind: 'quote', text: `Here you go:\n\`\`\`json\n${JSON.stringify(fakeScripts(2, 40))}\n\`\`\`` });
    const result = await writer('off').write(request);
    expect(result.scripts.map((script) => script.title)).toEqual(['Fake Script 1', 'Fake Script 2']);
    fake.queue({ kind: 'scripts', count: 1 }, { kind: 'scripts', count: 1 });
    await expect(writer('off').write(request)).rejects.toThrow('could not be read');
  });

  it('with structured outputs forced on, the refusal is an error a user can read', async () => {
    await expect(writer('on').write(request)).rejects.toThrow('The script writer is unavailable right now');
  });

  it('reserves enough for the schema in the prompt once in JSON mode', async () => {
    const auto = writer('auto');
    const before = auto.maxTokens(request);
    await auto.write(request);
    expect(auto.usesJsonMode).toBe(true);
    expect(auto.maxTokens(request)).toBeGreaterThan(before);
  });
});

describe('a server with structured outputs', () => {
  it('is asked for the strict schema and never sees JSON mode', async () => {
    const full = await startFakeOpenAi();
    try {
      const structured = new OpenAiScriptWriter({ apiKey: 'k', baseURL: full.baseURL, model: 'gpt-4o-mini', maxRetries: 0 });
      await structured.write(request);
      full.queue({ kind: 'malformed' });
      // Structured outputs keep the old rule: an unreadable answer is an error, not a second call.
      await expect(structured.write(request)).rejects.toThrow('could not be read');
      expect(full.requests.map((seen) => (seen.body.response_format as { type: string }).type)).toEqual(['json_schema', 'json_schema']);
      expect(structured.usesJsonMode).toBe(false);
    } finally {
      await full.close();
    }
  });
});
