import { describe, expect, it } from 'vitest';

import { captionLineLayouts } from '../../functions/contract/rules/ass-document';
import { captionEmojiPlacements, noEmoji } from '../../functions/contract/rules/caption-emoji';
import { captionPreviewFrame, captionPreviewWords, previewSettleSeconds, scriptCaptionWords } from '../../functions/contract/rules/caption-preview-line';
import { captionDefaults } from '../../functions/contract/rules/captions';

const script = 'Good coffee starts with fresh beans.\nGrind them right before you brew.';
const settings = { ...captionDefaults, emoji: true };

describe('the exact preview: which caption line it draws and its emoji', () => {
  it('captions the script’s own words, evenly timed before the voice-over, and the voice-over’s once it exists', () => {
    const even = captionPreviewWords(script, null);
    expect(even.sample).toBe(false);
    expect(even.words.map((w) => w.word)).toEqual(['Good', 'coffee', 'starts', 'with', 'fresh', 'beans.', 'Grind', 'them', 'right', 'before', 'you', 'brew.']);
    expect(even.words[2]).toEqual({ word: 'starts', start: 0.8, end: 1.15 });
    // The Line Emoji panel lists the lines of the same words.
    expect(scriptCaptionWords(script)).toEqual(even.words);

    const voice = [
      { word: 'Good', start: 0.1, end: 0.3 },
      { word: 'coffee', start: 0.35, end: 0.8 },
    ];
    expect(captionPreviewWords(script, voice).words).toEqual(voice);
  });

  it('keeps the sample sentence only for a script without words', () => {
    const { words, sample } = captionPreviewWords('  ', null, 'en');
    expect(sample).toBe(true);
    expect(words.map((w) => w.word).join(' ')).toBe('Your words appear here as they are spoken');
    // The sample is drawn at 0.8 s, as before: its second word (0.5 s) settled.
    expect(captionPreviewFrame(words, captionDefaults)?.seconds).toBeCloseTo(0.8);
  });

  it('shows the first line by default, with the rule’s emoji where the render lays it', () => {
    const { words } = captionPreviewWords(script, null);
    const frame = captionPreviewFrame(words, settings);
    expect(frame?.line).toBe(0);
    expect(frame?.text).toEqual(['Good', 'coffee', 'starts']);
    expect(frame?.indexes).toEqual([0, 1, 2]);
    expect(frame?.seconds).toBeCloseTo(0.4 + previewSettleSeconds);
    expect(frame?.emoji?.emoji).toBe('☕');
    expect(frame?.emoji).toEqual(captionEmojiPlacements(words, settings)[0]);
  });

  it('shows the line whose emoji the creator chose, with that emoji, or none', () => {
    const { words } = captionPreviewWords(script, null);
    const lines = captionLineLayouts(words, settings).map(({ line }) => line.words.map((w) => w.word).join(' '));
    const grindLine = lines.findIndex((line) => line.startsWith('Grind'));
    expect(grindLine).toBeGreaterThan(0);
    // "Grind" is word 6: the creator gave its line a rocket.
    const chosen = captionPreviewFrame(words, { ...settings, emoji_choices: { '6': '🚀' } }, 6);
    expect(chosen?.line).toBe(grindLine);
    expect(chosen?.text[0]).toBe('Grind');
    expect(chosen?.emoji?.emoji).toBe('🚀');
    const placed = captionEmojiPlacements(words, { ...settings, emoji_choices: { '6': '🚀' } }).find((p) => p.emoji === '🚀');
    expect(chosen?.emoji).toEqual(placed);
    expect(chosen!.seconds).toBeGreaterThanOrEqual(placed!.start);
    expect(chosen!.seconds).toBeLessThan(placed!.end);

    const none = captionPreviewFrame(words, { ...settings, emoji_choices: { '0': noEmoji } }, 0);
    expect(none?.line).toBe(0);
    expect(none?.emoji).toBeUndefined();
    // A word of the line other than its first finds the line too; a word past the end falls back to the first line.
    expect(captionPreviewFrame(words, settings, 7)?.line).toBe(grindLine);
    expect(captionPreviewFrame(words, settings, 500)?.line).toBe(0);
  });

  it('draws inside a short line of the voice-over, and nothing without Emoji or words', () => {
    const voice = [
      { word: 'Hot', start: 0, end: 0.2 },
      { word: 'coffee.', start: 0.2, end: 0.35 },
      { word: 'Now.', start: 2, end: 2.3 },
    ];
    const frame = captionPreviewFrame(voice, settings);
    expect(frame?.seconds).toBeGreaterThanOrEqual(0);
    expect(frame!.seconds).toBeLessThan(0.35);
    expect(frame?.emoji).toBeDefined();
    expect(captionPreviewFrame(voice, { ...settings, emoji: false })?.emoji).toBeUndefined();
    expect(captionPreviewFrame([], settings)).toBeNull();
  });
});
