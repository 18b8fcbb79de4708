import type { EarlierPost, Publication, PublicationSummary, PublishCheckResponse, PublishCheckTarget, PublishRequest } from '../../contract/publishing';
import { platformNames, postingBounds, postingMessages } from '../../contract/publishing';
import { alreadyPostedText, repostStatuses } from '../../contract/rules/posting';
import type { Script } from '../../contract/scripts';
import { ConflictError, LimitExceededError, NotFoundError, ValidationError } from '../errors';
import { keyOfVideoUrl } from '../files/script-files';
import type { ObjectStore } from '../ports/object-store';
import { PostingError, type PlatformPoster, type PostDetails, type PostingOptions } from '../ports/posting';
import type { PublicationEvents, PublicationQueue, PublicationStore, StoredPublication } from '../ports/publications';
import type { ConnectedAccountStore } from '../ports/publishing';
import type { PublishingPlatform } from '../../contract/publishing';
import { AccountNeedsReconnectError, type ConnectedAccountsService } from './connected-accounts';
import { preflight } from './preflight';

/**
 * Posting a finished video: the pre-flight of each target, the publications it creates (the
 * day's posts spent in the same transaction), the creator's list and the cancelling of a scheduled one.
 * The upload itself is the runner's (publication-runner.ts), handed each publication by the queue now,
 * or by the sweep at its time.
 */
export interface PostingPlan {
  /** Posts per UTC day. */
  dailyPosts: number;
  /** The plan's videos carry the app's watermark (TikTok refuses them). */
  watermark: boolean;
}

export interface PublicationsDeps {
  store: PublicationStore;
  scripts: { get(userId: string, scriptId: string): Promise<Script | undefined> };
  accounts: Pick<ConnectedAccountStore, 'get'>;
  tokens: Pick<ConnectedAccountsService, 'accessTokenFor'>;
  posters: Readonly<Record<PublishingPlatform, PlatformPoster>>;
  files: Pick<ObjectStore, 'head'>;
  planOf(userId: string): Promise<PostingPlan>;
  queue: PublicationQueue;
  events: PublicationEvents;
  ids(): string;
  clock?: () => number;
}

/** The longest an SQS message waits (a later scheduled post is found by the sweep at its time). */
export const queueDelayMaxMs = 15 * 60_000;
export const listMax = 200;

export function toPublicPublication(stored: StoredPublication): Publication {
  return {
    id: stored.id,
    scriptId: stored.scriptId,
    accountId: stored.accountId,
    platform: stored.platform,
    accountName: stored.accountName,
    status: stored.status,
    ...(stored.status === 'uploading' && stored.progress !== undefined ? { progress: stored.progress } : {}),
    ...(stored.postUrl ? { postUrl: stored.postUrl } : {}),
    ...(stored.error ? { error: stored.error.slice(0, postingBounds.errorMax) } : {}),
    ...(stored.scheduledAt ? { scheduledAt: stored.scheduledAt } : {}),
    ...(stored.publishedAt ? { publishedAt: stored.publishedAt } : {}),
    privacy: stored.post.privacy,
    createdAt: stored.createdAt,
  };
}

/** When an earlier post happened, or will, or was asked for. */
const earlierAt = (stored: StoredPublication) => stored.publishedAt ?? stored.scheduledAt ?? stored.createdAt;

/** Per account, the newest publication of this very file that is published or on its way (the list is newest first). */
export function earlierPostsOf(publications: readonly StoredPublication[], videoKey: string): Map<string, EarlierPost> {
  const earlier = new Map<string, EarlierPost>();
  for (const stored of publications) {
    if (stored.videoKey !== videoKey || !repostStatuses.includes(stored.status) || earlier.has(stored.accountId)) continue;
    earlier.set(stored.accountId, {
      publicationId: stored.id,
      status: stored.status,
      at: earlierAt(stored),
      ...(stored.postUrl ? { postUrl: stored.postUrl } : {}),
    });
  }
  return earlier;
}

/** The UTC day a post is counted on. */
export function postingDayOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

interface CheckedTarget {
  result: PublishCheckTarget;
  post: PostDetails;
  accountName: string;
}

export class PublicationsService {
  private readonly clock: () => number;

