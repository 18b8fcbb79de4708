import { describe, expect, it } from 'vitest';
import { OfflineScriptWriter, subjectsOf } from '../../functions/adapters/local/offline-script-writer';
import { countWords } from '../../functions/contract/rules/post-caption';
import { finishDraft, writeRequestFor } from '../../functions/core/scripts/generation';

function request(topic: string, duration = '30 sec', count = 3, subjectCategory: string | null = null) {
  return writeRequestFor({ topic, subjectCategory, extraInstructions: 'Make it useful', duration, count });
}

/** A seeded generator, so each run of the test reads the same scripts. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) % 2 ** 32;
    return state / 2 ** 32;
  };
}

describe('the offline writer', () => {
  it('writes scripts about the topic, in readable sentences', async () => {
    const { scripts } = await new OfflineScriptWriter(seeded(1)).write(request('Sourdough baking'));
    expect(scripts).toHaveLength(3);
    for (const script of scripts) {
      expect(script.content.toLowerCase()).toContain('sourdough baking');
      expect(script.title.toLowerCase()).toContain('sourdough baking');
      expect(script.content).toMatch(/^[A-Z]/);
      expect(script.content).not.toMatch(/lorem|ipsum|\{topic\}|undefined/i);
      for (const paragraph of script.content.split('\n\n')) expect(paragraph).toMatch(/[.!?]$/);
    }
  });

  it('gives every script of a batch its own title, opening and body', async () => {
    const { scripts } = await new OfflineScriptWriter(seeded(2)).write(request('Saving money'));
    expect(new Set(scripts.map((s) => s.title)).size).toBe(3);
    expect(new Set(scripts.map((s) => s.hookSuggestion)).size).toBe(3);
    expect(new Set(scripts.map((s) => s.content)).size).toBe(3);
  });

  it('writes differently for different subject groups', async () => {
    const fitness = await new OfflineScriptWriter(seeded(3)).write(request('Leg day', '60 sec', 1, 'Personal Trainer'));
    const parenting = await new OfflineScriptWriter(seeded(3)).write(request('Bedtime', '60 sec', 1, 'Parent'));
    expect(fitness.scripts[0]!.content).toMatch(/protein|overload|warm up|logbook/i);
    expect(parenting.scripts[0]!.content).toMatch(/kids|children/i);
    expect(fitness.scripts[0]!.hashtags).toContain('fitness');
  });

  it('fits the length to the duration at about 2.5 words a second', async () => {
    for (const [duration, target] of [
      ['15 sec', 38],
      ['30 sec', 75],
      ['45 sec', 113],
      ['60 sec', 150],
    ] as const) {
      const req = request('Time management', duration, 3);
      const { scripts } = await new OfflineScriptWriter(seeded(4)).write(req);
      for (const draft of scripts) {
        const words = countWords(finishDraft(draft, req, duration, 'offline').content);
        expect(words).toBeGreaterThanOrEqual(Math.round(target * 0.7));
        expect(words).toBeLessThanOrEqual(Math.round(target * 1.2));
      }
    }
  });

  it('charges an honest estimate, never more than it reserved', async () => {
    const writer = new OfflineScriptWriter(seeded(5));
    const req = request('Gardening', '60 sec', 3);
    const { tokensUsed } = await writer.write(req);
    expect(tokensUsed).toBeGreaterThan(200);
    expect(tokensUsed).toBeLessThanOrEqual(writer.maxTokens(req));
  });

  it('takes a topic from the instructions when none is given', async () => {
    const req = writeRequestFor({ topic: null, subjectCategory: null, extraInstructions: 'remote work productivity', duration: '15 sec', count: 1 });
    const { scripts } = await new OfflineScriptWriter(seeded(6)).write(req);
    expect(scripts[0]!.content.toLowerCase()).toContain('remote work productivity');
  });

  it('weaves what the extra instructions ask for into every script', async () => {
    const req = writeRequestFor({
      topic: 'Morning coffee at home',
      subjectCategory: null,
      extraInstructions: 'Talk about grinders, beans and milk frothing',
      duration: '30 sec',
      count: 3,
    });
    for (const seed of [1, 2, 3, 4, 5]) {
      const { scripts } = await new OfflineScriptWriter(seeded(seed)).write(req);
      for (const draft of scripts) {
        const content = finishDraft(draft, req, '30 sec', 'offline').content.toLowerCase();
        for (const subject of ['grinders', 'beans', 'milk frothing']) expect(content).toContain(subject);
      }
    }
    // Too many for a 15 s script: one sentence lists them.
    const short = writeRequestFor({
      topic: 'Coffee',
      subjectCategory: null,
      extraInstructions: 'Mention grinders, beans, kettles and milk frothing',
      duration: '15 sec',
      count: 1,
    });
    const { scripts } = await new OfflineScriptWriter(seeded(6)).write(short);
    const content = finishDraft(scripts[0]!, short, '15 sec', 'offline').content.toLowerCase();
    for (const subject of ['grinders', 'beans', 'kettles', 'milk frothing']) expect(content).toContain(subject);
  });

  it('reads subjects from the instructions, not style requests', () => {
    expect(subjectsOf('Talk about grinders, beans and milk frothing')).toEqual(['grinders', 'beans', 'milk frothing']);
    expect(subjectsOf('Make it useful')).toEqual([]);
    expect(subjectsOf('Keep it short, punchy. Cover the AWS bill & reserved instances')).toEqual(['AWS bill', 'reserved instances']);
    expect(subjectsOf('a, b, c, d, e, f, g'.replace(/\b(\w)\b/g, 'topic$1'))).toHaveLength(5);
  });

  it('does not name the topic in every sentence', async () => {
    for (const topic of ['Morning coffee at home', 'Saving money', 'Sourdough baking for beginners']) {
      const req = request(topic, '60 sec', 3);
      const { scripts } = await new OfflineScriptWriter(seeded(8)).write(req);
      for (const draft of scripts) {
        const paragraphs = draft.content.split('\n\n');
        const naming = paragraphs.filter((paragraph) => paragraph.toLowerCase().includes(topic.toLowerCase()));
        expect(naming.length).toBeGreaterThanOrEqual(1);
        // A topic with a qualifier ("… at home") is named in full twice at most, then by its head ("morning coffee").
        if (/ (at|for) /.test(topic)) expect(naming.length).toBeLessThanOrEqual(2);
        expect(naming.length).toBeLessThanOrEqual(Math.ceil(paragraphs.length * 0.6));
      }
    }
  });

  it('gives every script of a batch its own title, even when the templates run out', async () => {
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const req = writeRequestFor({ topic: 'Coffee', subjectCategory: null, extraInstructions: 'beans, grinders', duration: '15 sec', count: 3 });
      const { scripts } = await new OfflineScriptWriter(seeded(seed)).write({
        ...req,
        avoidTitles: [
          'Coffee, Made Simple',
          'Coffee in Under a Minute',
          'Start Coffee the Smart Way',
          'The Coffee Mistake Everyone Makes',
          'What Nobody Tells You About Coffee',
          'The Coffee Habit That Changes Everything',
          'Coffee: Why It Feels Hard and How to Fix It',
        ],
      });
      const titles = scripts.map((draft) => finishDraft(draft, req, '15 sec', 'offline').title.toLowerCase());
      expect(new Set(titles).size).toBe(3);
    }
  });
});
