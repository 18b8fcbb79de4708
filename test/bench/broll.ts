/**
 * `npm run bench:broll`: where the b-roll lands. A new user's library of three clips tagged
 * beans, grinder and milk/foam, and a 6-segment script about coffee; the plan is built by the real
 * `SegmentPlanner` (over in-memory ports) twice: with the old greedy rule and with the optimal
 * assignment. Reported: how many of the three tagged clips land on a sentence that mentions their
 * tag, how many segments show a clip whose tag their sentence mentions, and the total of the product's (docs/product.md#media-scoring)
 * scores. Then the same for scripts the offline writer composes when asked for grinders, beans and
 * milk frothing (seeded, so each run reads the same scripts), and the planner's time on a library
 * of 1,000 videos and a 100-segment script.
 */
import { OfflineScriptWriter } from '../../functions/adapters/local/offline-script-writer';
import { autoAssign, greedyAssign, matchedTagsOf, scoreMedia, type Segment } from '../../functions/contract/rules/segments';
import type { MediaAsset } from '../../functions/core/media/media';
import type { AssetListPage, AssetListQuery, MediaAssetRepository } from '../../functions/core/ports/media';
import type { RecentMediaUse } from '../../functions/core/ports/video';
import { finishDraft, writeRequestFor } from '../../functions/core/scripts/generation';
import { SegmentPlanner, toCandidate, type AssignMedia } from '../../functions/core/video/segment-planner';

const userId = 'BENCHUSER';
const now = Date.parse('2026-11-22T12:00:00Z');

function asset(id: string, title: string, tags: string[], minutesAgo: number): MediaAsset {
  const at = new Date(now - minutesAgo * 60_000).toISOString();
  return {
    id,
    userId,
    title,
    fileName: `${title.toLowerCase().replaceAll(' ', '-')}.mp4`,
    fileType: 'video/mp4',
    kind: 'video',
    fileSize: 1_000_000,
    duration: 8,
    tags,
    isActive: true,
    folderId: null,
    storageKey: `users/${userId}/media/${id}/original.mp4`,
    thumbnailKey: null,
    width: 1080,
    height: 1920,
    codec: 'h264',
    audioCodec: null,
    bitrate: null,
    fps: 30,
    sampleRate: null,
    channels: null,
    format: 'mp4',
    aspectRatio: '9:16',
    colorSpace: null,
    createdAt: at,
    updatedAt: at,
  };
}

class Library implements Pick<MediaAssetRepository, 'getAsset' | 'getAssets' | 'listAssets'> {
  /** Newest first, as the repository lists them. */
  constructor(private readonly assets: MediaAsset[]) {}
  async getAsset(_user: string, id: string): Promise<MediaAsset | undefined> {
    return this.assets.find((item) => item.id === id);
  }
  async getAssets(_user: string, ids: readonly string[]): Promise<MediaAsset[]> {
    return this.assets.filter((item) => ids.includes(item.id));
  }
  async listAssets(_user: string, query: AssetListQuery): Promise<AssetListPage> {
    const from = query.cursor ? Number(query.cursor) : (query.page - 1) * query.limit;
    const items = this.assets.slice(from, from + query.limit);
    return { items, nextCursor: from + query.limit < this.assets.length ? String(from + query.limit) : undefined };
  }
}

const noRecentUse: RecentMediaUse = { since: async () => ({}), record: async () => undefined };

interface Clip {
  asset: MediaAsset;
  /** The subject the clip shows (what "their tag" means in the figures); empty for general clips. */
  tags: string[];
}

/** The three tagged clips, uploaded in this order by the new user (the newest is listed first). */
const tagged: Clip[] = [
  { asset: asset('CLIPGRINDER', 'Grinder', ['coffee', 'grinder'], 30), tags: ['grinder'] },
  { asset: asset('CLIPBEANS', 'Beans', ['coffee', 'beans'], 20), tags: ['beans'] },
  { asset: asset('CLIPMILK', 'Milk', ['milk', 'foam'], 10), tags: ['milk', 'foam'] },
];
/** Three general clips a new user also has (so no clip needs to repeat in six segments). */
const general: Clip[] = [
  { asset: asset('CLIPKITCHEN', 'Kitchen', ['kitchen', 'morning'], 5), tags: [] },
  { asset: asset('CLIPPOUR', 'Pour', ['coffee', 'cup'], 4), tags: [] },
  { asset: asset('CLIPCAFE', 'Cafe', ['coffee', 'cafe'], 3), tags: [] },
];
const scenarios = [
  { name: 'three tagged clips (they cycle)', clips: tagged },
  { name: 'three tagged clips and three general ones', clips: [...tagged, ...general] },
];
const libraryOf = (clips: readonly Clip[]) => new Library(clips.map((clip) => clip.asset).reverse());

const coffeeScript = [
  'Better coffee at home takes three small upgrades.',
  'Start with fresh coffee beans roasted in the last month.',
  'A burr grinder gives your coffee an even grind.',
  'Grind only what you need, right before you brew.',
  'Then steam the milk until the foam turns glossy.',
  'Pour, sip, and enjoy your morning coffee.',
].join('\n');

interface Figures {
  clipsOnTheirSentence: number;
  segmentsOnTheirTag: number;
  segments: number;
  score: number;
  placement: string[];
}

