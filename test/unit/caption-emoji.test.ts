import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseCaptionSettings } from '../../functions/contract/caption-settings';
import { applyCaptionLook, captionLooks } from '../../functions/contract/rules/caption-looks';
import { captionEmojiPlacements, captionEmojiSet, emojiFileName, emojiForWord, lineEmoji } from '../../functions/contract/rules/caption-emoji';
import type { WordTiming } from '../../functions/contract/rules/ass-document';

const timed = (text: string, step = 0.4): WordTiming[] => text.split(' ').map((word, i) => ({ word, start: i * step, end: i * step + step - 0.05 }));

describe('caption emoji: the word map', () => {
  it('finds an emoji by stem, whatever the inflection, case or punctuation', () => {
    expect(emojiForWord('coffee')).toBe('☕');
    expect(emojiForWord('COFFEE.')).toBe('☕');
    expect(emojiForWord('money,')).toBe('💰');
    expect(emojiForWord('growing')).toBe('📈');
    expect(emojiForWord('ideas')).toBe('💡');
    expect(emojiForWord('loved')).toBe('❤️');
    expect(emojiForWord('hot')).toBe('🔥');
    expect(emojiForWord('minutes')).toBe('⏰');
    expect(emojiForWord('workouts')).toBe('💪');
  });

  it('leaves common words and words in other senses alone', () => {
    for (const word of ['the', 'and', 'work', 'works', 'like', 'up', 'a', 'I', 'really', '', '...', 'here', 'appear'])
      expect(emojiForWord(word), word).toBeUndefined();
  });

  it("gives no odd emoji to the offline writer's most common words (issue 36)", () => {
    // "morning coffee?" is coffee, not the sun; "finally" is not a finish flag; coffee beans are not kidney beans.
    expect(emojiForWord('morning')).toBeUndefined();
    expect(emojiForWord('finally')).toBeUndefined();
    expect(emojiForWord('beans')).toBeUndefined();
    expect(lineEmoji(['better', 'morning', 'coffee?'], [false, false, false])).toBe('☕');
    expect(lineEmoji(['fresh', 'coffee', 'beans'], [false, true, false])).toBe('☕');
    // Stems that caught other words, and words with a second common sense.
    for (const word of [
      'productivity',
      'completely',
      'fits',
      'follow',
      'spend',
      'burning',
      'percent',
      'scale',
      'sounds',
      'drop',
      'today',
      'level',
      'present',
    ]) {
      expect(emojiForWord(word), word).toBeUndefined();
    }
    // What stays: the words that mean their picture.
    expect(emojiForWord('fitness')).toBeUndefined();
    expect(emojiForWord('workout')).toBe('💪');
    expect(emojiForWord('sunrise')).toBe('☀️');
    expect(emojiForWord('wrong')).toBe('❌');
    expect(emojiForWord('budget')).toBe('💰');
  });

  it('covers about a hundred emoji, each with a bundled image', () => {
    expect(captionEmojiSet.length).toBeGreaterThanOrEqual(80);
    expect(captionEmojiSet.length).toBeLessThanOrEqual(150);
    const folder = fileURLToPath(new URL('../../assets/emoji/', import.meta.url));
    const missing = captionEmojiSet.filter((emoji) => !existsSync(`${folder}${emojiFileName(emoji)}.webp`));
    expect(missing, 'run npx tsx bin/bundle-caption-emoji.ts').toEqual([]);
  });

  it('names an image by its code points', () => {
    expect(emojiFileName('☕')).toBe('2615');
    expect(emojiFileName('❤️')).toBe('2764-fe0f');
    expect(emojiFileName('🔥')).toBe('1f525');
  });

  it("prefers the line's emphasised word, else its first word that calls one up, else none", () => {
    expect(lineEmoji(['Hot', 'coffee', 'daily'], [false, true, false])).toBe('☕');
    expect(lineEmoji(['Hot', 'coffee', 'daily'], [false, false, false])).toBe('🔥');
    expect(lineEmoji(['Here', 'is', 'what'], [false, false, false])).toBeUndefined();
  });

  it('never shows the same emoji on two lines in a row', () => {
    expect(lineEmoji(['more', 'coffee'], [false, false], '☕')).toBeUndefined();
    expect(lineEmoji(['more', 'coffee'], [false, false], '🔥')).toBe('☕');
  });
});

describe('caption emoji: placements', () => {
  const words = timed('Your coffee matters. Here is what actually works. Save money every month.');
  const on = parseCaptionSettings({ emoji: true });

  it('is off by default and for stored settings without the field; captions turned off show none', () => {
    expect(parseCaptionSettings({}).emoji).toBe(false);
    expect(captionEmojiPlacements(words, parseCaptionSettings({}))).toEqual([]);
    expect(captionEmojiPlacements(words, { ...on, enabled: false })).toEqual([]);
  });

  it('Pop turns it on; the other looks leave it off', () => {
    expect(captionLooks.pop.preset.emoji).toBe(true);
    expect(applyCaptionLook(parseCaptionSettings({}), 'karaoke').emoji).toBe(false);
  });

  it("follows the creator's choice for a line, by any of its words: another bundled emoji, or none", () => {
    // Lines of three words: "Here is what" (3–5) has no emoji of its own; "Save money every" (8–10) has 💰.
    const chosen = parseCaptionSettings({ emoji: true, emoji_choices: { '5': '🚀', '9': 'none', '0': '☕' } });
    expect(captionEmojiPlacements(words, chosen).map((p) => p.emoji)).toEqual(['☕', '🚀', '📅']);
    expect(captionEmojiPlacements(words, chosen)[1]!.file).toBe(emojiFileName('🚀'));
  });

  it('stores only bundled emoji or none, keyed by word index, bounded', () => {
    expect(() => parseCaptionSettings({ emoji_choices: { '3': '🦄' } })).toThrow();
    expect(() => parseCaptionSettings({ emoji_choices: { first: '🚀' } })).toThrow();
    expect(() => parseCaptionSettings({ emoji_choices: Object.fromEntries(Array.from({ length: 201 }, (_, i) => [String(i), 'none'])) })).toThrow();
    expect(parseCaptionSettings({}).emoji_choices).toBeUndefined();
  });

  it('puts one emoji over each line that calls one up, for as long as the line shows', () => {
    const placements = captionEmojiPlacements(words, on);
    expect(placements.map((p) => p.emoji)).toEqual(['☕', '💰', '📅']);
    const first = placements[0]!;
    expect(first.start).toBeCloseTo(0);
    expect(first.file).toBe('2615');
    // Centred over a middle-centre line, above it.
    expect(first.left + first.size / 2).toBeCloseTo(540, 0);
    expect(first.top + first.size).toBeLessThan(960 - 30);
    expect(first.origin).toBe('bottom');
  });

  it('follows the position: aligned with a left line, under a top line, over a bottom line, scaled with the font', () => {
    const left = captionEmojiPlacements(words, { ...on, position: 'bottom_left' })[0]!;
    expect(left.left).toBe(60);
    expect(left.top + left.size).toBeLessThan(1920 - 440 - 60);
    const top = captionEmojiPlacements(words, { ...on, position: 'top_right' })[0]!;
    expect(top.origin).toBe('top');
    expect(top.top).toBeGreaterThan(192 + 60);
    expect(top.left + top.size).toBe(1080 - 130);
    const big = captionEmojiPlacements(words, { ...on, font_size: 100 })[0]!;
    expect(big.size).toBeGreaterThan(left.size);
  });
});
