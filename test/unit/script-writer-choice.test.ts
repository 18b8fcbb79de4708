import { describe, expect, it } from 'vitest';
import { writeRequestFor } from '../../functions/core/scripts/generation';
import { buildScriptWriter } from '../../functions/compose/script-writer';

const base = { OPENAI_MODEL: 'gpt-4o-mini', OPENAI_BASE_URL: undefined, OPENAI_API_KEY: undefined, OPENAI_API_KEY_PARAMETER: undefined };
const request = writeRequestFor({ topic: 'Tea', subjectCategory: null, extraInstructions: 'short', duration: '15 sec', count: 1 });

describe('choosing the script writer', () => {
  it('uses OpenAI with a key and the offline writer without one', () => {
    expect(buildScriptWriter({ ...base, OPENAI_API_KEY: 'sk-x' }).source).toBe('openai');
    expect(buildScriptWriter(base).source).toBe('offline');
  });

  it('reads the key from the secret store once, and falls back to offline when there is none', async () => {
    let reads = 0;
    const missing = buildScriptWriter({ ...base, OPENAI_API_KEY_PARAMETER: '/reelsmith/x/openai-api-key' }, async () => {
      reads += 1;
      return undefined;
    });
    const before = missing.maxTokens(request);
    const result = await missing.write(request);
    await missing.write(request);
    expect(reads).toBe(1);
    expect(missing.source).toBe('offline');
    expect(result.scripts).toHaveLength(1);
    expect(before).toBeGreaterThanOrEqual(missing.maxTokens(request));
  });

  it('tries the secret store again after a failed read', async () => {
    let calls = 0;
    const flaky = buildScriptWriter({ ...base, OPENAI_API_KEY_PARAMETER: '/p' }, async () => {
      calls += 1;
      if (calls === 1) throw new Error('throttled');
      return undefined;
    });
    await expect(flaky.write(request)).rejects.toThrow('throttled');
    await expect(flaky.write(request)).resolves.toMatchObject({ scripts: [expect.anything()] });
  });
});
