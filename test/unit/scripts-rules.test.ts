import { describe, expect, it } from 'vitest';
import { captionMessages, countHashtags, countWords, postCaptionProblem } from '../../functions/contract/rules/post-caption';
import { composePostCaption, padHashtags, truncateHook } from '../../functions/core/scripts/caption-rules';
import { createScriptTemplateSchema, durationSeconds, generateScriptsSchema } from '../../functions/contract/generation';
import { finishDraft, fitToWords, targetWordsFor, writeRequestFor } from '../../functions/core/scripts/generation';
import { newScript, scriptChanges } from '../../functions/core/scripts/script';
import { subjectCategoryGroups, groupOfCategory } from '../../functions/contract/rules/subject-categories';

describe('the post caption rule', () => {
  it('counts words and hashtags the way the live counters do', () => {
    expect(countWords('  one two\nthree  ')).toBe(3);
    expect(countWords('')).toBe(0);
    expect(countHashtags('a #one #two_2 #drei #x# #')).toBe(3);
    expect(countHashtags('email@host #tag')).toBe(1);
  });

  it('allows 30 words with exactly 6 hashtags, and names the first broken rule', () => {
    const tags = '#a #b #c #d #e #f';
    expect(postCaptionProblem(`${'word '.repeat(24)}${tags}`)).toBeUndefined();
    expect(postCaptionProblem(`${'word '.repeat(25)}${tags}`)).toBe(captionMessages.tooManyWords);
    expect(postCaptionProblem('Five tags #a #b #c #d #e')).toBe(captionMessages.hashtags);
    expect(postCaptionProblem('Seven #a #b #c #d #e #f #g')).toBe(captionMessages.hashtags);
  });

  it('pads hashtags to exactly six with the documented defaults, in order, without repeats', () => {
    expect(padHashtags([])).toEqual(['#content', '#viral', '#trending', '#socialmedia', '#creator', '#engagement']);
    expect(padHashtags(['Travel Tips', '#travel', 'travel', '#Viral'])).toEqual(['#traveltips', '#travel', '#viral', '#content', '#trending', '#socialmedia']);
    expect(padHashtags(['a', 'b', 'c', 'd', 'e', 'f', 'g'])).toHaveLength(6);
    expect(padHashtags(['###', '  '])).toHaveLength(6);
  });

  it('cuts a hook to 24 words and takes hashtags out of it', () => {
    const long = Array.from({ length: 40 }, (_, i) => `w${i}`).join(' ');
    expect(countWords(truncateHook(long))).toBe(24);
    expect(truncateHook(long).endsWith('…')).toBe(true);
    expect(truncateHook('Short hook #tag here')).toBe('Short hook here');
  });

  it('composes a caption that always passes the rule', () => {
    const caption = composePostCaption('x '.repeat(50), ['one']);
    expect(postCaptionProblem(caption)).toBeUndefined();
    expect(postCaptionProblem(composePostCaption('', []))).toBeUndefined();
  });
});

