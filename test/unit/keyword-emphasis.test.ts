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
    expect(emphasisedWordIndexes(spoken, { 99: true, [-1]: true })).toEqual([2]);
  });
});
