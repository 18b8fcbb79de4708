import { describe, expect, it } from 'vitest';
import { memoryPlatforms } from '../../bin/local/memory-posters';
import { postingMessages } from '../../functions/contract/publishing';
import type { PostingCheckpoint } from '../../functions/core/ports/posting';
import type { Claim, PublicationRef, PublicationStore, StoredPublication } from '../../functions/core/ports/publications';
import { backoffMs, PublicationRunner } from '../../functions/core/publishing/publication-runner';
import { hashtagCount, preflight } from '../../functions/core/publishing/preflight';

/** The ledger's rules without a table: an in-memory store with the same conditions, an in-memory platform. */
class MemoryStore implements PublicationStore {
  readonly items = new Map<string, StoredPublication>();
  private owned(claim: Claim) {
    const current = this.items.get(claim.publication.id);
    return current && current.leaseOwner === claim.owner ? current : undefined;
  }
  create(publications: readonly StoredPublication[]) {
    for (const p of publications) this.items.set(p.id, structuredClone(p));
    return Promise.resolve('created' as const);
  }
  get(ref: PublicationRef) {
    const found = this.items.get(ref.id);
    return Promise.resolve(found ? structuredClone(found) : undefined);
  }
  list() {
    return Promise.resolve([...this.items.values()]);
  }
  cancel() {
    return Promise.resolve(false);
  }
  claim(p: StoredPublication, owner: string, now: number, leaseUntil: number) {
    const current = this.items.get(p.id);
    if (!current || ['published', 'failed', 'cancelled'].includes(current.status) || current.attempts !== p.attempts || (current.leaseUntil ?? 0) >= now)
      return Promise.resolve(undefined);
    const claimed: StoredPublication = { ...current, status: 'uploading', attempts: current.attempts + 1, leaseOwner: owner, leaseUntil, dueAt: leaseUntil };
    this.items.set(p.id, claimed);
    return Promise.resolve({ publication: structuredClone(claimed), owner });
  }
  saveCheckpoint(claim: Claim, checkpoint: PostingCheckpoint | undefined, leaseUntil: number) {
    const current = this.owned(claim);
    if (current) Object.assign(current, { checkpoint, leaseUntil, dueAt: leaseUntil });
    return Promise.resolve(Boolean(current));
  }
  saveProgress(claim: Claim, status: 'uploading' | 'processing', progress: number | undefined, leaseUntil: number) {
    const current = this.owned(claim);
    if (current) Object.assign(current, { status, progress, leaseUntil });
    return Promise.resolve(Boolean(current));
  }
  finish(claim: Claim, outcome: { status: 'published'; postId: string; postUrl: string; at: string } | { status: 'failed'; error: string; at: string }) {
    const current = this.owned(claim);
    if (current) Object.assign(current, { ...outcome, dueAt: undefined, leaseOwner: undefined, leaseUntil: undefined });
    return Promise.resolve(Boolean(current));
  }
  release(claim: Claim, dueAt: number, error: string, clear: boolean) {
    const current = this.owned(claim);
    if (current)
      Object.assign(current, { status: 'queued', dueAt, error, leaseOwner: undefined, leaseUntil: undefined, ...(clear ? { checkpoint: undefined } : {}) });
    return Promise.resolve(Boolean(current));
  }
  breakLease() {
    return Promise.resolve(false);
  }
  markAnnounced(ref: PublicationRef, at: string) {
    const current = this.items.get(ref.id);
    if (!current || current.announcedAt) return Promise.resolve(false);
    current.announcedAt = at;
    return Promise.resolve(true);
  }
  due(now: number) {
    return Promise.resolve([...this.items.values()].filter((p) => p.dueAt !== undefined && p.dueAt <= now));
  }
}

const video = {
  sizeBytes: 200_000,
  durationSeconds: 30,
  read: (start: number, end: number) => Promise.resolve(new Uint8Array(end - start)),
  publicUrl: () => Promise.resolve('https://x'),
};

function setup(clock = { now: 1_000_000 }) {
  const store = new MemoryStore();
  const platforms = memoryPlatforms();
  const queued: { ref: PublicationRef; delayMs: number }[] = [];
  const announced: string[] = [];
  let ids = 0;
  const runner = new PublicationRunner({
    store,
    tokens: { accessTokenFor: () => Promise.resolve({ accessToken: 'token', account: { providerUserId: 'p1' } as never }) },
    posters: platforms.posters,
    videoOf: () => Promise.resolve(video),
    queue: { enqueue: (ref, delayMs) => Promise.resolve(void queued.push({ ref, delayMs })) },
    events: { changed: () => Promise.resolve(), finished: (p) => Promise.resolve(void announced.push(`${p.id}:${p.status}`)) },
    ids: () => `run${(ids += 1)}`,
    clock: () => clock.now,
    backoffBaseMs: 1_000,
    random: () => 0.5,
    maxAttempts: 3,
  });
  const publication: StoredPublication = {
    id: 'P1',
    userId: 'U1',
    scriptId: 'S1',
    accountId: 'A1',
    platform: 'tiktok',
    accountName: '@me',
    status: 'queued',
    videoKey: 'k',
    post: { caption: 'hello', title: 'T', privacy: 'SELF_ONLY', madeForKids: false, containsSyntheticMedia: true },
    attempts: 0,
    dueAt: clock.now,
    createdAt: '',
    updatedAt: '',
  };
  void store.create([publication]);
  return { store, platforms, queued, announced, runner, publication, clock };
}

