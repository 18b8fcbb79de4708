import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fontCoverageSource } from '../../bin/make-caption-font-coverage';
import { fontMapping, scriptFamilies } from '../../functions/adapters/ffmpeg/fonts';
import { bundledFontsIn } from '../support/bundled-fonts';
import { parseCaptionSettings, type CaptionSettings } from '../../functions/contract/caption-settings';
import type { LanguageCode } from '../../functions/contract/languages';
import { buildAss, captionFontNames, captionScriptFontsOf } from '../../functions/contract/rules/ass-document';
import { applyCaptionLook, captionLooks, type CaptionLookName } from '../../functions/contract/rules/caption-looks';
import { captionSampleSentences, captionSampleWords, captionUpperCase, captionWords, captionWriting } from '../../functions/contract/rules/caption-scripts';
import { fontRuns, type ScriptFont } from '../../functions/contract/rules/caption-script-fonts';
import { estimateTextWidth } from '../../functions/contract/rules/caption-layout';
import type { WordTiming } from '../../functions/core/captions/word-timings';

/** One sentence per writing system, with the letters, marks and punctuation each is written with. */
export const scriptSamples: { name: string; language: LanguageCode | null; text: string }[] = [
  {
    name: 'Latin (Spanish, Portuguese, French, German, Polish, Turkish)',
    language: 'es',
    text: '¿Sabías que el café mañana? Ação, Straße, żółć, naïve, İstanbul’da “çay” — güzel… 100%!',
  },
  { name: 'Latin (Vietnamese-style stacks, Indonesian, Dutch)', language: 'id', text: 'Kopi ĳs “ổn” nhé — ça va?' },
  { name: 'Cyrillic (Russian, Ukrainian)', language: 'ru', text: 'Привет, мир! Ёжик съел щётку. Їжак ґанок «є»' },
  { name: 'Greek', language: null, text: 'Ο φρέσκος καφές αλλάζει το πρωί!' },
  { name: 'Arabic', language: 'ar', text: 'القهوة الطازجة تغيّر صباحك، أليس كذلك؟ ١٢٣!' },
  { name: 'Hebrew', language: null, text: 'קפה טרי משנה את הבוקר, נכון?' },
  { name: 'Devanagari (Hindi)', language: 'hi', text: 'ताज़ी कॉफ़ी आपकी सुबह बदल देती है। क्या?' },
  { name: 'Japanese', language: 'ja', text: '新鮮なコーヒーは、朝を変えます！「本当？」' },
  { name: 'Chinese (Simplified)', language: 'zh', text: '新鲜的咖啡改变你的早晨，真的吗？“是的”。' },
  { name: 'Korean', language: 'ko', text: '신선한 커피가 아침을 바꿉니다. 정말요?' },
  { name: 'Thai', language: null, text: 'กาแฟสดเปลี่ยนเช้าของคุณ จริงไหม?' },
];

const words = (text: string): WordTiming[] => text.split(' ').map((word, i) => ({ word, start: i * 0.5, end: i * 0.5 + 0.4 }));

describe('caption fonts cover every script', () => {
  for (const family of Object.keys(fontMapping) as CaptionSettings['font_family'][]) {
    for (const sample of scriptSamples) {
      it(`${family}: every character of the ${sample.name} sample is in the font that draws it, in capitals too`, () => {
        const writing = captionWriting(sample.text, sample.language);
        const missing: string[] = [];
        for (const text of [sample.text, captionUpperCase(sample.text, writing)]) {
          for (const run of fontRuns(text, captionFontNames[family], writing)) {
            const folder = run.font ? scriptFamilies[run.font].folder : fontMapping[family].folder;
            const fonts = bundledFontsIn(folder);
            expect(fonts.length).toBeGreaterThan(0);
            for (const char of run.text) {
              const cp = char.codePointAt(0) ?? 0;
              if (!fonts.every((font) => font.hasGlyphForCodePoint(cp))) missing.push(`${char} (U+${cp.toString(16).toUpperCase()}) in ${folder}`);
            }
          }
        }
        expect(missing, 'characters that would draw as boxes').toEqual([]);
      });
    }
  }

  it('the coverage table the ASS builder reads is the bundled fonts’ (run bin/make-caption-font-coverage.ts when it is not)', () => {
    const committed = readFileSync(fileURLToPath(new URL('../../functions/contract/rules/caption-font-coverage.ts', import.meta.url)), 'utf8');
    expect(committed).toBe(fontCoverageSource());
  });

  it('a Latin text in a family that has its letters needs no script font; others name only the fonts they need', () => {
    const settings = parseCaptionSettings({});
    expect(captionScriptFontsOf(words('Fresh beans, café crème!'), settings)).toEqual([]);
    const needs = (text: string, language: LanguageCode | null): ScriptFont[] => captionScriptFontsOf(words(text), { ...settings, language });
    expect(needs('القهوة الطازجة', 'ar')).toEqual(['arabic']);
    expect(needs('新鮮なコーヒー', 'ja')).toEqual(['japanese']);
    expect(needs('新鲜的咖啡', 'zh')).toEqual(['han']);
    expect(needs('Привет мир', 'ru')).toEqual(['latin']);
    // Arimo draws Cyrillic itself.
    expect(captionScriptFontsOf(words('Привет мир'), { ...settings, font_family: 'Arial', language: 'ru' })).toEqual([]);
  });
});