describe('generation rules', () => {
  it('reads durations and plans about 2.5 words a second', () => {
    expect(durationSeconds('30 sec')).toBe(30);
    expect(durationSeconds('1 min')).toBe(60);
    expect(durationSeconds('0:45')).toBe(45);
    expect(durationSeconds('soon')).toBeUndefined();
    expect(targetWordsFor(15)).toBe(38);
    expect(targetWordsFor(60)).toBe(150);
  });

  it('validates the form with the documented messages and fixes platform and tone', () => {
    const ok = generateScriptsSchema.parse({ duration: '15 sec', extraInstructions: 'abc', platform: 'TikTok', preferredFolderId: 'all' });
    expect(ok).toMatchObject({ scriptCount: 1, preferredFolderId: null, topic: null });
    expect(writeRequestFor({ ...ok, count: ok.scriptCount })).toMatchObject({ platform: 'Social Media', toneStyle: 'Informative', targetWords: 38 });
    const bad = generateScriptsSchema.safeParse({ duration: '', extraInstructions: 'ab', scriptCount: 5 });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.message)).toEqual([
      'Duration is required',
      'Number of scripts must be 1, 2 or 3',
      'Prompt is required and should be at least 3 characters',
    ]);
  });

  it('cuts an overlong draft at a sentence end', () => {
    const text = 'One two three. Four five six. Seven eight nine ten.';
    expect(fitToWords(text, 7)).toBe('One two three. Four five six.');
    expect(fitToWords(text, 100)).toBe(text);
    expect(countWords(fitToWords('a '.repeat(50), 10))).toBe(10);
  });

  it('finishes a draft by the product rules', () => {
    const request = writeRequestFor({ topic: 'Tea', subjectCategory: null, extraInstructions: 'x', duration: '15 sec', count: 1 });
    const done = finishDraft(
      { title: '"Tea time"', content: 'Sentence here. '.repeat(40), hashtags: ['tea'], hookSuggestion: '' },
      request,
      '15 sec',
      'offline',
    );
    expect(done.title).toBe('Tea time');
    expect(done.hashtags[0]).toBe('#tea');
    expect(done.hashtags).toHaveLength(6);
    expect(done.wordCount).toBeLessThanOrEqual(Math.round(38 * 1.2));
    expect(done.hookSuggestion).toBe('Sentence here.');
    expect(postCaptionProblem(done.postCaption)).toBeUndefined();
  });
});

describe('script state rules', () => {
  const now = new Date('2026-11-22T10:00:00Z');
  const produced = {
    ...newScript({ id: 'S1', userId: 'U1', now, title: 'T', scriptContent: 'Words.', postCaption: 'c #a #b #c #d #e #f' }),
    audioUrl: '/api/audio/a.mp3',
    audioGenerationStatus: 'complete' as const,
    videoUrl: '/api/video/v.mp4',
    videoGenerationStatus: 'complete' as const,
  };

  it('resets both statuses and clears audio and video when the content or caption changes', () => {
    for (const patch of [{ scriptContent: 'Other words.' }, { postCaption: 'd #a #b #c #d #e #f' }]) {
      expect(scriptChanges(produced, patch, now)).toMatchObject({
        audioGenerationStatus: 'idle',
        videoGenerationStatus: 'idle',
        audioUrl: null,
        videoUrl: null,
        videoMetadata: null,
        thumbnailUrl: null,
        usedMediaIds: null,
      });
    }
  });

  it('keeps audio and video for other changes, or when the words are unchanged', () => {
    expect(scriptChanges(produced, { isActive: false, scriptContent: 'Words.' }, now)).not.toHaveProperty('audioUrl');
  });

  it('records when a new video arrived', () => {
    expect(scriptChanges(produced, { videoUrl: '/api/video/w.mp4' }, now).videoGeneratedAt).toBe(now.toISOString());
  });
});

describe('script templates and categories', () => {
  it('saves 3 scripts when no count is given and needs a name', () => {
    expect(createScriptTemplateSchema.parse({ name: ' Mine ' })).toMatchObject({ name: 'Mine', scriptCount: 3, topic: null });
    expect(createScriptTemplateSchema.parse({ name: 'x', scriptCount: null }).scriptCount).toBe(3);
    expect(createScriptTemplateSchema.safeParse({ name: ' ' }).error?.issues[0]?.message).toBe('Please enter a template name');
  });

  it('groups the subject categories under their # headers', () => {
    const groups = subjectCategoryGroups();
    expect(groups.map((g) => g.label)).toEqual([
      'Professional & Educational',
      'Business',
      'Corporate',
      'Sports',
      'Wellness',
      'Fitness',
      'Creative',
      'Pop Culture',
      'Lifestyle',
      'Beauty',
      'Entertainment',
      'Family and Kids',
    ]);
    expect(groups.every((g) => g.options.length >= 5)).toBe(true);
    expect(groupOfCategory('personal trainer')).toBe('Fitness');
    expect(groupOfCategory('#Beauty')).toBe('Beauty');
  });
});
