import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../bin/local/stack';
import type { ScriptTemplate } from '../../functions/contract/generation';
import { languageMessages } from '../../functions/contract/languages';
import type { Script } from '../../functions/contract/scripts';
import type { PublicUser } from '../../functions/contract/users';
import type { AutomationSchedule, VideoTemplate } from '../../functions/contract/workflows';
import { setProfile, signUpAndIn, type SignedInUser } from './support/accounts';
import { startTestStack } from './support/stack';

/**
 * One language setting over HTTP, with the offline writer (no OpenAI key): `language` on scripts,
 * generation, script and video templates, schedules and the user's default; a region subtag is read as
 * its language, an unsupported code is a 400 naming the supported ones, and the offline writer refuses
 * to write anything but English instead of passing English off as another language.
 */
let stack: LocalStack;

beforeAll(async () => {
  delete process.env.OPENAI_API_KEY;
  delete process.env.OPENAI_BASE_URL;
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
});

const unsupported = languageMessages.unsupported('xx');
const scriptBody = { title: 'Rutina', scriptContent: 'Buenos días. Hoy te enseño tres hábitos sencillos.' };
const generation = { topic: 'Morning routines', duration: '15 sec', scriptCount: 1, extraInstructions: 'Three quick habits' };

async function createScript(user: SignedInUser, extra: Record<string, unknown> = {}) {
  return user.client.post<Script & { message?: string }>('/api/scripts', { ...scriptBody, ...extra });
}

