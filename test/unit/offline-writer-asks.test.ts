import { describe, expect, it } from 'vitest';
import { fillItem, withArticle } from '../../functions/adapters/local/item-sentences';
import { OfflineScriptWriter, asksOf } from '../../functions/adapters/local/offline-script-writer';
import { countWords } from '../../functions/contract/rules/post-caption';
import { finishDraft, writeRequestFor } from '../../functions/core/scripts/generation';

/** A seeded generator, so each run of the test reads the same scripts. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) % 2 ** 32;
    return state / 2 ** 32;
  };
}

const ordinal = /^(First|Second|Third|Fourth|Fifth|Sixth|Seventh|Eighth|Ninth|Tenth),/;

/** The finished scripts (the product's rules applied) of a batch of three, for several seeds. */
async function scriptsFor(extraInstructions: string, duration: string, topic = 'Morning coffee at home', seeds = [1, 2, 3, 4, 5]) {
  const request = writeRequestFor({ topic, subjectCategory: null, extraInstructions, duration, count: 3 });
  const all = [];
  for (const seed of seeds) {
    const { scripts } = await new OfflineScriptWriter(seeded(seed)).write(request);
    all.push(...scripts.map((draft) => ({ draft, finished: finishDraft(draft, request, duration, 'offline') })));
  }
  return { request, all };
}

/** Runs of `n` words of the instructions, lower-cased and without punctuation. */
function runsOf(text: string, n: number): string[] {
  const words = text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .split(/\s+/)
    .filter(Boolean);
  return words.slice(0, words.length - n + 1).map((_, i) => words.slice(i, i + n).join(' '));
}

const issueExample = 'fresh coffee beans, burr grinder, pour over, latte and three quick tips. End with a question';

