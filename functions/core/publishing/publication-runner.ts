import { finalPublicationStatuses, platformNames, postingBounds, postingMessages } from '../../contract/publishing';
import type { PublishingPlatform } from '../../contract/publishing';
import { NotFoundError } from '../errors';
import { PostingError, type PlatformPoster, type PostingCheckpoint, type PostingHooks, type PostingVideo } from '../ports/posting';
import type { Claim, PublicationEvents, PublicationQueue, PublicationRef, PublicationStore, StoredPublication } from '../ports/publications';
import type { ConnectedAccountsService } from './connected-accounts';
import { AccountNeedsReconnectError } from './connected-accounts';
import type { Log } from '../ports/log';
import type { Metrics } from '../ports/metrics';

/**
 * The worker's step: takes one publication's lease, then uploads (or resumes from the
 * stored checkpoint) and publishes through the platform's poster. Every checkpoint and progress write is
 * conditioned on the lease still being this run's, so a run that lost its lease (a crash's successor
 * took it over) stops before it sends anything more: one post per publication. A transient failure lets
 * the lease go and comes back after a backoff (no sooner than the platform's Retry-After); a permanent
 * one, or too many attempts, fails the publication with the platform's reason.
 */
export type RunOutcome = 'published' | 'failed' | 'retrying' | 'done' | 'not-due' | 'busy' | 'lost' | 'missing';

export interface PublicationRunnerDeps {
  store: PublicationStore;
  tokens: Pick<ConnectedAccountsService, 'accessTokenFor'>;
  posters: Readonly<Record<PublishingPlatform, PlatformPoster>>;
  /** The stored video, read in ranges. */
  videoOf(publication: StoredPublication, sizeBytes?: number): Promise<PostingVideo>;
  queue: PublicationQueue;
  events: PublicationEvents;
  ids(): string;
  clock?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** How long a claim holds without a checkpoint or progress (ms). */
  leaseMs?: number;
  maxAttempts?: number;
  /** The first retry's wait (doubled each attempt). */
  backoffBaseMs?: number;
  random?: () => number;
  log?: Log;
  /** Posts published and given up, by platform (and code); absent: nothing counted. */
  metrics?: Pick<Metrics, 'postPublished' | 'postFailed'>;
}

export const defaultLeaseMs = 5 * 60_000;
export const defaultMaxAttempts = 6;
/** A queue may hand a message over a little early. */
const dueSlackMs = 1_000;
const backoffCapMs = 30 * 60_000;
/** Progress is written when it moved this many points (or the stage changed). */
const progressStep = 5;

/** The lease went to another run: this one stops without writing. */
class LeaseLostError extends Error {
  override name = 'LeaseLostError';
}

/** Waits before the next attempt: exponential from the base with ±20% jitter, never under the platform's Retry-After. */
export function backoffMs(attempt: number, base: number, retryAfterMs: number | undefined, random: () => number): number {
  const exponential = Math.min(backoffCapMs, base * 2 ** Math.max(0, attempt - 1));
  const jittered = exponential * (0.8 + 0.4 * random());
  return Math.round(Math.max(jittered, retryAfterMs ?? 0));
}

export class PublicationRunner {
  private readonly clock: () => number;
  private readonly leaseMs: number;
  private readonly maxAttempts: number;

  constructor(private readonly deps: PublicationRunnerDeps) {
    this.clock = deps.clock ?? Date.now;
    this.leaseMs = deps.leaseMs ?? defaultLeaseMs;
    this.maxAttempts = deps.maxAttempts ?? defaultMaxAttempts;
  }