describe('a script’s language', () => {
  it('is stored as its language code (pt-BR → pt), defaults to English, and an unsupported code is a 400 naming the supported ones', async () => {
    const user = await signUpAndIn(stack, 'lang');
    const brazilian = await createScript(user, { language: 'pt-BR' });
    expect(brazilian.status, JSON.stringify(brazilian.body)).toBe(201);
    expect(brazilian.body.language).toBe('pt');
    expect((await createScript(user)).body.language).toBe('en');

    const refused = await createScript(user, { language: 'xx' });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(unsupported);
    expect(refused.body.message).toContain('en, es, pt, fr, de');
    expect((await user.client.post<{ message: string }>('/api/scripts', { ...scriptBody, language: 42 })).body.message).toBe(languageMessages.notAString);

    const listed = (await user.client.get<Script[]>('/api/scripts')).body;
    expect(listed.map((script) => script.language).sort()).toEqual(['en', 'pt']);
  });

  it('PATCH changes it, and a new language resets the voice-over and the video like new words do', async () => {
    const user = await signUpAndIn(stack, 'langpatch');
    const made = (await createScript(user)).body;
    await user.client.patch(`/api/scripts/${made.id}`, {
      audioUrl: '/api/audio/a.mp3',
      audioGenerationStatus: 'complete',
      videoUrl: '/api/video/v.mp4',
      videoGenerationStatus: 'complete',
    });
    const same = await user.client.patch<Script>(`/api/scripts/${made.id}`, { language: 'en' });
    expect(same.body).toMatchObject({ language: 'en', audioUrl: '/api/audio/a.mp3', videoUrl: '/api/video/v.mp4' });

    const changed = await user.client.patch<Script>(`/api/scripts/${made.id}`, { language: 'es-MX' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toMatchObject({ language: 'es', audioUrl: null, videoUrl: null, audioGenerationStatus: 'idle', videoGenerationStatus: 'idle' });
    const refused = await user.client.patch<{ message: string }>(`/api/scripts/${made.id}`, { language: 'xx' });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(unsupported);
  });
});

describe('the user’s default language', () => {
  it('is English until chosen in Settings (older profiles too); new scripts and templates take it when they name none', async () => {
    const user = await signUpAndIn(stack, 'langdefault');
    expect((await user.client.get<PublicUser>('/api/user')).body.language).toBe('en');
    // A profile written before languages.
    await setProfile(user.id, { language: null });
    expect((await user.client.get<PublicUser>('/api/user')).body.language).toBe('en');

    const refused = await user.client.patch<{ message: string }>('/api/user', { language: 'xx' });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(unsupported);
    const chosen = await user.client.patch<PublicUser>('/api/user', { language: 'de-AT' });
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    expect(chosen.body.language).toBe('de');
    expect((await user.client.get<PublicUser>('/api/user')).body.language).toBe('de');

    expect((await createScript(user)).body.language).toBe('de');
    expect((await createScript(user, { language: 'ja' })).body.language).toBe('ja');
    const template = await user.client.post<ScriptTemplate>('/api/script-templates', { name: 'Mornings', duration: '15 sec' });
    expect(template.status, JSON.stringify(template.body)).toBe(201);
    expect(template.body.language).toBe('de');
    const videoTemplate = await user.client.post<VideoTemplate>('/api/templates', {
      name: 'Daily',
      topic: 'Focus',
      subjectCategory: 'Teacher',
      duration: '15 sec',
    });
    expect(videoTemplate.body.language).toBe('de');
  });
});

describe('templates and schedules', () => {
  it('a script template keeps the language it was saved with', async () => {
    const user = await signUpAndIn(stack, 'langtpl');
    const saved = await user.client.post<ScriptTemplate>('/api/script-templates', { name: 'Dicas', language: 'pt-PT' });
    expect(saved.body.language).toBe('pt');
    expect((await user.client.get<ScriptTemplate[]>('/api/script-templates')).body.find((template) => template.id === saved.body.id)?.language).toBe('pt');
    const refused = await user.client.post<{ message: string }>('/api/script-templates', { name: 'Bad', language: 'xx' });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(unsupported);
  });

  it('a video template keeps its language; a schedule takes its template’s unless it names one; both refuse an unsupported code', async () => {
    const user = await signUpAndIn(stack, 'langsched');
    const template = (
      await user.client.post<VideoTemplate>('/api/templates', { name: 'Diário', topic: 'Foco', subjectCategory: 'Teacher', duration: '15 sec', language: 'pt' })
    ).body;
    expect(template.language).toBe('pt');
    const inherits = await user.client.post<AutomationSchedule>('/api/automation-schedules', { name: 'Manhãs', templateId: template.id, isActive: false });
    expect(inherits.status, JSON.stringify(inherits.body)).toBe(201);
    expect(inherits.body.language).toBe('pt');
    const own = await user.client.post<AutomationSchedule>('/api/automation-schedules', {
      name: 'Mañanas',
      templateId: template.id,
      isActive: false,
      language: 'es',
    });
    expect(own.body.language).toBe('es');
    const changed = await user.client.patch<AutomationSchedule>(`/api/automation-schedules/${own.body.id}`, { language: 'fr' });
    expect(changed.body.language).toBe('fr');
    expect((await user.client.get<AutomationSchedule[]>('/api/automation-schedules')).body.find((schedule) => schedule.id === own.body.id)?.language).toBe(
      'fr',
    );
    const updated = await user.client.put<VideoTemplate>(`/api/templates/${template.id}`, { language: 'ja' });
    expect(updated.body.language).toBe('ja');

    for (const [method, path, body] of [
      ['post', '/api/templates', { name: 'X', topic: 'Y', subjectCategory: 'Z', duration: '15 sec', language: 'xx' }],
      ['put', `/api/templates/${template.id}`, { language: 'xx' }],
      ['post', '/api/automation-schedules', { name: 'X', templateId: template.id, language: 'xx' }],
      ['patch', `/api/automation-schedules/${own.body.id}`, { language: 'xx' }],
    ] as const) {
      const refused = await user.client[method]<{ message: string }>(path, body);
      expect(refused.status, path).toBe(400);
      expect(refused.body.message, path).toBe(unsupported);
    }
  });
});

describe('generation with the offline writer', () => {
  it('writes English, and refuses another language with a message that says it writes English only, charging nothing', async () => {
    const user = await signUpAndIn(stack, 'langoffline');
    const english = await user.client.post<{ scripts: { language: string }[]; source: string }>('/api/generate-scripts', generation);
    expect(english.status, JSON.stringify(english.body)).toBe(200);
    expect(english.body.scripts[0]?.language).toBe('en');

    const spanish = await user.client.post<{ message: string }>('/api/generate-scripts', { ...generation, language: 'es' });
    expect(spanish.status).toBe(400);
    expect(spanish.body.message).toBe(languageMessages.offlineWriter('es'));
    expect(spanish.body.message).toContain('English only');
    const before = (await user.client.get<PublicUser>('/api/user')).body.scriptTokensUsed;

    // The user's default counts as asking for it.
    await user.client.patch('/api/user', { language: 'ja' });
    const japanese = await user.client.post<{ message: string }>('/api/generate-scripts', generation);
    expect(japanese.status).toBe(400);
    expect(japanese.body.message).toBe(languageMessages.offlineWriter('ja'));
    expect((await user.client.get<PublicUser>('/api/user')).body.scriptTokensUsed).toBe(before);

    const refused = await user.client.post<{ message: string }>('/api/generate-scripts', { ...generation, language: 'xx' });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(unsupported);
  });
});