describe('reading the asks of the extra instructions', () => {
  it('reads a counted list, a closing question and the items, and keeps the ask out of the items', () => {
    expect(asksOf(issueExample)).toEqual({
      count: { n: 3, noun: 'tip', adjectives: 'quick', kind: 'tip' },
      endWithQuestion: true,
      openWithQuestion: false,
      ownSentences: false,
      items: ['fresh coffee beans', 'burr grinder', 'pour over', 'latte'],
      topic: 'fresh coffee beans and burr grinder',
    });
    expect(asksOf('Give 5 tips')).toMatchObject({ count: { n: 5, noun: 'tip', adjectives: '' }, items: [] });
    expect(asksOf('Top 4 mistakes beginners make')).toMatchObject({ count: { n: 4, kind: 'mistake' } });
    expect(asksOf('two reasons to start today')).toMatchObject({ count: { n: 2, kind: 'reason' } });
    expect(asksOf('Explain 3 easy steps, wrap it up with a question')).toMatchObject({
      count: { n: 3, noun: 'step', adjectives: 'easy' },
      endWithQuestion: true,
    });
    expect(asksOf('Open with a question about sleep')).toMatchObject({ openWithQuestion: true, endWithQuestion: false });
    expect(asksOf('Make it useful')).toEqual({ count: undefined, endWithQuestion: false, openWithQuestion: false, ownSentences: false, items: [] });
  });

  it('reads the topic from what is left once the asks are out, without the words that only instruct', () => {
    const topics = Object.fromEntries(
      [
        'Three quick tips for better sleep tonight',
        'Three quick tips for beginners, end with a question',
        'Make a video about morning routines',
        'Give 5 tips on saving money',
        'How to make cold brew at home',
        'Why you should stretch every morning',
        'Keep it short, punchy. Healthy meal prep for busy weeks',
        'Talk about grinders, beans and milk frothing',
        'Grinders, beans and milk frothing for a better morning coffee',
        'Make it useful',
      ].map((instructions) => [instructions, asksOf(instructions).topic]),
    );
    expect(topics).toEqual({
      'Three quick tips for better sleep tonight': 'better sleep',
      'Three quick tips for beginners, end with a question': 'beginners',
      'Make a video about morning routines': 'morning routines',
      'Give 5 tips on saving money': 'saving money',
      'How to make cold brew at home': 'cold brew at home',
      'Why you should stretch every morning': 'stretch every morning',
      'Keep it short, punchy. Healthy meal prep for busy weeks': 'Healthy meal prep for busy weeks',
      // Only items: the script is about the first two, and each item keeps its own sentence.
      'Talk about grinders, beans and milk frothing': 'grinders and beans',
      // A clause of items: what it is for names the topic.
      'Grinders, beans and milk frothing for a better morning coffee': 'better morning coffee',
      'Make it useful': undefined,
    });
  });

  it('names a request without a topic after its instructions, and titles it with small words in lower case', async () => {
    const request = writeRequestFor({
      topic: null,
      subjectCategory: null,
      extraInstructions: 'Three quick tips for better sleep tonight',
      duration: '30 sec',
      count: 1,
    });
    const { scripts } = await new OfflineScriptWriter(() => 0).write(request);
    expect(scripts[0]?.title).toBe('3 Quick Tips for Better Sleep');
    expect(scripts[0]?.content).toContain('better sleep');
    expect(scripts[0]?.content).not.toMatch(/three quick better/i);
    // A topic made of the items is not titled with the same items again ("Grinders and Beans: Grinders and Beans").
    for (let seed = 0; seed < 8; seed += 1) {
      for (const extraInstructions of ['Grinders and beans', 'Talk about grinders, beans and milk frothing']) {
        const listed = writeRequestFor({ topic: null, subjectCategory: null, extraInstructions, duration: '30 sec', count: 3 });
        const written = await new OfflineScriptWriter(() => seed / 8).write(listed);
        for (const { title } of written.scripts) expect(title).not.toMatch(/^Grinders and Beans: Grinders/);
      }
    }
  });

  it('reads "each item in its own sentence" and the list after a colon or joined by "and"', () => {
    expect(asksOf('Mention each listed item in its own sentence: kettle, scale, grinder, filter papers')).toMatchObject({
      ownSentences: true,
      items: ['kettle', 'scale', 'grinder', 'filter papers'],
    });
    expect(asksOf('beans and grinders')).toMatchObject({ items: ['beans', 'grinders'] });
    expect(asksOf('3 tips about beans and grinders, one sentence each')).toMatchObject({ ownSentences: true, count: { n: 3 }, items: ['beans', 'grinders'] });
  });

  it('names an item with the right article and verb', () => {
    expect(withArticle('burr grinder')).toBe('a burr grinder');
    expect(withArticle('espresso')).toBe('an espresso');
    expect(withArticle('fresh coffee beans')).toBe('fresh coffee beans');
    expect(withArticle('milk frothing')).toBe('milk frothing');
    expect(withArticle('AWS bill')).toBe('the AWS bill');
    expect(withArticle('SEO')).toBe('SEO');
    expect(fillItem('{Item} {is} where {topic} starts.', 'fresh coffee beans', 'coffee')).toBe('Fresh coffee beans are where coffee starts.');
    expect(fillItem('{Item} {is} where {topic} starts.', 'burr grinder', 'coffee')).toBe('A burr grinder is where coffee starts.');
    expect(fillItem('Check {your item} first.', 'pour over', 'coffee')).toBe('Check pour over first.');
  });
});