  async run(ref: PublicationRef): Promise<RunOutcome> {
    const found = await this.deps.store.get(ref);
    if (!found) return 'missing';
    if (finalPublicationStatuses.includes(found.status)) {
      // Finished before its outcome was announced (a crash in between): announce it now, once.
      await this.announce(found);
      return 'done';
    }
    const now = this.clock();
    if (found.dueAt !== undefined && found.dueAt > now + dueSlackMs && found.leaseUntil === undefined) return 'not-due';
    const claim = await this.deps.store.claim(found, this.deps.ids(), now, now + this.leaseMs);
    if (!claim) return 'busy';
    const { publication } = claim;
    this.deps.log?.info('publication claimed', {
      publicationId: publication.id,
      platform: publication.platform,
      attempt: publication.attempts,
      resuming: publication.checkpoint !== undefined,
    });
    if (publication.attempts > this.maxAttempts)
      return this.fail(claim, `${publication.error ?? 'The platform kept failing'} (gave up after ${this.maxAttempts} attempts)`, 'GAVE_UP');
    // The file's own record: TikTok refuses a watermarked video, whoever queued it (a card, an automation, a schedule).
    if (publication.platform === 'tiktok' && publication.watermarked === true)
      return this.fail(claim, `${postingMessages.watermarkOnTikTok} ${postingMessages.watermarkRenderAgain}`, 'WATERMARKED');
    await this.deps.events.changed(publication);
    try {
      const { accessToken, account } = await this.deps.tokens.accessTokenFor(publication.userId, publication.accountId);
      const video = await this.deps.videoOf(publication);
      const posted = await this.deps.posters[publication.platform].post(
        {
          accessToken,
          providerUserId: account.providerUserId,
          video,
          post: publication.post,
          ...(publication.checkpoint ? { resume: publication.checkpoint } : {}),
        },
        this.hooks(claim),
      );
      const at = new Date(this.clock()).toISOString();
      if (
        !(await this.deps.store.finish(claim, { status: 'published', postId: posted.postId, postUrl: posted.postUrl.slice(0, postingBounds.postUrlMax), at }))
      )
        return 'lost';
      const published: StoredPublication = { ...publication, status: 'published', postId: posted.postId, postUrl: posted.postUrl, publishedAt: at };
      this.deps.log?.info('publication published', { publicationId: publication.id, platform: publication.platform, attempt: publication.attempts });
      this.deps.metrics?.postPublished(publication.platform);
      await this.deps.events.changed(published);
      await this.announce(published);
      return 'published';
    } catch (error) {
      return this.failed(claim, error);
    }
  }

  private hooks(claim: Claim): PostingHooks {
    let last: { stage: string; percent: number } | undefined;
    return {
      checkpoint: async (checkpoint: PostingCheckpoint) => {
        if (!(await this.deps.store.saveCheckpoint(claim, checkpoint, this.clock() + this.leaseMs))) throw new LeaseLostError();
        claim.publication.checkpoint = checkpoint;
      },
      progress: async (stage, percent) => {
        const rounded = percent === undefined ? undefined : Math.max(0, Math.min(100, Math.round(percent)));
        if (last && last.stage === stage && Math.abs((rounded ?? 0) - last.percent) < progressStep && rounded !== 100) return;
        last = { stage, percent: rounded ?? 0 };
        if (!(await this.deps.store.saveProgress(claim, stage, rounded, this.clock() + this.leaseMs))) throw new LeaseLostError();
        claim.publication.status = stage;
        claim.publication.progress = rounded;
        await this.deps.events.changed(claim.publication);
      },
      sleep: this.deps.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
    };
  }