describe('the publication runner', () => {
  it('posts once and announces once, however often it is run', async () => {
    const { runner, publication, platforms, announced } = setup();
    const outcomes = await Promise.all([runner.run(publication), runner.run(publication)]);
    expect(outcomes.sort()).toEqual(['busy', 'published']);
    expect(await runner.run(publication)).toBe('done');
    expect(platforms.posts).toHaveLength(1);
    expect(announced).toEqual(['P1:published']);
  });

  it('retries a transient failure no sooner than Retry-After, resumes from the checkpoint, and gives up after the bounded attempts', async () => {
    const { runner, publication, platforms, queued, store, clock } = setup();
    platforms.faults.push({ kind: 'transient', retryAfterMs: 20_000 });
    expect(await runner.run(publication)).toBe('retrying');
    expect(queued.at(-1)?.delayMs).toBe(20_000);
    expect(store.items.get('P1')?.checkpoint).toMatchObject({ platform: 'tiktok', chunksDone: 1 });
    expect(await runner.run(publication)).toBe('not-due');
    clock.now += 20_000;
    platforms.faults.push({ kind: 'transient' }, { kind: 'transient' });
    expect(await runner.run((await store.get(publication))!)).toBe('retrying');
    clock.now += 60_000;
    expect(await runner.run((await store.get(publication))!)).toBe('failed');
    expect(store.items.get('P1')?.error).toContain('gave up after 3 attempts');
    expect(platforms.posts).toHaveLength(0);
  });

  it('fails a permanent refusal at once with the platform’s reason', async () => {
    const { runner, publication, platforms, store, announced } = setup();
    platforms.faults.push({ kind: 'permanent', message: 'spam_risk_too_many_posts' });
    expect(await runner.run(publication)).toBe('failed');
    expect(store.items.get('P1')).toMatchObject({ status: 'failed', error: 'spam_risk_too_many_posts', attempts: 1 });
    expect(announced).toEqual(['P1:failed']);
  });

  it('stops without writing once its lease went to another run', async () => {
    const { runner, publication, platforms, store } = setup();
    let release: () => void = () => undefined;
    platforms.hold = new Promise((resolve) => (release = resolve));
    const running = runner.run(publication);
    await new Promise((resolve) => setTimeout(resolve, 10));
    store.items.get('P1')!.leaseOwner = 'someone-else';
    release();
    expect(await running).toBe('lost');
    expect(platforms.posts).toHaveLength(0);
  });
});

describe('the backoff', () => {
  it('doubles per attempt with jitter, capped, and honours Retry-After', () => {
    expect(backoffMs(1, 5_000, undefined, () => 0.5)).toBe(5_000);
    expect(backoffMs(3, 5_000, undefined, () => 0.5)).toBe(20_000);
    expect(backoffMs(30, 5_000, undefined, () => 0.5)).toBe(30 * 60_000);
    expect(backoffMs(1, 5_000, 90_000, () => 0)).toBe(90_000);
  });
});

describe('the pre-flight', () => {
  const base = {
    platform: 'instagram' as const,
    displayName: '@me',
    video: { sizeBytes: 1_000, durationSeconds: 30 },
    script: { title: 'T', postCaption: 'c' },
    watermarked: false,
    options: { privacyOptions: ['public'], maxDurationSeconds: 900 },
  };
  it('refuses the free watermark on TikTok, too many hashtags on Instagram, too long a video, a platform cap', () => {
    expect(preflight({ ...base, platform: 'tiktok', target: { accountId: 'a' }, watermarked: true }).result.problems).toContain(
      postingMessages.watermarkOnTikTok,
    );
    const tags = Array.from({ length: 31 }, (_, i) => `#t${i}`).join(' ');
    expect(hashtagCount(tags)).toBe(31);
    expect(preflight({ ...base, target: { accountId: 'a', caption: tags } }).result.problems).toEqual([postingMessages.tooManyHashtags]);
    expect(
      preflight({
        ...base,
        platform: 'youtube',
        target: { accountId: 'a' },
        video: { sizeBytes: 1, durationSeconds: 200 },
        options: { privacyOptions: ['public', 'private'], maxDurationSeconds: 600 },
      }).result.problems,
    ).toEqual([postingMessages.tooLong(180)]);
    expect(preflight({ ...base, target: { accountId: 'a' }, options: { ...base.options, blockedReason: postingMessages.platformCap } }).result.ok).toBe(false);
  });
  it('defaults to the most private option and the script’s words', () => {
    const { post, result } = preflight({
      ...base,
      platform: 'youtube',
      target: { accountId: 'a' },
      options: { privacyOptions: ['public', 'unlisted', 'private'], maxDurationSeconds: 180 },
    });
    expect(result.ok).toBe(true);
    expect(post).toEqual({ caption: 'c', title: 'T', privacy: 'private', madeForKids: false, containsSyntheticMedia: true });
  });
});
