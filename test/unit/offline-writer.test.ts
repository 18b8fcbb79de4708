import { describe, expect, it } from 'vitest';
import { OfflineScriptWriter } from '../../functions/adapters/local/offline-script-writer';
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
    for (const [duration, target] of [['15 sec', 38], ['30 sec', 75], ['45 sec', 113], ['60 sec', 150]] as const) {
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
});
