import { describe, expect, it } from 'vitest';
import { captionSettingsInputSchema, defaultCaptionSettings, parseCaptionSettings } from '../../functions/contract/caption-settings';
import { buildAss, type WordTiming } from '../../functions/contract/rules/ass-document';
import { captionLineWidth, captionPixels, estimateTextWidth } from '../../functions/contract/rules/caption-layout';
import { breakLines } from '../../functions/contract/rules/caption-line-breaks';
import { applyCaptionLook, captionLookNames, captionLooks, spokenWordsOf } from '../../functions/contract/rules/caption-looks';
import { wordsFromCharacters } from '../../functions/core/captions/word-timings';
import { scriptCaptionsOf } from '../../functions/core/workflows/automation-runner';
import { templateCaptionSettingsSchema } from '../../functions/contract/workflows';

const timed = (text: string, pause: Record<number, number> = {}): WordTiming[] => {
  let t = 0.2;
  return text.split(' ').map((word, i) => {
    const w = { word, start: t, end: t + 0.3 };
    t += 0.35 + (pause[i] ?? 0);
    return w;
  });
};
const words = timed('Fresh beans make 3 cups better.');
const dialogues = (ass: string) => ass.split('\n').filter((line) => line.startsWith('Dialogue:'));

describe('caption looks', () => {
  it('has at least six named looks, each preset a valid set of caption settings', () => {
    expect(captionLookNames.length).toBeGreaterThanOrEqual(6);
    for (const look of captionLookNames) {
      const parsed = captionSettingsInputSchema.safeParse({ ...captionLooks[look].preset, look });
      expect(parsed.success, look).toBe(true);
      expect(captionLooks[look].label.length).toBeGreaterThan(2);
    }
  });

  it('look null (and settings stored before looks) build exactly the documented plain styles', () => {
    const stored = parseCaptionSettings({ style: 'highlight', font_size: 60 });
    expect(stored.look).toBeNull();
    const ass = buildAss(words, stored, { fontName: 'Archivo Black' });
    expect(ass).not.toMatch(/Style: Box/);
    expect(dialogues(ass)[0]).toContain('{\\c&H0000FFFF\\t(0,80,\\fscx112\\fscy112)\\t(80,200,\\fscx100\\fscy100)}FRESH{\\r}');
  });

  it('each look animates in ASS', () => {
    const ass = (look: (typeof captionLookNames)[number]) => buildAss(words, applyCaptionLook(defaultCaptionSettings, look), { fontName: 'Archivo Black' });
    expect(dialogues(ass('pop'))).toHaveLength(words.length); // one word at a time
    expect(ass('pop')).toMatch(/\\fscx60\\fscy60\\t\(0,90,\\fscx114\\fscy114\)/);
    expect(ass('karaoke')).toMatch(/\\kf\d+/);
    expect(ass('boxed')).toMatch(/^Style: Box,.*,3,\d+,0,5,/m);
    expect(ass('minimal')).toMatch(/\\fad\(180,120\)\\move\(540,1508,540,1480,0,180\)/);
    expect(ass('neon')).toMatch(/\\blur9/);
    expect(ass('two_tone')).toMatch(/\\alpha&H90&/);
  });

  it('emphasises the keyword (the number) in the word colour at 125 %, and a creator can turn it off or choose another word', () => {
    const settings = applyCaptionLook(defaultCaptionSettings, 'two_tone');
    const ass = buildAss(words, settings, { fontName: 'Archivo Black' });
    expect(ass).toMatch(/\{\\c&H0000C7FF\\fscx125\\fscy125[^}]*\}3 /);
    const off = buildAss(words, { ...settings, emphasis: { 3: false, 1: true } }, { fontName: 'Archivo Black' });
    expect(off).not.toMatch(/\\fscx125\\fscy125[^}]*\}3 /);
    expect(off).toMatch(/\{\\c&H0000C7FF\\fscx\d+\\fscy\d+[^}]*\}BEANS /);
  });

  it('shrinks a line wider than the safe zone instead of letting it wrap', () => {
    const long = timed('Remarkable roasters everywhere');
    const ass = buildAss(
      long,
      { ...applyCaptionLook(defaultCaptionSettings, 'two_tone'), font_size: 80, emphasis: { 0: false } },
      { fontName: 'Archivo Black' },
    );
    const fit = Number(/\\fscx(\d+)\\fscy\d+/.exec(dialogues(ass)[0] ?? '')?.[1]);
    expect(fit).toBeLessThan(100);
    expect(fit).toBeGreaterThan(30);
    const width = estimateTextWidth('REMARKABLE ROASTERS EVERYWHERE', 'The Bold Font', captionPixels(80)) * (fit / 100);
    expect(width).toBeLessThanOrEqual(captionLineWidth('middle_center'));
  });
});

describe('the dialog’s key words', () => {
  it('counts the words as the voice-over’s timings do, so an emphasis index names the same word', () => {
    const text = '— Good coffee — starts with 3 fresh beans... Grind them , right away!';
    const characters = [...text];
    const timed = wordsFromCharacters({
      characters,
      characterStartTimesSeconds: characters.map((_, i) => i / 10),
      characterEndTimesSeconds: characters.map((_, i) => i / 10 + 0.05),
    });
    expect(spokenWordsOf(text)).toEqual(timed.map((w) => w.word));
  });
});

describe('phone-ready defaults', () => {
  it('a three-word line in capitals fills most of the safe width at the default size', () => {
    expect(defaultCaptionSettings.font_size).toBe(68);
    for (const line of ['HERE IS WHAT', 'START EVERY DAY.', 'FRESH BEANS MAKE']) {
      const width = estimateTextWidth(line, 'The Bold Font', captionPixels(defaultCaptionSettings.font_size));
      expect(width / 1080, line).toBeGreaterThan(0.5);
    }
  });

  it('templates start from the same phone-ready readings, and run with keyword emphasis', () => {
    const template = templateCaptionSettingsSchema.parse({});
    expect(template).toMatchObject({ fontSize: 68, maxWordsPerLine: 3, allCaps: true });
    const captions = scriptCaptionsOf({ captionSettings: template, backgroundAudioId: null, backgroundAudioVolume: 20 });
    expect(captions).toMatchObject({ font_size: 68, max_words_per_line: 3, all_caps: true, look: 'custom', emphasis: {} });
    const neon = templateCaptionSettingsSchema.parse({ look: 'neon' });
    expect(scriptCaptionsOf({ captionSettings: neon, backgroundAudioId: null, backgroundAudioVolume: 20 }).look).toBe('neon');
    expect(templateCaptionSettingsSchema.safeParse({ look: 'sparkles' }).success).toBe(false);
  });

  it('no lone word opens a sentence ("HERE" alone), unless a comma or a pause sets it apart', () => {
    const lines = (text: string, max: number, pause?: Record<number, number>) =>
      breakLines(timed(text, pause), max).map((line) => line.map((w) => w.word).join(' '));
    expect(lines('Here is what actually works.', 2)[0]).toBe('Here is');
    expect(lines('Here are three quick tips to make better coffee at home.', 2)[0]).toBe('Here are');
    expect(lines('Honestly, this changes everything you know.', 3)[0]).toBe('Honestly, this changes');
    expect(lines('Here, fresh beans make the difference.', 2)[0]).toBe('Here, fresh');
    expect(lines('Clean. Then grind.', 2)).toEqual(['Clean.', 'Then grind.']);
  });
});
