import { describe, expect, it } from 'vitest';
import { mapShotPlan, sentenceWordCounts } from '../../functions/core/translation/shot-mapping';
import { keepHashtags, translatedTitle } from '../../functions/core/translation/translation-service';

const shot = (text: string, id: string) => ({ text, mediaAssetId: id, mediaStartTime: 1.5, mediaDuration: 2, matchedTags: ['coffee'], focusX: 0.3 });

describe('the shot plan of a translation', () => {
  const english = 'Coffee first. Then the day starts slowly. Finish with a walk.';

  it('gives sentence i of the translation the clips of sentence i, keeping each clip, in-point and focus', () => {
    const shots = [shot('Coffee first.', 'a'), shot('Then the day starts slowly.', 'b'), shot('Finish with a walk.', 'c')];
    const mapped = mapShotPlan(
      { content: english, language: 'en', shots },
      { content: 'Primero el café. Luego el día empieza despacio. Termina con un paseo.', language: 'es' },
    );
    expect(mapped?.map((s) => [s.text, s.mediaAssetId])).toEqual([
      ['Primero el café.', 'a'],
      ['Luego el día empieza despacio.', 'b'],
      ['Termina con un paseo.', 'c'],
    ]);
    expect(mapped?.[1]).toMatchObject({ mediaStartTime: 1.5, focusX: 0.3 });
    expect(mapped?.[1]?.matchedTags).toBeUndefined();
  });

  it('cuts inside a sentence at the same share of its words', () => {
    const shots = [shot('Coffee first. Then the day', 'a'), shot('starts slowly. Finish with a walk.', 'b')];
    const mapped = mapShotPlan(
      { content: english, language: 'en', shots },
      { content: 'Primero el café. Luego el día empieza muy despacio. Termina con un paseo.', language: 'es' },
    );
    // "Then the day" is 3 of the sentence's 5 words: 3.6 of the 6 Spanish words, rounded to 4.
    expect(mapped?.map((s) => s.text)).toEqual(['Primero el café. Luego el día empieza', 'muy despacio. Termina con un paseo.']);
  });

  it('cuts Japanese (no spaces) at words and sentences, punctuation staying with its word', () => {
    const shots = [shot('Coffee first.', 'a'), shot('Then the day starts slowly.', 'b'), shot('Finish with a walk.', 'c')];
    const japanese = 'まずコーヒー。それから一日がゆっくり始まる。最後に散歩をする。';
    expect(sentenceWordCounts(japanese, 'ja')).toHaveLength(3);
    const mapped = mapShotPlan({ content: english, language: 'en', shots }, { content: japanese, language: 'ja' });
    expect(mapped?.map((s) => s.text)).toEqual(['まずコーヒー。', 'それから一日がゆっくり始まる。', '最後に散歩をする。']);
    expect(mapped?.map((s) => s.text).join('')).toBe(japanese);
  });

  it('maps in proportion when the sentence counts differ, never leaving a shot without words', () => {
    const shots = [shot('Coffee first.', 'a'), shot('Then the day starts slowly.', 'b'), shot('Finish with a walk.', 'c')];
    // Two sentences for three: the boundaries land at 2/3 of the first sentence (4 of 6 words) and 1/3 into the second (2 of 5).
    const two = mapShotPlan(
      { content: english, language: 'en', shots },
      { content: 'Primero café y luego el día. Termina con un paseo largo.', language: 'es' },
    );
    expect(two?.map((s) => s.mediaAssetId)).toEqual(['a', 'b', 'c']);
    expect(two?.map((s) => s.text)).toEqual(['Primero café y luego', 'el día. Termina con', 'un paseo largo.']);
    // A one-word translation keeps one shot.
    const tiny = mapShotPlan({ content: english, language: 'en', shots }, { content: 'Café.', language: 'es' });
    expect(tiny?.map((s) => [s.text, s.mediaAssetId])).toEqual([['Café.', 'a']]);
  });

  it('has nothing to map without shots or words', () => {
    expect(mapShotPlan({ content: english, language: 'en', shots: [] }, { content: 'Hola.', language: 'es' })).toBeNull();
    expect(mapShotPlan({ content: english, language: 'en', shots: [shot('Coffee first.', 'a')] }, { content: '  ', language: 'es' })).toBeNull();
  });
});

describe('the words of a translation around its shots', () => {
  it('keeps the original hashtags the translation dropped, and nothing when there was no caption', () => {
    const original = 'Three habits #morning #habits #routine';
    expect(keepHashtags(original, 'Tres hábitos #mañana #hábitos #rutina')).toBe('Tres hábitos #mañana #hábitos #rutina');
    expect(keepHashtags(original, 'Tres hábitos #mañana')).toBe('Tres hábitos #mañana #morning #habits');
    expect(keepHashtags(original, '')).toBe(original);
    expect(keepHashtags(null, 'Algo')).toBeNull();
  });

  it('titles a version by its translated title, or the original with the language named when it came back unchanged', () => {
    expect(translatedTitle('Morning habits', 'Hábitos matutinos', 'es')).toBe('Hábitos matutinos');
    expect(translatedTitle('Morning habits', 'morning habits ', 'de')).toBe('Morning habits (Deutsch)');
  });
});
