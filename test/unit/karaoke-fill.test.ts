import { describe, expect, it } from 'vitest';

import { parseCaptionSettings } from '../../functions/contract/caption-settings';
import { applyCaptionLook } from '../../functions/contract/rules/caption-looks';
import { karaokeShares, karaokeWord } from '../../functions/contract/rules/karaoke-fill';
import { buildAss } from '../../functions/core/captions/ass-builder';

/** The times in centiseconds of each `\k`/`\kf` tag of an ASS text, in order. */
const ks = (text: string) => [...text.matchAll(/\\kf?(\d+)/g)].map((m) => Number(m[1]));

describe('karaoke fill', () => {
  it('splits a word’s time over its graphemes, adding up to the whole', () => {
    expect(karaokeShares(150, 7)).toEqual([22, 22, 22, 21, 21, 21, 21]);
    expect(karaokeShares(3, 5)).toEqual([1, 1, 1, 0, 0]);
    expect(karaokeShares(10, 0)).toEqual([]);
  });

  it('keeps one \\kf sweep for a left-to-right word', () => {
    expect(karaokeWord('coffee', 0.1, 0.5, 'ltr', '\\fscx100\\fscy100')).toBe('{\\kf60\\fscx100\\fscy100}coffee');
  });

  it('lights a right-to-left word grapheme by grapheme in reading order, after its pause', () => {
    const text = karaokeWord('ستجربها', 0.2, 1.4, 'rtl');
    // A 20 cs pause, then the seven letters share the 140 cs it is spoken, from its first letter (س).
    expect(ks(text)).toEqual([20, 20, 20, 20, 20, 20, 20, 20]);
    expect(text).toBe('{\\k20}{\\k20}س{\\k20}ت{\\k20}ج{\\k20}ر{\\k20}ب{\\k20}ه{\\k20}ا');
    expect(text).not.toContain('\\kf');
  });

  it('keeps a letter’s combining marks with it and font runs in place', () => {
    const text = karaokeWord('{\\fnNoto Sans Arabic\\fs90}تغيّر{\\fn\\fs}', 0, 0.4, 'rtl');
    expect(text).toBe('{\\k0}{\\fnNoto Sans Arabic\\fs90}{\\k10}ت{\\k10}غ{\\k10}يّ{\\k10}ر{\\fn\\fs}');
  });

  it('an Arabic Karaoke line takes the same time as the words, an English one is unchanged', () => {
    const words = [
      { word: 'هل', start: 0.2, end: 0.5 },
      { word: 'تعلم', start: 0.6, end: 1.1 },
    ];
    const settings = { ...applyCaptionLook(parseCaptionSettings({}), 'karaoke'), language: 'ar' as const };
    const line = buildAss(words, settings, { fontName: 'X' })
      .split('\n')
      .find((l) => l.startsWith('Dialogue'));
    expect(line).toBeDefined();
    // Line from 0.2 s: no pause, هل 30 cs over two letters; a 10 cs pause, تعلم 50 cs over four.
    expect(ks(line ?? '')).toEqual([0, 15, 15, 10, 13, 13, 12, 12]);
    const english = buildAss(
      [
        { word: 'Did', start: 0.2, end: 0.5 },
        { word: 'you', start: 0.6, end: 1.1 },
      ],
      { ...applyCaptionLook(parseCaptionSettings({}), 'karaoke'), language: 'en' as const },
      { fontName: 'X' },
    );
    expect(ks(english.split('\n').find((l) => l.startsWith('Dialogue')) ?? '')).toEqual([30, 60]);
  });
});
