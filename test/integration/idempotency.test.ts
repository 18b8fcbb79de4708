import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../bin/local/stack';
import type { Script } from '../../functions/contract/scripts';
import type { ConvertToAudioResult } from '../../functions/contract/video';
import type { VideoTemplate } from '../../functions/contract/workflows';
import type { CreatedApiKey } from '../../functions/contract/api-keys';
import { signUpAndIn } from './support/accounts';
import { KeyClient } from './support/key-client';
import { startTestStack } from './support/stack';

/**
 * Calls made once with the IETF `Idempotency-Key` header (platform/http/idempotent-calls.ts), through the
 * local stack with a cookie session: replays, a key reused with another request, a key whose first call is
 * still running, and ten parallel calls with one key spending a plan's limit once.
 */
let stack: LocalStack;

beforeAll(async () => {
  delete process.env.ELEVENLABS_API_KEY;
  delete process.env.OPENAI_API_KEY;
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
});

const withKey = (key: string) => ({ headers: { 'idempotency-key': key } });
const templateBody = (name: string) => ({ name, topic: 'Staying focused at work', subjectCategory: 'Teacher', duration: '15 sec' });

describe('Idempotency-Key', () => {
  it('replays the first answer for the same key and body, and makes one record', async () => {
    const user = await signUpAndIn(stack, 'idem-replay');
    const body = { title: 'Morning light', scriptContent: 'The light comes in slowly over the water.' };
    const first = await user.client.post<Script>('/api/scripts', body, withKey('"create-morning-light"'));
    const again = await user.client.post<Script>('/api/scripts', body, withKey('"create-morning-light"'));
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    const scripts = (await user.client.get<Script[]>('/api/scripts')).body;
    expect(scripts.filter((script) => script.title === 'Morning light')).toHaveLength(1);

    // A bare token (Stripe's form) is the same key as the quoted one.
    const bare = await user.client.post<Script>('/api/scripts', body, withKey('create-morning-light'));
    expect(bare.headers.get('idempotent-replayed')).toBe('true');
    expect(bare.body.id).toBe(first.body.id);
  });

  it('refuses the same key with another body (422) and with another route (422), and makes nothing', async () => {
    const user = await signUpAndIn(stack, 'idem-reuse');
    const first = await user.client.post<Script>('/api/scripts', { title: 'First', scriptContent: 'One line.' }, withKey('k-1'));
    expect(first.status).toBe(201);
    const changed = await user.client.post<{ message: string; code: string }>('/api/scripts', { title: 'Second', scriptContent: 'One line.' }, withKey('k-1'));
    expect(changed.status).toBe(422);
    expect(changed.body).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', message: 'This Idempotency-Key was already used with a different request' });
    const elsewhere = await user.client.post('/api/templates', templateBody('Elsewhere'), withKey('k-1'));
    expect(elsewhere.status).toBe(422);
    const titles = (await user.client.get<Script[]>('/api/scripts')).body.map((script) => script.title);
    expect(titles).toContain('First');
    expect(titles).not.toContain('Second');
    expect((await user.client.get<VideoTemplate[]>('/api/templates')).body).toHaveLength(0);
  });

  it('keeps nothing for a call that failed, so the corrected call may use the same key', async () => {
    const user = await signUpAndIn(stack, 'idem-fail');
    const refused = await user.client.post('/api/scripts', { title: '', scriptContent: 'Text.' }, withKey('fix-and-retry'));
    expect(refused.status).toBe(400);
    const fixed = await user.client.post<Script>('/api/scripts', { title: 'Fixed', scriptContent: 'Text.' }, withKey('fix-and-retry'));
    expect(fixed.status).toBe(201);
    expect(fixed.headers.get('idempotent-replayed')).toBeNull();
  });

  it('answers 409 while the first call with the key is still running, then replays its answer', async () => {
    const user = await signUpAndIn(stack, 'idem-running');
    const script = (
      await user.client.post<Script>('/api/scripts', { title: 'Harbour', scriptContent: 'The harbour wakes up slowly at dawn, boats and gulls.' })
    ).body;
    const path = `/api/scripts/${script.id}/convert-to-audio`;
    const firstCall = user.client.post<ConvertToAudioResult>(path, {}, withKey('voice-once'));
    // The offline voice takes seconds: a call a moment later finds the first still running.
    await new Promise((resolve) => setTimeout(resolve, 400));
    const during = await user.client.post<{ code: string }>(path, {}, withKey('voice-once'));
    expect(during.status).toBe(409);
    expect(during.body.code).toBe('IDEMPOTENCY_KEY_IN_USE');
    const first = await firstCall;
    expect(first.status).toBe(200);
    const after = await user.client.post<ConvertToAudioResult>(path, {}, withKey('voice-once'));
    expect(after.status).toBe(200);
    expect(after.headers.get('idempotent-replayed')).toBe('true');
    expect(after.body).toEqual(first.body);
  });

  it('lets 10 parallel calls with one key make exactly one template and spend the limit once', async () => {
    const user = await signUpAndIn(stack, 'idem-race');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => user.client.post<VideoTemplate>('/api/templates', templateBody('Once'), withKey('one-template'))),
    );
    const statuses = new Set(answers.map((answer) => answer.status));
    expect([...statuses].every((status) => status === 201 || status === 409)).toBe(true);
    const created = answers.filter((answer) => answer.status === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(new Set(created.map((answer) => answer.body.id)).size).toBe(1);
    expect((await user.client.get<VideoTemplate[]>('/api/templates')).body).toHaveLength(1);
    // The free plan keeps 3 templates: the race spent one place, so two more fit and a third does not.
    expect((await user.client.post('/api/templates', templateBody('Two'))).status).toBe(201);
    expect((await user.client.post('/api/templates', templateBody('Three'))).status).toBe(201);
    expect((await user.client.post('/api/templates', templateBody('Four'))).status).toBe(403);
  });

  it("keeps each user's keys apart, and refuses a key that is not 1–255 visible characters", async () => {
    const one = await signUpAndIn(stack, 'idem-one');
    const two = await signUpAndIn(stack, 'idem-two');
    const a = await one.client.post<Script>('/api/scripts', { title: 'Mine', scriptContent: 'Mine.' }, withKey('shared-key'));
    const b = await two.client.post<Script>('/api/scripts', { title: 'Theirs', scriptContent: 'Theirs.' }, withKey('shared-key'));
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(b.headers.get('idempotent-replayed')).toBeNull();
    expect(b.body.id).not.toBe(a.body.id);

    for (const bad of ['x'.repeat(256), 'with space', '""']) {
      const refused = await one.client.post<{ code: string }>('/api/scripts', { title: 'Bad key', scriptContent: 'Text.' }, withKey(bad));
      expect(refused.status, bad).toBe(400);
      expect(refused.body.code).toBe('IDEMPOTENCY_KEY_INVALID');
    }
  });
  it("works the same for a bearer key: ten parallel creates with one key make one script, and the key is the user's across credentials", async () => {
    const user = await signUpAndIn(stack, 'idem-bearer');
    const made = await user.client.post<CreatedApiKey>('/api/api-keys', { name: 'n8n', scopes: ['read', 'write'] });
    expect(made.status).toBe(201);
    const agent = new KeyClient(stack.url, made.body.key);
    const body = { title: 'From n8n', scriptContent: 'Made by a workflow, once.' };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => agent.request<Script>('POST', '/api/scripts', body, { 'idempotency-key': 'n8n-run-42' })),
    );
    expect(answers.every((answer) => answer.status === 201 || answer.status === 409)).toBe(true);
    expect(new Set(answers.filter((answer) => answer.status === 201).map((answer) => answer.body.id)).size).toBe(1);
    const scripts = (await agent.get<Script[]>('/api/scripts')).body;
    expect(scripts.filter((script) => script.title === 'From n8n')).toHaveLength(1);
    // The same key from the page (cookie) is the same user's key: replayed, not made again.
    const fromPage = await user.client.post<Script>('/api/scripts', body, withKey('n8n-run-42'));
    expect(fromPage.headers.get('idempotent-replayed')).toBe('true');
  });
});