  constructor(private readonly deps: PublicationsDeps) {
    this.clock = deps.clock ?? Date.now;
  }

  private async video(
    userId: string,
    scriptId: string,
  ): Promise<{ script: Script; videoKey: string; sizeBytes: number; durationSeconds?: number; watermarked: boolean | null }> {
    const script = await this.deps.scripts.get(userId, scriptId);
    if (!script) throw new NotFoundError(postingMessages.scriptNotFound);
    const videoKey = keyOfVideoUrl(userId, script.videoUrl);
    if (!videoKey || script.videoGenerationStatus === 'generating') throw new ConflictError(postingMessages.noVideo, undefined, 'NO_VIDEO');
    const sizeBytes = await this.deps.files.head(videoKey);
    if (sizeBytes === undefined) throw new ConflictError(postingMessages.noVideo, undefined, 'NO_VIDEO');
    const durationSeconds = script.videoMetadata?.totalDuration ?? script.audioDuration ?? undefined;
    return { script, videoKey, sizeBytes, watermarked: script.videoWatermarked, ...(durationSeconds ? { durationSeconds } : {}) };
  }

  private scheduledAtOf(request: PublishRequest): number | undefined {
    if (request.scheduledAt === undefined) return undefined;
    const at = Date.parse(request.scheduledAt);
    const now = this.clock();
    if (at <= now) throw new ValidationError(postingMessages.scheduledInPast, undefined, 'SCHEDULED_IN_PAST');
    if (at > now + postingBounds.scheduleAheadDays * 86_400_000) throw new ValidationError(postingMessages.scheduledTooFar, undefined, 'SCHEDULED_TOO_FAR');
    return at;
  }

  /** What the platform lets the account do now, or why it cannot be asked (an account to reconnect, a platform down). */
  private async optionsOf(userId: string, accountId: string, platform: PublishingPlatform): Promise<PostingOptions | { unavailable: string }> {
    try {
      const { accessToken, account } = await this.deps.tokens.accessTokenFor(userId, accountId);
      return await this.deps.posters[platform].options(accessToken, account.providerUserId);
    } catch (error) {
      if (error instanceof AccountNeedsReconnectError) return { unavailable: postingMessages.needsReconnect };
      if (error instanceof PostingError) return { unavailable: error.message.slice(0, postingBounds.errorMax) };
      throw error;
    }
  }

  private async checked(userId: string, scriptId: string, request: PublishRequest) {
    const ids = request.targets.map((target) => target.accountId);
    if (new Set(ids).size !== ids.length) throw new ValidationError(postingMessages.duplicateAccount, undefined, 'DUPLICATE_ACCOUNT');
    const scheduledAt = this.scheduledAtOf(request);
    const [video, plan] = await Promise.all([this.video(userId, scriptId), this.deps.planOf(userId)]);
    // The rule is the file's: what its render recorded; a video made before that was recorded follows the plan.
    const watermarked = video.watermarked ?? plan.watermark;
    const earlier = earlierPostsOf(await this.deps.store.list(userId, scriptId, listMax), video.videoKey);
    const targets: CheckedTarget[] = await Promise.all(
      request.targets.map(async (target) => {
        const account = await this.deps.accounts.get(userId, target.accountId);
        if (!account) throw new NotFoundError(postingMessages.accountNotFound(target.accountId));
        const options =
          account.status === 'connected' ? await this.optionsOf(userId, account.id, account.platform) : { unavailable: postingMessages.needsReconnect };
        const { result, post } = preflight({
          target,
          platform: account.platform,
          displayName: account.displayName,
          options,
          video,
          script: { title: video.script.title, postCaption: video.script.postCaption },
          watermarked,
          planWatermarks: plan.watermark,
          ...(earlier.has(account.id) ? { alreadyPosted: earlier.get(account.id) } : {}),
        });
        return { result, post, accountName: account.displayName };
      }),
    );
    return { video, plan, targets, scheduledAt, watermarked };
  }

  /** The pre-flight of every target; nothing is uploaded or claimed. */
  async check(userId: string, scriptId: string, request: PublishRequest): Promise<PublishCheckResponse> {
    const { targets } = await this.checked(userId, scriptId, request);
    return { targets: targets.map((target) => target.result) };
  }

