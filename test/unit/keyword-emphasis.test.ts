import { describe, expect, it } from 'vitest';
import { emphasisedWordIndexes } from '../../functions/contract/rules/keyword-emphasis';

const words = (text: string) => text.split(/\s+/);

describe('keyword emphasis', () => {
  it('emphasises numbers and names, not the word that opens a sentence', () => {
    const spoken = words('Here are 3 quick tips from Lisbon baristas. Grind right before you brew.');
    const chosen = emphasisedWordIndexes(spoken).map((i) => spoken[i]);
    expect(chosen).toEqual(['3', 'Lisbon']);
  });

  it('takes the longest content word of a sentence without a number or a name', () => {
    const spoken = words('Freshly roasted beans make everything taste better.');
    expect(emphasisedWordIndexes(spoken).map((i) => spoken[i])).toEqual(['roasted']);
  });

  it('keeps emphasis rare: at most one word in four', () => {
    const spoken = words('Buy 2 or 3 or 4 bags.');
    expect(emphasisedWordIndexes(spoken).map((i) => spoken[i])).toEqual(['2', '4']);
  });

  it('lets the creator turn a word on or off', () => {
    const spoken = words('Here are 3 tips for better coffee.');
    expect(emphasisedWordIndexes(spoken, { 2: false, 6: true }).map((i) => spoken[i])).toEqual(['coffee.']);
    expect(emphasisedWordIndexes(spoken, { 99: true, [-1]: true })).toEqual([2, 6]);
  });

  it('emphasises the words the topic names, not only numbers and ordinals (issue 36: the first video)', () => {
    const spoken = words(
      'Ready to finally make progress with better morning coffee? Let us keep it simple. First, buy fresh coffee beans and grind them just before you brew. Second, a burr grinder gives you an even grind every time. Third, check your water temperature; just off the boil is right.',
    );
    const chosen = emphasisedWordIndexes(spoken).map((i) => spoken[i]);
    // The topic ("coffee", "grind") carries its tips; "First,"/"Second," alone would say nothing.
    expect(chosen).toContain('coffee?');
    expect(chosen.some((word) => /^coffee|^beans/.test(word ?? ''))).toBe(true);
    expect(chosen.some((word) => /^grind/.test(word ?? ''))).toBe(true);
    expect(chosen.some((word) => /^temperature|^water/.test(word ?? ''))).toBe(true);
    expect(chosen).not.toContain('First,');
    expect(chosen).not.toContain('Second,');
    // Still rare: at most one word in four.
    const indexes = emphasisedWordIndexes(spoken);
    for (let i = 1; i < indexes.length; i++) expect((indexes[i] ?? 0) - (indexes[i - 1] ?? 0)).toBeGreaterThanOrEqual(4);
  });
});