  private async failed(claim: Claim, error: unknown): Promise<RunOutcome> {
    const { publication } = claim;
    if (error instanceof LeaseLostError) {
      this.deps.log?.warn('publication lease lost', { publicationId: publication.id });
      return 'lost';
    }
    if (error instanceof AccountNeedsReconnectError) return this.fail(claim, postingMessages.needsReconnect, 'NEEDS_RECONNECT');
    if (error instanceof NotFoundError) return this.fail(claim, error.message, 'NOT_FOUND');
    const posting = error instanceof PostingError ? error : undefined;
    // The platform's own code goes with our words, so a creator (or support) can look it up.
    const reason = posting ? withPlatformCode(posting) : 'The upload was interrupted';
    if (posting?.permanent) return this.fail(claim, reason, posting.code);
    if (publication.attempts >= this.maxAttempts) return this.fail(claim, `${reason} (gave up after ${this.maxAttempts} attempts)`, posting?.code ?? 'GAVE_UP');
    const wait = backoffMs(publication.attempts, this.deps.backoffBaseMs ?? 5_000, posting?.retryAfterMs, this.deps.random ?? Math.random);
    const now = this.clock();
    this.deps.log?.warn('publication attempt failed, retrying', {
      publicationId: publication.id,
      platform: publication.platform,
      attempt: publication.attempts,
      // Not `code`: the logger redacts that key (it carries OAuth codes elsewhere).
      platformCode: posting?.code ?? (error instanceof Error ? error.name : 'unknown'),
      waitMs: wait,
    });
    if (!(await this.deps.store.release(claim, now + wait, reason.slice(0, postingBounds.errorMax), posting?.restart ?? false, new Date(now).toISOString())))
      return 'lost';
    await this.deps.queue.enqueue(claim.publication, wait);
    return 'retrying';
  }

  /** `code` says why, for the metrics: the platform's own code when it gave one, else ours. */
  private async fail(claim: Claim, reason: string, code: string): Promise<RunOutcome> {
    const at = new Date(this.clock()).toISOString();
    const error = reason.slice(0, postingBounds.errorMax);
    if (!(await this.deps.store.finish(claim, { status: 'failed', error, at }))) return 'lost';
    const failed: StoredPublication = { ...claim.publication, status: 'failed', error };
    this.deps.log?.warn('publication failed', { publicationId: failed.id, platform: failed.platform, attempt: failed.attempts });
    this.deps.metrics?.postFailed(failed.platform, code);
    await this.deps.events.changed(failed);
    await this.announce(failed);
    return 'failed';
  }

  /** The webhook of a final outcome, once per publication (its event id is the publication's). */
  private async announce(publication: StoredPublication): Promise<void> {
    if (publication.status !== 'published' && publication.status !== 'failed') return;
    if (publication.announcedAt) return;
    // Handed over first, then marked: a crash in between hands it over again under the same event id,
    // which the webhook log's claim delivers once.
    await this.deps.events.finished(publication);
    await this.deps.store.markAnnounced(publication, new Date(this.clock()).toISOString());
  }

  /**
   * After a restart of the one local process: every publication it held (a lease not yet ended) is let
   * go and handed over again, so it resumes from its checkpoint now rather than when the lease ends.
   * Only where one process runs every worker (the local stack); the cloud waits for the lease.
   */
  async resumeAbandoned(max = sweepMax): Promise<number> {
    const now = this.clock();
    const held = (await this.deps.store.due(now + this.leaseMs + 1_000, max)).filter((publication) => publication.leaseOwner !== undefined);
    let resumed = 0;
    for (const publication of held) {
      if (!(await this.deps.store.breakLease(publication, now))) continue;
      await this.deps.queue.enqueue(publication, 0);
      resumed += 1;
    }
    return resumed;
  }

  /** Hands every publication due by now to the queue (scheduled ones at their time, retries, crashed runs whose lease ended). */
  sweep(max = sweepMax): Promise<number> {
    return sweepDuePublications(this.deps.store, this.deps.queue, this.clock(), max);
  }
}

export const sweepMax = 100;

/**
 * The sweep (the cloud's every-minute tick, the local stack every few seconds): every publication due by
 * `now` goes to the queue. Handing one over twice is harmless: the claim lets one run through.
 */
export async function sweepDuePublications(store: Pick<PublicationStore, 'due'>, queue: PublicationQueue, now: number, max = sweepMax): Promise<number> {
  const due = await store.due(now, max);
  for (const publication of due) await queue.enqueue(publication, 0);
  return due.length;
}

/** `message (TikTok: spam_risk_too_many_posts)`, unless the message already names the code. */
export function withPlatformCode(error: PostingError): string {
  if (!error.code || error.message.includes(error.code)) return error.message;
  return `${error.message} (${platformNames[error.platform]}: ${error.code})`;
}