  /**
   * One publication per target, queued now or scheduled, after a pre-flight that passes for every
   * target (else 400 naming the first refused target, nothing created); the day's posts are spent in
   * the creating transaction (403 at the plan's limit).
   */
  async publish(userId: string, scriptId: string, request: PublishRequest): Promise<{ publications: PublicationSummary[] }> {
    const { video, plan, targets, scheduledAt, watermarked } = await this.checked(userId, scriptId, request);
    const refused = targets.find((target) => !target.result.ok);
    if (refused) {
      const { platform, displayName, problems, watermarkFix } = refused.result;
      const fix =
        watermarkFix === 'upgrade' ? postingMessages.watermarkUpgrade : watermarkFix === 'render-again' ? postingMessages.watermarkRenderAgain : undefined;
      const reason = problems[0] === postingMessages.watermarkOnTikTok && fix ? `${problems[0]} ${fix}` : (problems[0] ?? '');
      throw new ValidationError(
        postingMessages.targetRefused(platformNames[platform], displayName, reason),
        { targets: targets.map((target) => target.result) },
        'TARGET_REFUSED',
      );
    }
    // The same file to the same account again only when the caller says so.
    const reposts = request.allowRepost ? [] : targets.filter((target) => target.result.alreadyPosted);
    const first = reposts[0]?.result;
    if (first?.alreadyPosted) {
      const earlier = first.alreadyPosted;
      const text = alreadyPostedText(earlier.status, `${platformNames[first.platform]} (${first.displayName})`, earlier.at.slice(0, 10));
      throw new ConflictError(
        postingMessages.alreadyPosted(text, earlier.publicationId),
        {
          earlier: reposts.map(({ result }) => ({
            accountId: result.accountId,
            platform: result.platform,
            accountName: result.displayName,
            ...result.alreadyPosted,
          })),
        },
        'ALREADY_POSTED',
      );
    }
    const now = this.clock();
    const at = new Date(now).toISOString();
    const publications: StoredPublication[] = targets.map(({ result, post, accountName }) => ({
      id: this.deps.ids(),
      userId,
      scriptId,
      accountId: result.accountId,
      platform: result.platform,
      accountName,
      status: scheduledAt === undefined ? 'queued' : 'scheduled',
      videoKey: video.videoKey,
      // The file's record goes with the post: the runner refuses a watermarked file for TikTok too.
      watermarked,
      ...(video.durationSeconds !== undefined ? { durationSeconds: video.durationSeconds } : {}),
      post,
      attempts: 0,
      dueAt: scheduledAt ?? now,
      ...(scheduledAt !== undefined ? { scheduledAt: new Date(scheduledAt).toISOString() } : {}),
      createdAt: at,
      updatedAt: at,
    }));
    const outcome = await this.deps.store.create(publications, postingDayOf(now), plan.dailyPosts);
    if (outcome === 'limit') throw new LimitExceededError(postingMessages.dailyLimit, { limit: plan.dailyPosts }, 'DAILY_POST_LIMIT');
    for (const publication of publications) {
      const delay = (publication.dueAt ?? now) - now;
      if (delay <= queueDelayMaxMs) await this.deps.queue.enqueue(publication, Math.max(0, delay));
      await this.deps.events.changed(publication);
    }
    return { publications: publications.map(({ id, accountId, platform, status }) => ({ id, accountId, platform, status })) };
  }

  async list(userId: string, scriptId?: string): Promise<Publication[]> {
    return (await this.deps.store.list(userId, scriptId, listMax)).map(toPublicPublication);
  }

  /** Cancels a scheduled publication; 409 once it started (or ended). */
  async cancel(userId: string, id: string): Promise<void> {
    const found = await this.deps.store.get({ userId, id });
    if (!found) throw new NotFoundError(postingMessages.publicationNotFound);
    if (found.status === 'cancelled') return;
    if (found.status !== 'scheduled' || !(await this.deps.store.cancel({ userId, id }, new Date(this.clock()).toISOString()))) {
      throw new ConflictError(postingMessages.alreadyStarted, undefined, 'ALREADY_STARTED');
    }
    const cancelled = await this.deps.store.get({ userId, id });
    if (cancelled) await this.deps.events.changed(cancelled);
  }
}
