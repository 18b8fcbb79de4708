import { describe, expect, it } from 'vitest';
import { OfflineScriptWriter } from '../../functions/adapters/local/offline-script-writer';
import { writeRequestFor } from '../../functions/core/scripts/generation';

/** A seeded generator, so each run of the test reads the same scripts. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) % 2 ** 32;
    return state / 2 ** 32;
  };
}

/** Asks that draw on every sentence pool: listed things and practices, tips, reasons, mistakes, questions. */
const cases = [
  {
    topic: 'Morning coffee at home',
    extraInstructions: 'Mention each listed item in its own sentence: fresh coffee beans, a burr grinder, pour over, milk frothing',
    duration: '60 sec',
  },
  { topic: 'Saving money', extraInstructions: 'Give 5 tips and end with a question', duration: '45 sec' },
  { topic: 'Cold showers', extraInstructions: '3 reasons to try it. Start with a question', duration: '30 sec' },
  { topic: 'Home workouts', extraInstructions: 'Four common mistakes beginners make', duration: '15 sec' },
];

describe("the offline writer's sentences", () => {
  it('stay word for word the same for fixed seeds and topics', async () => {
    const written: Record<string, string[]> = {};
    for (const [index, { topic, extraInstructions, duration }] of cases.entries()) {
      const request = writeRequestFor({ topic, subjectCategory: null, extraInstructions, duration, count: 3 });
      for (const seed of [1, 2]) {
        const { scripts } = await new OfflineScriptWriter(seeded(seed + index * 10)).write(request);
        written[`${topic} (seed ${seed})`] = scripts.map((script) => script.content);
      }
    }
    expect(written).toMatchSnapshot();
  });
});
