import { describe, expect, it } from 'vitest';
import { OfflineScriptWriter } from '../../functions/adapters/local/offline-script-writer';
import { languageInstruction } from '../../functions/adapters/providers/openai-script-writer';
import { generateScriptsSchema, createScriptTemplateSchema } from '../../functions/contract/generation';
import { languageMessages } from '../../functions/contract/languages';
import { languageWordCount } from '../../functions/contract/rules/language-words';
import { countHashtags, postCaptionProblem } from '../../functions/contract/rules/post-caption';
import { createScheduleSchema, createTemplateSchema, updateScheduleSchema } from '../../functions/contract/workflows';
import { updateUserSchema } from '../../functions/contract/auth';
import { publicUserSchema } from '../../functions/contract/users';
import { ValidationError } from '../../functions/core/errors';
import { composePostCaption, normalizeHashtag, truncateHook } from '../../functions/core/scripts/caption-rules';
import { finishDraft, fitToWords, targetWordsFor, writeRequestFor } from '../../functions/core/scripts/generation';
import { changesWords, newScript, scriptChanges } from '../../functions/core/scripts/script';
import { chosenLanguage, userLanguageOf } from '../../functions/core/users/user-language';

const japanese =
  'おはようございます、今日は簡単な習慣を三つ紹介します。まず、大きなコップで水を一杯飲みましょう。次に、十分間外の空気を吸いましょう。最後に、今日いちばん大事な仕事を書き出しましょう。';

describe('which language a new script is written in', () => {
  it('is the first named, from the request to the template or schedule to the user’s default, else English', () => {
    expect(chosenLanguage('es', 'pt', 'de')).toBe('es');
    expect(chosenLanguage(undefined, null, 'de')).toBe('de');
    expect(chosenLanguage(undefined, null)).toBe('en');
    expect(chosenLanguage()).toBe('en');
  });

  it('reads the user’s default, English for a user without one (or none found)', async () => {
    const users = { get: async (id: string) => (id === 'u1' ? ({ language: 'ja' } as never) : undefined) };
    expect(await userLanguageOf(users)('u1')).toBe('ja');
    expect(await userLanguageOf(users)('u2')).toBe('en');
  });
});

describe('the language field on every request', () => {
  it('reads a region or script subtag as its language and refuses an unsupported code naming the supported ones', () => {
    const base = { duration: '30 sec', extraInstructions: 'Three habits' };
    expect(generateScriptsSchema.parse({ ...base, language: 'pt-BR' }).language).toBe('pt');
    expect(generateScriptsSchema.parse(base).language).toBeUndefined();
    const refused = generateScriptsSchema.safeParse({ ...base, language: 'xx' });
    expect(refused.error?.issues[0]?.message).toBe(languageMessages.unsupported('xx'));
    expect(createScriptTemplateSchema.parse({ name: 'T', language: 'zh-Hans' }).language).toBe('zh');
    expect(createTemplateSchema.parse({ name: 'T', topic: 't', subjectCategory: 's', language: 'ES' }).language).toBe('es');
    expect(createScheduleSchema.parse({ name: 'S', templateId: 't1' }).language).toBeUndefined();
    expect(updateScheduleSchema.safeParse({ language: 'klingon' }).success).toBe(false);
    expect(updateUserSchema.parse({ language: 'de-AT' }).language).toBe('de');
  });

  it('reads English from a user record older than languages', () => {
    const user = publicUserSchema.shape.language;
    expect(user.parse(undefined)).toBe('en');
    expect(user.parse(null)).toBe('en');
    expect(user.parse('ko')).toBe('ko');
  });
});

describe('a script’s language', () => {
  const script = newScript({ id: 's1', userId: 'u1', title: 'T', scriptContent: 'Words.', now: new Date('2026-05-01T00:00:00Z') });

  it('is English unless the request names one', () => {
    expect(script.language).toBe('en');
    expect(newScript({ id: 's2', userId: 'u1', title: 'T', scriptContent: 'Palabras.', language: 'es', now: new Date() }).language).toBe('es');
  });

  it('changed, resets the voice-over and the video (they would speak the old language); the same language changes nothing', () => {
    const voiced = { ...script, audioUrl: '/api/audio/a.mp3', audioGenerationStatus: 'complete' as const, videoUrl: '/api/video/v.mp4' };
    expect(changesWords(voiced, { language: 'en' })).toBe(false);
    expect(changesWords(voiced, { language: 'es' })).toBe(true);
    expect(scriptChanges(voiced, { language: 'es' }, new Date())).toMatchObject({
      language: 'es',
      audioUrl: null,
      videoUrl: null,
      audioGenerationStatus: 'idle',
    });
  });
});

