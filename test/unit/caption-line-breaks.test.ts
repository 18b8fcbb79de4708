import { describe, expect, it } from 'vitest';
import { breakLines, clauseStrength, endsSentence, sentencesOf } from '../../functions/core/captions/line-breaks';
import { groupLines } from '../../functions/core/captions/ass-builder';
import { wordsFromCharacters } from '../../functions/core/captions/word-timings';

/** Words spoken evenly (no pauses), as the tests' script. */
const timed = (text: string, gap = 0.05) => text.split(' ').map((word, i) => ({ word, start: i * 0.4, end: i * 0.4 + 0.4 - gap }));
const lines = (text: string, max: number) =>
  breakLines(timed(text), max)
    .map((line) => line.map((w) => w.word).join(' '))
    .join(' | ');

describe('sentence ends', () => {
  it.each([
    ['machine.', true],
    ['right!', true],
    ['why?', true],
    ['"done."', true],
    ['(really.)', true],
    ['done.\u201d', true],
    ['Dr.', false],
    ['e.g.', false],
    ['U.S.', false],
    ['p.m.', false],
    ['J.', false],
    ['wait...', false],
    ['wait\u2026', false],
    ['beans,', false],
    ['3.5', false],
  ])('%s ends a sentence: %s', (word, expected) => {
    expect(endsSentence(word)).toBe(expected);
  });

  it('reads clause punctuation', () => {
    expect(clauseStrength('beans,')).toBe(1);
    expect(clauseStrength('matter:')).toBe(2);
    expect(clauseStrength('this;')).toBe(2);
    expect(clauseStrength('simple \u2014')).toBe(2);
    expect(clauseStrength('\u2014')).toBe(2);
    expect(clauseStrength('wait...')).toBe(2);
    expect(clauseStrength('beans')).toBe(0);
    expect(clauseStrength('well-known')).toBe(0);
  });

  it('splits sentences, keeping a trailing fragment', () => {
    const s = sentencesOf(timed('One. Two three! Dr. Who? And more'));
    expect(s.map((x) => x.map((w) => w.word).join(' '))).toEqual(['One.', 'Two three!', 'Dr. Who?', 'And more']);
  });
});

describe('caption line breaks', () => {
  it('never joins the end of one sentence with the start of the next (the "MACHINE. START" line)', () => {
    const text = 'Start with a burr grinder and your espresso machine. Start every morning right.';
    const result = lines(text, 3);
    expect(result).not.toMatch(/machine\. Start/);
    for (const line of result.split(' | ')) expect(line.split(' ').slice(0, -1).some(endsSentence)).toBe(false);
  });

  it.each([
    // max 3, the default
    ['Your espresso deserves fresh beans. Grind them right.', 3, 'Your espresso deserves | fresh beans. | Grind them right.'],
    ['Froth the milk last, then pour.', 3, 'Froth the milk | last, then pour.'],
    ['Honestly, this changed how I brew coffee.', 3, 'Honestly, | this changed how | I brew coffee.'],
    ['Three things matter: beans, water, and time.', 3, 'Three things matter: | beans, water, | and time.'],
    ['Wait... what happened to the milk?', 3, 'Wait... what happened | to the milk?'],
    ['A burr grinder beats a blade every time.', 3, 'A burr grinder | beats a blade | every time.'],
    ['Grind them right before you brew, never the night before.', 3, 'Grind them right | before you brew, | never | the night before.'],
    ['Yes. No. Maybe so.', 3, 'Yes. | No. | Maybe so.'],
    ['Dr. Smith says hi.', 3, 'Dr. Smith | says hi.'],
    // max 4
    ['Three things matter: beans, water, and time.', 4, 'Three things matter: | beans, water, and time.'],
    ['Froth the milk last, then pour it slowly.', 4, 'Froth the milk last, | then pour it slowly.'],
    ['Honestly, this changed how I brew coffee.', 4, 'Honestly, this changed how | I brew coffee.'],
    // max 2
    ['Fresh beans, hot water, good timing.', 2, 'Fresh beans, | hot water, | good timing.'],
    // max 1: a word a line
    ['One two three.', 1, 'One | two | three.'],
    // max 6: a short sentence stays whole
    ['Small habits build big wins.', 6, 'Small habits build big wins.'],
  ])('%s (max %i) → %s', (text, max, expected) => {
    expect(lines(text, max)).toBe(expected);
  });

  it('prefers a break after a comma to an even split', () => {
    expect(lines('If you grind fresh, everything tastes better.', 4)).toBe('If you grind fresh, | everything tastes better.');
  });

  it('prefers a break before a conjunction to one after an article', () => {
    expect(lines('Buy the beans and the grinder.', 3)).toBe('Buy the beans | and the grinder.');
    expect(lines('Buy the beans and the grinder today.', 3)).toBe('Buy the beans | and the grinder | today.');
  });

  it('does not end a line on an article or a preposition when it can help it', () => {
    for (const line of lines('Put the beans in the grinder for a few seconds.', 3).split(' | ').slice(0, -1)) {
      expect(line).not.toMatch(/ (the|a|in|for)$/);
    }
  });

  it('breaks at a pause of the voice when there is no punctuation', () => {
    const words = timed('We tried it every morning for weeks');
    // A long pause after "it".
    const paused = words.map((w, i) => (i >= 3 ? { ...w, start: w.start + 0.6, end: w.end + 0.6 } : w));
    const result = breakLines(paused, 4).map((line) => line.map((w) => w.word).join(' '));
    expect(result[0]).toBe('We tried it');
  });

  it('keeps max words per line as the upper bound, for every max from 1 to 6', () => {
    const text =
      'Your espresso deserves fresh beans. Grind them right before you brew, never the night before. A burr grinder beats a blade every time. Froth the milk last, then pour. Consistency is the whole secret — no shortcuts!';
    for (let max = 1; max <= 6; max++) {
      const result = breakLines(timed(text), max);
      expect(result.flat().map((w) => w.word)).toEqual(text.split(' '));
      for (const line of result) {
        expect(line.length).toBeGreaterThan(0);
        expect(line.length).toBeLessThanOrEqual(max);
        expect(line.slice(0, -1).some((w) => endsSentence(w.word))).toBe(false);
      }
    }
  });

  it('handles no words, one word and a text without punctuation', () => {
    expect(breakLines([], 3)).toEqual([]);
    expect(lines('Hello', 3)).toBe('Hello');
    expect(
      lines('one two three four five six seven', 3)
        .split(' | ')
        .every((l) => l.split(' ').length <= 3),
    ).toBe(true);
  });

  it('works on word timings from characters, where a lone dash joins the word before it', () => {
    const text = 'Grind fresh \u2014 every single day. Then brew.';
    const alignment = {
      characters: [...text],
      characterStartTimesSeconds: [...text].map((_, i) => i * 0.05),
      characterEndTimesSeconds: [...text].map((_, i) => i * 0.05 + 0.05),
    };
    const result = groupLines(wordsFromCharacters(alignment), 3).map((line) => line.words.map((w) => w.word).join(' '));
    expect(result).toEqual(['Grind fresh \u2014', 'every single day.', 'Then brew.']);
  });

  it('keeps the lines continuous in time (each lasts until the next starts when the gap is short)', () => {
    const grouped = groupLines(timed('Fresh beans. Grind them right.'), 3);
    expect(grouped).toHaveLength(2);
    expect(grouped[0]?.end).toBe(grouped[1]?.start);
  });
});