describe('the offline writer follows the asks', () => {
  it('writes exactly the number of tips asked, one numbered sentence each', async () => {
    for (const [instructions, n] of [
      ['Give 5 tips', 5],
      [issueExample, 3],
      ['two quick tips please', 2],
      ['Share 7 habits', 7],
    ] as const) {
      const { all } = await scriptsFor(instructions, '45 sec');
      for (const { finished } of all) {
        const numbered = finished.content.split('\n\n').filter((paragraph) => ordinal.test(paragraph));
        expect(numbered, finished.content).toHaveLength(n);
        for (const paragraph of numbered) expect(paragraph.split(/(?<=[.!?])\s+/)).toHaveLength(1);
      }
    }
  });

  it('keeps the counted list and the closing question whole at every duration: the draft is never cut', { timeout: 30_000 }, async () => {
    const seeds = Array.from({ length: 12 }, (_, i) => i + 1);
    for (const [instructions, tips] of [
      ['Give 3 tips and end with a question', 3],
      ['Talk about squats, deadlifts, protein and sleep. End with a question', 0],
      [issueExample, 3],
    ] as const) {
      for (const duration of ['15 sec', '30 sec', '45 sec', '60 sec']) {
        const { request, all } = await scriptsFor(instructions, duration, 'Leg day', seeds);
        for (const { draft, finished } of all) {
          expect(countWords(draft.content), draft.content).toBeLessThanOrEqual(Math.round(request.targetWords * 1.2));
          if (tips) expect(finished.content.split('\n\n').filter((paragraph) => ordinal.test(paragraph))).toHaveLength(tips);
          expect(finished.content.trim().endsWith('?'), finished.content).toBe(true);
        }
      }
    }
  });

  it('ends with a question when asked, and opens with one when asked', async () => {
    for (const instructions of ['End with a question', 'Talk about sleep and light. Finish with a question for the viewers', issueExample]) {
      const { all } = await scriptsFor(instructions, '30 sec');
      for (const { finished } of all) expect(finished.content.trim(), finished.content).toMatch(/\?$/);
    }
    const { all } = await scriptsFor('Start with a question', '30 sec');
    for (const { finished } of all) expect(finished.content.split(/(?<=[.!?])\s+/)[0]).toMatch(/\?$/);
  });

  it('gives each listed item its own sentence that says something about it', async () => {
    const items = ['kettle', 'scale', 'grinder', 'filter papers'];
    for (const duration of ['15 sec', '30 sec', '60 sec']) {
      const { all } = await scriptsFor(`Mention each listed item in its own sentence: ${items.join(', ')}`, duration, 'Pour over coffee');
      for (const { finished } of all) {
        const sentences = finished.content.split(/(?<=[.!?])\s+/);
        for (const item of items) {
          const about = sentences.filter((sentence) => new RegExp(`\\b${item}\\b`, 'i').test(sentence));
          expect(about, `${item} in ${finished.content}`).toHaveLength(1);
          // A sentence about the item, not a list: it names no other item and has more to say than the name.
          expect(items.filter((other) => other !== item && about[0]!.toLowerCase().includes(other))).toEqual([]);
          expect(countWords(about[0]!)).toBeGreaterThanOrEqual(countWords(item) + 4);
        }
      }
    }
  });

  it('writes about the issue example at 30 s: every item in its own sentence, three tips, a question, none of the instruction copied', async () => {
    const { all } = await scriptsFor(issueExample, '30 sec');
    const items = ['fresh coffee beans', 'burr grinder', 'pour over', 'latte'];
    const copied = runsOf(issueExample, 4);
    const templates = new Set<string>();
    for (const { finished } of all) {
      const content = finished.content;
      const sentences = content.split(/(?<=[.!?])\s+/);
      for (const item of items)
        expect(
          sentences.filter((sentence) => sentence.toLowerCase().includes(item)),
          content,
        ).toHaveLength(1);
      expect(sentences.filter((sentence) => ordinal.test(sentence))).toHaveLength(3);
      expect(content.trim()).toMatch(/\?$/);
      const spoken = runsOf(content, 4).join('|');
      for (const run of copied) expect(spoken, content).not.toContain(run);
      expect(content.toLowerCase()).not.toMatch(/latte,? and three/);
      for (const sentence of sentences) if (sentence.toLowerCase().includes('latte')) templates.add(sentence.replace(/latte/i, '…'));
    }
    // The sentences vary from script to script.
    expect(templates.size).toBeGreaterThanOrEqual(4);
  });

  it('writes tips, reasons and mistakes in the form asked, each numbered', async () => {
    const mistakes = await scriptsFor('Four common mistakes beginners make', '45 sec', 'Home workouts');
    for (const { finished } of mistakes.all) expect(finished.content).toContain('Here are four common mistakes to avoid.');
    const reasons = await scriptsFor('3 reasons to try it', '30 sec', 'Cold showers');
    for (const { finished } of reasons.all) expect(finished.content).toContain('Here are three reasons cold showers are worth it.');
  });

  it('makes the tips about the items when there are as many items as tips', async () => {
    const { all } = await scriptsFor('3 tips: beans, grinders and milk frothing', '30 sec');
    for (const { finished } of all) {
      const numbered = finished.content.split('\n\n').filter((paragraph) => ordinal.test(paragraph));
      expect(numbered).toHaveLength(3);
      expect(numbered[0]).toMatch(/beans/);
      expect(numbered[1]).toMatch(/grinders/);
      expect(numbered[2]).toMatch(/milk frothing/);
    }
  });

  it('titles a counted list with its count, and is deterministic for a seed', async () => {
    const request = writeRequestFor({ topic: 'Saving money', subjectCategory: null, extraInstructions: 'Give 5 tips', duration: '30 sec', count: 3 });
    const first = await new OfflineScriptWriter(seeded(9)).write(request);
    const again = await new OfflineScriptWriter(seeded(9)).write(request);
    expect(again).toEqual(first);
    expect(first.scripts.map((draft) => draft.title)).toContain('5 Tips for Saving Money');
  });
});