function measure(clips: readonly Clip[], segments: readonly Segment[]): Figures {
  const landed = new Set<string>();
  let segmentsOnTheirTag = 0;
  let score = 0;
  const placement: string[] = [];
  for (const segment of segments) {
    const clip = clips.find((item) => item.asset.id === segment.mediaAssetId);
    if (!clip) {
      placement.push('(none)');
      continue;
    }
    const mentions = matchedTagsOf({ tags: clip.tags }, segment.text).length > 0;
    if (mentions) {
      landed.add(clip.asset.id);
      segmentsOnTheirTag += 1;
    }
    score += scoreMedia(toCandidate(clip.asset), segment.text, { now, preferredFolderId: null, recentUse: {} });
    placement.push(`${clip.asset.title.toLowerCase()}${mentions ? ' ✓' : ''}`);
  }
  return { clipsOnTheirSentence: landed.size, segmentsOnTheirTag, segments: segments.length, score: Math.round(score * 10) / 10, placement };
}

async function planWith(clips: readonly Clip[], assign: AssignMedia, scriptContent: string): Promise<Segment[]> {
  const planner = new SegmentPlanner(libraryOf(clips), noRecentUse, () => now, assign);
  const plan = await planner.plan({ userId, scriptContent, preferredFolderId: null });
  return plan.segments;
}

function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) % 2 ** 32;
    return state / 2 ** 32;
  };
}

async function main(): Promise<void> {
  console.log('B-roll placement: clips tagged beans, grinder, milk/foam; a 6-segment coffee script');
  for (const scenario of scenarios) {
    console.log(`\n${scenario.name}:`);
    const greedy = measure(scenario.clips, await planWith(scenario.clips, greedyAssign, coffeeScript));
    const optimal = measure(scenario.clips, await planWith(scenario.clips, autoAssign, coffeeScript));
    for (const [name, figures] of [
      ['greedy (old)', greedy],
      ['optimal (new)', optimal],
    ] as const) {
      console.log(
        `${name.padEnd(14)} tagged clips on a sentence naming their tag: ${figures.clipsOnTheirSentence} of 3 · segments: ${figures.segmentsOnTheirTag} of ${figures.segments} · total score ${figures.score}`,
      );
      console.log(`${''.padEnd(14)} ${figures.placement.map((clip, i) => `${i + 1}:${clip}`).join('  ')}`);
    }
  }

  // Scripts the offline writer composes when asked for the three subjects.
  const request = writeRequestFor({
    topic: 'Coffee at home',
    subjectCategory: null,
    extraInstructions: 'Talk about grinders, beans and milk frothing',
    duration: '30 sec',
    count: 3,
  });
  const clips = scenarios[1]?.clips ?? tagged;
  const totals = { greedy: { clips: 0, segments: 0, of: 0, score: 0 }, optimal: { clips: 0, segments: 0, of: 0, score: 0 } };
  let scripts = 0;
  for (let seed = 1; seed <= 10; seed++) {
    const { scripts: drafts } = await new OfflineScriptWriter(seeded(seed)).write(request);
    for (const draft of drafts) {
      const content = finishDraft(draft, request, '30 sec', 'offline').content;
      scripts += 1;
      for (const [key, assign] of [
        ['greedy', greedyAssign],
        ['optimal', autoAssign],
      ] as const) {
        const figures = measure(clips, await planWith(clips, assign, content));
        totals[key].clips += figures.clipsOnTheirSentence;
        totals[key].segments += figures.segmentsOnTheirTag;
        totals[key].of += figures.segments;
        totals[key].score += figures.score;
      }
    }
  }
  console.log(`\nOffline-written scripts (${scripts}, "grinders, beans and milk frothing", seeded; the six clips):`);
  for (const key of ['greedy', 'optimal'] as const) {
    const t = totals[key];
    console.log(
      `${key.padEnd(14)} tagged clips on their sentence: ${t.clips} of ${scripts * 3} · segments on their tag: ${t.segments} of ${t.of} · mean score ${(t.score / scripts).toFixed(1)}`,
    );
  }

  // Time: the server's largest case, 1,000 videos and 100 segments (one round).
  const vocabulary = ['coffee', 'beans', 'grinder', 'milk', 'foam', 'cup', 'kettle', 'morning', 'pour', 'roast', 'steam', 'latte'];
  const rng = seeded(42);
  const big = new Library(
    Array.from({ length: 1000 }, (_, i) =>
      asset(
        `V${String(i).padStart(4, '0')}`,
        `Clip ${i}`,
        vocabulary.filter(() => rng() < 0.2),
        i * 500,
      ),
    ),
  );
  const longScript = Array.from({ length: 100 }, () => `${vocabulary.filter(() => rng() < 0.25).join(' ') || 'and then'} again.`).join('\n');
  for (const [name, assign] of [
    ['greedy', greedyAssign],
    ['optimal', autoAssign],
  ] as const) {
    const planner = new SegmentPlanner(big, noRecentUse, () => now, assign);
    const started = performance.now();
    await planner.plan({ userId, scriptContent: longScript, preferredFolderId: null });
    console.log(`${name.padEnd(14)} 1,000 videos × 100 segments: ${(performance.now() - started).toFixed(0)} ms`);
  }
}

void main();
