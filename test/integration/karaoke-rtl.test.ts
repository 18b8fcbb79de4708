import { describe, expect, it } from 'vitest';
import { parseCaptionSettings, type CaptionSettings } from '../../functions/contract/caption-settings';
import { applyCaptionLook } from '../../functions/contract/rules/caption-looks';
import type { WordTiming } from '../../functions/core/captions/word-timings';
import { boundingBox, captionFrames } from '../support/caption-frames';
import type { Rgb } from '../support/video-frames';

/**
 * The Karaoke fill inside a word runs the way the word is read: right to left in Arabic ("ستجربها" lights
 * from its first letter, "س", at the right), left to right in English. Frames of the render's libass with
 * the bundled fonts, at 40 % of a long word: the filled part (the word colour) lies on the reading side of
 * the part still to come (the line colour).
 */
const karaoke = (over: Partial<CaptionSettings> = {}): CaptionSettings => ({ ...applyCaptionLook(parseCaptionSettings({}), 'karaoke'), all_caps: false, ...over });
const green: Rgb = [0x3c, 0xf2, 0x6b];
const white: Rgb = [255, 255, 255];

/** `filled` is the colour a spoken part turns: the word colour in the Karaoke look, the line colour in the custom look's karaoke style. */
async function fillAt(word: string, language: 'ar' | 'en', settings: CaptionSettings, colours: { filled: Rgb; toCome: Rgb } = { filled: green, toCome: white }) {
  // One long word spoken from 0.2 s to 1.7 s; the frame at 40 % of it.
  const words: WordTiming[] = [{ word, start: 0.2, end: 1.7 }];
  const [frame] = await captionFrames(words, settings, [0.8], language);
  if (!frame) throw new Error('no frame');
  const filled = boundingBox(frame, colours.filled, colours.filled === green ? 90 : 60);
  const toCome = boundingBox(frame, colours.toCome, colours.toCome === green ? 90 : 60);
  expect(filled, 'part of the word is filled').not.toBeNull();
  expect(toCome, 'part of the word is still to come').not.toBeNull();
  return { filled: filled!, toCome: toCome! };
}

describe('karaoke fill direction', () => {
  it('fills an Arabic word from the right (the Karaoke look)', async () => {
    const { filled, toCome } = await fillAt('ستجربها', 'ar', karaoke());
    // The filled part's middle is right of the unfilled part's middle.
    expect(filled.x + filled.w / 2).toBeGreaterThan(toCome.x + toCome.w / 2);
    expect(filled.x + filled.w).toBeGreaterThanOrEqual(toCome.x + toCome.w - 4);
  }, 60_000);

  it('fills an Arabic word from the right (the karaoke style of the custom look)', async () => {
    const { filled, toCome } = await fillAt('ستجربها', 'ar', karaoke({ look: 'custom' }), { filled: white, toCome: green });
    expect(filled.x + filled.w / 2).toBeGreaterThan(toCome.x + toCome.w / 2);
  }, 60_000);

  it('still fills an English word from the left', async () => {
    const { filled, toCome } = await fillAt('wonderfully', 'en', karaoke());
    expect(filled.x + filled.w / 2).toBeLessThan(toCome.x + toCome.w / 2);
  }, 60_000);
});