describe('caption writing', () => {
  it('reads the writing system from the text where the language does not write it (a Japanese script stored as English)', () => {
    expect(captionWriting('新鮮なコーヒー', 'en')).toMatchObject({ language: 'ja', spaceSeparated: false, hasCase: false });
    expect(captionWriting('Fresh beans', 'tr')).toMatchObject({ language: 'tr' });
    expect(captionWriting('東京', 'ja')).toMatchObject({ language: 'ja', system: 'japanese' });
    expect(captionWriting('東京', null)).toMatchObject({ language: 'zh' });
    expect(captionWriting('קפה טרי', null)).toMatchObject({ language: null, system: 'hebrew', direction: 'rtl' });
    expect(captionWriting('1, 2, 3', 'ar')).toMatchObject({ language: 'ar', direction: 'rtl' });
  });

  it('capitals only where the script has case, with the language’s rules', () => {
    expect(captionUpperCase('istanbul', captionWriting('istanbul', 'tr'))).toBe('İSTANBUL');
    expect(captionUpperCase('istanbul', captionWriting('istanbul', 'en'))).toBe('ISTANBUL');
    expect(captionUpperCase('καφές', captionWriting('καφές', null))).toBe('ΚΑΦΕΣ');
    expect(captionUpperCase('コーヒー', captionWriting('コーヒー', 'ja'))).toBe('コーヒー');
  });

  it('cuts a Japanese run into words with their times shared, particles joined to the word before', () => {
    const cut = captionWords([{ word: '新鮮なコーヒーは朝を変えます。', start: 0, end: 3 }], captionWriting('新鮮なコーヒー', 'ja'));
    expect(cut.map((w) => w.word)).toEqual(['新鮮な', 'コーヒーは', '朝を', '変えます。']);
    expect(cut[0]?.start).toBe(0);
    expect(cut[cut.length - 1]?.end).toBe(3);
    for (let i = 1; i < cut.length; i++) expect(cut[i]?.start).toBe(cut[i - 1]?.end);
  });

  it('the previews’ sample sentence is cut like the render’s words in every language', () => {
    expect(captionSampleWords('en')).toEqual(['Your', 'words', 'appear', 'here', 'as', 'they', 'are', 'spoken']);
    expect(captionSampleWords('ja').join('')).toBe(captionSampleSentences.ja);
    expect(captionSampleWords('ja')).toContain('表示されます');
    expect(captionSampleWords('ar')).toHaveLength(5);
  });

  it('joins Japanese and Chinese words without spaces, and keeps spaces in Korean', () => {
    const settings = parseCaptionSettings({ style: 'classic' });
    const dialogue = (text: string, language: LanguageCode) =>
      buildAss(words(text), { ...settings, language }, { fontName: 'Archivo Black' })
        .split('\n')
        .filter((line) => line.startsWith('Dialogue'))
        .map((line) => line.replace(/^([^,]*,){9}/, '').replace(/\{[^}]*\}/g, ''));
    expect(dialogue('新鮮なコーヒーは朝を変えます。', 'ja')).toEqual(['新鮮なコーヒーは', '朝を変えます。']);
    expect(dialogue('新鲜的咖啡改变你的早晨。', 'zh').join('')).toBe('新鲜的咖啡改变你的早晨。');
    expect(dialogue('신선한 커피가 아침을 바꿉니다.', 'ko').join(' ')).toBe('신선한 커피가 아침을 바꿉니다.');
  });

  it('sets Arabic and Hebrew lines right to left (libass finds the base direction: Encoding -1)', () => {
    const style = (text: string, language: LanguageCode | null) =>
      buildAss(words(text), { ...parseCaptionSettings({}), language }, { fontName: 'Archivo Black' })
        .split('\n')
        .find((line) => line.startsWith('Style: Caption'));
    expect(style('القهوة الطازجة', 'ar')?.endsWith(',-1')).toBe(true);
    expect(style('קפה טרי', null)?.endsWith(',-1')).toBe(true);
    expect(style('Fresh beans', 'en')?.endsWith(',1')).toBe(true);
  });

  it('every look highlights each word of every script, in the script font', () => {
    for (const sample of scriptSamples) {
      for (const look of Object.keys(captionLooks) as CaptionLookName[]) {
        const settings = applyCaptionLook(parseCaptionSettings({}), look);
        const ass = buildAss(words(sample.text), { ...settings, language: sample.language }, { fontName: 'Archivo Black' });
        const writing = captionWriting(sample.text, sample.language);
        const expected = captionWords(words(sample.text), writing);
        // Each caption word is drawn (its text appears once the tags are stripped out).
        const drawn = ass.replace(/\{[^}]*\}/g, '');
        for (const w of expected) expect(drawn, `${look}: ${w.word}`).toContain(settings.all_caps ? captionUpperCase(w.word, writing) : w.word);
      }
    }
  });

  it('estimates widths for every script (a CJK character is about an em, marks are nothing)', () => {
    const px = 95.2;
    const cjk = estimateTextWidth('新鮮な', 'The Bold Font', px);
    expect(cjk).toBeGreaterThan(2.8 * px * 0.7);
    expect(cjk).toBeLessThan(3.2 * px * 0.76);
    expect(estimateTextWidth('कि', 'The Bold Font', px)).toBeCloseTo(
      estimateTextWidth('क', 'The Bold Font', px) + estimateTextWidth('ि', 'The Bold Font', px),
      5,
    );
    expect(estimateTextWidth('القهوة', 'The Bold Font', px)).toBeGreaterThan(px);
  });
});
