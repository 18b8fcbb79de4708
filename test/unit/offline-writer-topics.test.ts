import { describe, expect, it } from 'vitest';
import { OfflineScriptWriter } from '../../functions/adapters/local/offline-script-writer';
import { tipSubjects } from '../../functions/adapters/local/practical-tips';
import { finishDraft, writeRequestFor } from '../../functions/core/scripts/generation';

/** A seeded generator, so each run of the test reads the same scripts. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) % 2 ** 32;
    return state / 2 ** 32;
  };
}

type Case = [topic: string | null, subjectCategory: string | null, extraInstructions: string, duration: string];

/** 20 requests across the subject groups, the four lengths, with and without asks, some with the topic only in the instructions. */
const cases: Case[] = [
  ['Better morning coffee', null, '3 numbered tips about coffee beans, grinder and water temperature', '30 sec'],
  ['3 tips', null, 'coffee beans, grinder and water temperature', '30 sec'],
  [null, null, 'Three quick tips for better sleep tonight', '15 sec'],
  ['Why you should stretch every morning', 'Yoga Instructor', 'Make it useful', '45 sec'],
  ['How to make cold brew at home', null, '5 mistakes', '60 sec'],
  [null, 'Personal Trainer', 'Leg day. Give 4 tips', '30 sec'],
  ['Sourdough baking', 'Food Blogger', 'Make it useful', '60 sec'],
  ['Bedtime', 'Parent', '3 quick tips, end with a question', '45 sec'],
  ['Saving money', 'Financial Advisor', '5 mistakes beginners make', '60 sec'],
  [null, null, 'Make a video about morning routines', '30 sec'],
  ['Remote work productivity', 'Project Manager', 'Keep it practical', '15 sec'],
  ['First marathon', 'Runner', '3 reasons to try it', '45 sec'],
  ['Skincare for beginners', 'Skincare Expert', 'Give 3 tips and start with a question', '30 sec'],
  ['Growing a small business', 'Small Business Owner', 'Talk about pricing, customers and reviews', '60 sec'],
  ['Portrait photography', 'Photographer', '3 easy tips', '15 sec'],
  ['Anime for beginners', 'Anime Fan', 'Keep it fun', '30 sec'],
  ['Learning Spanish', 'Tutor', '3 tips', '45 sec'],
  ['Podcast growth', 'Podcaster', 'Mention microphones, editing and guests. 3 tips', '60 sec'],
  [null, null, 'Grinders, beans and milk frothing for a better morning coffee', '45 sec'],
  ['Budget travel', 'Travel Blogger', 'Tips for students', '15 sec'],
];

async function written([topic, subjectCategory, extraInstructions, duration]: Case, seed: number) {
  const request = writeRequestFor({ topic, subjectCategory, extraInstructions, duration, count: 3 });
  const { scripts } = await new OfflineScriptWriter(seeded(seed)).write(request);
  return scripts.map((draft) => finishDraft(draft, request, duration, 'offline'));
}

const ordinal = /^(First|Second|Third|Fourth|Fifth|Sixth|Seventh|Eighth|Ninth|Tenth), /;
const numbered = (content: string) => content.split('\n\n').filter((paragraph) => ordinal.test(paragraph));
/** A table tip as said after its ordinal, in either form. */
const said = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

describe('the offline writer on any topic', () => {
  it('no longer writes the sentences of issue 36', async () => {
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      for (const scripts of [await written(cases[0]!, seed), await written(cases[1]!, seed)]) {
        for (const { content, title } of scripts) {
          expect(content).not.toMatch(/for 3 tips|3 tips does|a water temperature|numbered/i);
          expect(title).not.toMatch(/3 3|Tips Tips|numbered/i);
          // "Here are three … tips" is followed by the three tips.
          expect(content, content).toMatch(/Here are three tips for [a-z ]+\.\n\nFirst, [^\n]+\n\nSecond, [^\n]+\n\nThird, /);
        }
      }
    }
  });

  it('answers "3 tips" with three tips from the table of practical tips for the topic\'s subject', async () => {
    const coffee = tipSubjects.coffee!.tips.flatMap((tip) => [tip.long, tip.short]).map(said);
    const sleep = tipSubjects.sleep!.tips.flatMap((tip) => [tip.long, tip.short]).map(said);
    for (const seed of [1, 2, 3]) {
      for (const [request, table] of [
        [['Better morning coffee', null, '3 tips', '30 sec'], coffee],
        [[null, null, 'Three quick tips for better sleep tonight', '15 sec'], sleep],
      ] as const) {
        for (const { content } of await written(request as Case, seed)) {
          const tips = numbered(content);
          expect(tips, content).toHaveLength(3);
          for (const tip of tips) expect(table).toContain(tip.replace(ordinal, ''));
        }
      }
    }
  });

  it('never gives two scripts of one generation the same title, nor a "(Part 2)" of one', async () => {
    for (const request of cases) {
      for (const seed of [1, 2, 3, 4, 5, 6]) {
        const titles = (await written(request, seed)).map(({ title }) => title.toLowerCase().replace(/ \(part \d+\)$/, ''));
        expect(new Set(titles).size, titles.join(' | ')).toBe(3);
      }
    }
  });

  it('writes sentences with no doubled words, no template left over and no article before a quality', async () => {
    for (const request of cases) {
      for (const seed of [1, 2, 3]) {
        for (const { content, title } of await written(request, seed)) {
          expect(content).not.toMatch(/\{|\}|undefined|\b(\w+) \1\b/i);
          expect(title).not.toMatch(/\b(\w+) \1\b/i);
          expect(content).not.toMatch(/\ba (?:water temperature|[a-z]+ temperature|quality)\b/);
          expect(content).not.toMatch(/\b(?:for|about|with) (?:\d+|three|five) (?:tips|mistakes)\b/i);
          for (const paragraph of content.split('\n\n')) expect(paragraph).toMatch(/^[A-Z].*[.!?]$/s);
        }
      }
    }
  });

  it('pins the scripts of 20 topics, word for word', async () => {
    const out: Record<string, string> = {};
    for (const [index, request] of cases.entries()) {
      const scripts = await written(request, index + 1);
      out[`${index + 1}. ${JSON.stringify(request)}`] = scripts.map(({ title, content }) => `# ${title}\n${content}`).join('\n\n');
    }
    expect(out).toMatchSnapshot();
  });
});
