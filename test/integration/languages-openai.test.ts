import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../bin/local/stack';
import { localScheduler } from '../../functions/adapters/local/in-process-scheduler';
import { localQueueIdle } from '../../functions/compose/runtime/local-queues';
import type { GenerationResult } from '../../functions/contract/generation';
import { languageWordCount } from '../../functions/contract/rules/language-words';
import { countHashtags } from '../../functions/contract/rules/post-caption';
import type { Script } from '../../functions/contract/scripts';
import type { AutomationSchedule, TestWorkflowResult, VideoTemplate } from '../../functions/contract/workflows';
import { startFakeOpenAi, type FakeOpenAi } from '../fakes/openai';
import { cannedLanguages } from '../fakes/openai-languages';
import { makeMedia } from '../support/media-files';
import { signUpAndIn } from './support/accounts';
import { uploadAsset } from './support/media';
import { startTestStack } from './support/stack';

/**
 * Writing in a language with the real `openai` SDK pointed at the wire-level fake, which answers in the
 * language the prompt names: generation in German, Japanese counted in its own words, and an automation
 * in Portuguese that writes, renders and mails a Portuguese video.
 */
let stack: LocalStack;
let fake: FakeOpenAi;
let scratch: string;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  process.env.OPENAI_API_KEY = 'sk-test-languages';
  process.env.OPENAI_BASE_URL = fake.baseURL;
  delete process.env.ELEVENLABS_API_KEY;
  stack = await startTestStack({ retryScale: 0.01 });
  scratch = mkdtempSync(join(tmpdir(), 'languages-openai-'));
});
afterAll(async () => {
  await localScheduler().idle();
  await localQueueIdle('jobs');
  await stack?.stop();
  await fake?.close();
  delete process.env.OPENAI_API_KEY;
  delete process.env.OPENAI_BASE_URL;
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

const body = { topic: 'Morning routines', duration: '30 sec', scriptCount: 1, extraInstructions: 'Three quick habits' };

function systemPromptOfLastRequest(): string {
  const messages = fake.requests.at(-1)?.body.messages as { content: string }[];
  return messages[0]?.content ?? '';
}

describe('the OpenAI writer in a language', () => {
  it('writes German when asked (de-DE read as de): title, script, caption and hashtags', async () => {
    const user = await signUpAndIn(stack, 'deutsch');
    const response = await user.client.post<GenerationResult>('/api/generate-scripts', { ...body, language: 'de-DE' });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(systemPromptOfLastRequest()).toContain('write everything in German (Deutsch)');
    expect(systemPromptOfLastRequest()).toContain('six relevant hashtags in German');
    const [script] = response.body.scripts;
    expect(script).toMatchObject({ language: 'de', title: cannedLanguages.de?.title, source: 'openai' });
    expect(script?.content).toContain('Guten Morgen');
    expect(script?.hashtags).toEqual(cannedLanguages.de?.hashtags.map((tag) => `#${tag}`));
    expect(script?.postCaption).toContain('Gewohnheiten');
    expect(countHashtags(script?.postCaption ?? '')).toBe(6);

    // Saved as the client saves it, the script keeps its language.
    const saved = await user.client.post<Script>('/api/scripts', {
      title: script?.title,
      scriptContent: script?.content,
      postCaption: script?.postCaption,
      language: script?.language,
      source: 'openai',
    });
    expect(saved.body.language).toBe('de');
  });

  it('writes in the user’s default language when the request names none, and counts Japanese in its own words', async () => {
    const user = await signUpAndIn(stack, 'nihongo');
    await user.client.patch('/api/user', { language: 'ja' });
    const response = await user.client.post<GenerationResult>('/api/generate-scripts', body);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    // Japanese has no spaces: the length is asked in characters.
    expect(systemPromptOfLastRequest()).toMatch(/Japanese \(日本語\)[\s\S]*about \d+ characters/);
    const [script] = response.body.scripts;
    expect(script?.language).toBe('ja');
    expect(script?.content).toContain('おはようございます');
    const words = languageWordCount(script?.content ?? '', 'ja');
    expect(script?.wordCount).toBe(words);
    // 30 s at 3.2 Japanese words a second, at most 1.2 times that.
    expect(words).toBeGreaterThan(20);
    expect(words).toBeLessThanOrEqual(Math.round(96 * 1.2));
    expect(script?.estimatedSeconds).toBe(Math.round(words / 3.2));
    expect(countHashtags(script?.postCaption ?? '')).toBe(6);
  });
});

describe('an automation in Portuguese', () => {
  it('writes a Portuguese script, renders it and mails the video', async () => {
    const user = await signUpAndIn(stack, 'portugues');
    await uploadAsset(user.client, await makeMedia(scratch, 'mp4', { seconds: 2, name: 'clip.mp4' }));
    const template = (
      await user.client.post<VideoTemplate>('/api/templates', {
        name: 'Manhãs',
        topic: 'Rotina da manhã',
        subjectCategory: 'Life Coach',
        duration: '15 sec',
        language: 'pt',
      })
    ).body;
    const recipient = `${user.username}-pt@example.com`;
    const created = await user.client.post<AutomationSchedule>('/api/automation-schedules', {
      name: 'Diário',
      templateId: template.id,
      emailRecipients: recipient,
      isActive: false,
    });
    expect(created.body.language).toBe('pt');

    const tested = await user.client.post<TestWorkflowResult>(`/api/automation-schedules/${created.body.id}/test`);
    expect(tested.status, JSON.stringify(tested.body)).toBe(200);
    expect(systemPromptOfLastRequest()).toContain('write everything in Portuguese (Português)');
    let script: Script | undefined;
    for (const began = Date.now(); Date.now() - began < 60_000; await new Promise((resolve) => setTimeout(resolve, 300))) {
      script = (await user.client.get<Script[]>('/api/scripts')).body.find((candidate) => candidate.id === tested.body.scriptId);
      if (script?.videoGenerationStatus === 'complete' || script?.videoGenerationStatus === 'failed') break;
    }
    expect(script).toMatchObject({ language: 'pt', title: cannedLanguages.pt?.title, videoGenerationStatus: 'complete' });
    expect(script?.scriptContent).toContain('Bom dia');
    expect(script?.postCaption).toContain('#hábitos');

    let mails: { to: string; text: string }[] = [];
    for (const began = Date.now(); mails.length === 0 && Date.now() - began < 15_000; await new Promise((resolve) => setTimeout(resolve, 250))) {
      mails = ((await (await fetch(`${stack.url}/dev/mailbox.json`)).json()) as { to: string; text: string }[]).filter(
        (mail) => mail.to === recipient.toLowerCase(),
      );
    }
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('/share/');
  });
});
