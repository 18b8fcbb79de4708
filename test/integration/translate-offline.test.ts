import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../bin/local/stack';
import { languageMessages } from '../../functions/contract/languages';
import type { Script } from '../../functions/contract/scripts';
import { signUpAndIn } from './support/accounts';
import { startTestStack } from './support/stack';

/** Without an OpenAI key there is no translator: Translate says it needs one and makes nothing. */
let stack: LocalStack;

beforeAll(async () => {
  delete process.env.OPENAI_API_KEY;
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
});

describe('translating without an OpenAI key', () => {
  it('answers 400 saying it needs a key, and makes nothing', async () => {
    const user = await signUpAndIn(stack, 'nokey');
    const created = await user.client.post<Script>('/api/scripts', { title: 'Offline', scriptContent: 'Coffee first. Then the day.' });
    const refused = await user.client.post<{ message: string }>(`/api/scripts/${created.body.id}/translate`, { languages: ['es'], render: true });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(languageMessages.translateNeedsKey);
    const scripts = await user.client.get<Script[]>('/api/scripts');
    expect(scripts.body.map((script) => script.id)).toEqual([created.body.id]);
  });
});