describe('the writer’s rules in a language without spaces', () => {
  it('plans Japanese and Chinese by their own words, every other language at 2.5 words a second', () => {
    expect(targetWordsFor(30)).toBe(75);
    expect(targetWordsFor(30, 'de')).toBe(75);
    expect(targetWordsFor(30, 'ja')).toBe(96);
    expect(targetWordsFor(30, 'zh')).toBe(69);
    expect(writeRequestFor({ topic: null, subjectCategory: null, extraInstructions: 'x', duration: '30 sec', count: 1, language: 'ja' })).toMatchObject({
      language: 'ja',
      targetWords: 96,
    });
  });

  it('cuts Japanese at a sentence end (。) by its own word count', () => {
    const cut = fitToWords(japanese, 30, 'ja');
    expect(languageWordCount(cut, 'ja')).toBeLessThanOrEqual(30);
    expect(cut.endsWith('。')).toBe(true);
    expect(japanese.startsWith(cut)).toBe(true);
    expect(fitToWords(japanese, 500, 'ja')).toBe(japanese);
  });

  it('keeps a hook to 24 of its words, and a post caption of 30 words with exactly six hashtags', () => {
    const hook = truncateHook(japanese, 'ja');
    expect(hook.endsWith('…')).toBe(true);
    expect(languageWordCount(hook.slice(0, -1), 'ja')).toBe(24);
    expect(hook).not.toContain(' ');
    const caption = composePostCaption(japanese, ['朝活', '習慣', '健康', 'モチベーション', '毎日', 'ヒント'], 'ja');
    expect(countHashtags(caption)).toBe(6);
    expect(languageWordCount(caption, 'ja')).toBeLessThanOrEqual(30 + 6 * 2);
    expect(postCaptionProblem(caption)).toBeUndefined();
  });

  it('keeps the combining marks of a Hindi hashtag, so it counts as one', () => {
    expect(normalizeHashtag('#हिन्दी')).toBe('#हिन्दी');
    expect(countHashtags('#हिन्दी #योग #स्वास्थ्य #सुबह #आदत #टिप्स')).toBe(6);
  });

  it('finishes a Japanese draft with its word count, estimated seconds and language', () => {
    const request = writeRequestFor({ topic: '朝', subjectCategory: null, extraInstructions: 'x', duration: '15 sec', count: 1, language: 'ja' });
    const done = finishDraft({ title: '朝の習慣', content: japanese, hashtags: ['朝活'], hookSuggestion: '' }, request, '15 sec', 'openai');
    expect(done.language).toBe('ja');
    expect(done.wordCount).toBe(languageWordCount(done.content, 'ja'));
    expect(done.wordCount).toBeLessThanOrEqual(Math.round(request.targetWords * 1.2));
    expect(done.estimatedSeconds).toBe(Math.round(done.wordCount / 3.2));
    expect(done.hookSuggestion).toBe('おはようございます、今日は簡単な習慣を三つ紹介します。');
  });
});

describe('the writers and the language', () => {
  it('the OpenAI prompt names the language in English and in itself, for every part the creator sees', () => {
    expect(languageInstruction('es')).toContain('write everything in Spanish (Español): the title, the script, the hookSuggestion and the hashtags');
  });

  it('the offline writer writes English and refuses any other language with a message saying so', async () => {
    const writer = new OfflineScriptWriter(() => 0.5);
    const english = writeRequestFor({ topic: 'Tea', subjectCategory: null, extraInstructions: 'x', duration: '15 sec', count: 1 });
    expect((await writer.write(english)).scripts).toHaveLength(1);
    const error = await writer.write({ ...english, language: 'fr' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as Error).message).toBe(languageMessages.offlineWriter('fr'));
  });
});
