import { DynamoConnectedAccounts } from '../adapters/aws/dynamo/connected-accounts';
import { DynamoDeliverySettingsRepository } from '../adapters/aws/dynamo/delivery-settings';
import { DynamoPublications } from '../adapters/aws/dynamo/publications';
import { postingVideoOf } from '../adapters/providers/publishing/stored-posting-video';
import { dailyPostLimits } from '../contract/publishing';
import { NotFoundError } from '../core/errors';
import { newId } from '../core/ids';
import { limitsOf } from '../core/plans/tiers';
import type { PublicationEvents, PublicationQueue, StoredPublication } from '../core/ports/publications';
import type { Publisher } from '../core/ports/realtime';
import { PublicationRunner, type PublicationRunnerDeps } from '../core/publishing/publication-runner';
import { PublicationsService, toPublicPublication } from '../core/publishing/publications-service';
import type { EntryContext } from '../platform/entry-context';
import { objectStoreOf } from './clients/s3';
import { tableOf } from './clients/table';
import { logger } from '../platform/observability/logging';
import { connectedAccountsOf } from './publishing';
import { scriptRepositoryOf } from './script-services';
import { publicationQueueOf } from './runtime/publication-queue';
import { postersOf, type Posters } from './runtime/posters';
import { realtimeOf, sessionsOf, usersOf } from './shared';
import { webhooksOf } from './webhooks';
import type { WebhookService } from '../core/delivery/webhooks';
import { metrics } from '../platform/observability/metrics';

/**
 * Posting: the publications service the HTTP area calls and the runner the worker runs.
 * `posters` is the one factory parameter the platforms' adapters plug in through (default: the
 * configured ones, runtime/posters.ts).
 */
export interface PostingOptions {
  posters?: Posters;
  clock?: () => number;
  runner?: Partial<Pick<PublicationRunnerDeps, 'leaseMs' | 'maxAttempts' | 'backoffBaseMs' | 'sleep' | 'random'>>;
}

function pushOf(publisher: Publisher): PublicationEvents['changed'] {
  return async (publication) => {
    // The card shows what the public publication shows, but for its account's name and its dates.
    const {
      id,
      accountName: _name,
      scheduledAt: _scheduled,
      publishedAt: _published,
      createdAt: _created,
      privacy: _privacy,
      ...shown
    } = toPublicPublication(publication);
    await publisher.publish(publication.userId, { type: 'publications', publicationId: id, ...shown });
  };
}

/** The card only (the HTTP area queues and cancels; outcomes are the worker's). */
function cardEvents(context: EntryContext): PublicationEvents {
  const changed = pushOf(realtimeOf(context, sessionsOf(context)));
  return { changed, finished: () => Promise.resolve() };
}

/** The card and, once per publication, `video.published` or `video.publish_failed` (event id from the publication's id). */
export function publicationEventsOf(context: EntryContext): PublicationEvents {
  const changed = pushOf(realtimeOf(context, sessionsOf(context)));
  // Built at the first outcome, not with the worker: locally the first webhook service built consumes the
  // process's queue, and a worker composed at start-up should not take that role from delivery's own.
  let built: WebhookService | undefined;
  const webhooks = () => (built ??= webhooksOf(context, new DynamoDeliverySettingsRepository(tableOf(context, 'read-write'))));
  return {
    changed,
    finished: async (publication: StoredPublication) => {
      const published = publication.status === 'published';
      await webhooks().dispatchPublication(
        publication.userId,
        published ? 'video.published' : 'video.publish_failed',
        `msg_${publication.id}${published ? 'pub' : 'fail'}`,
        {
          scriptId: publication.scriptId,
          title: publication.post.title,
          durationSeconds: publication.durationSeconds ?? null,
          shareUrl: null,
          postCaption: publication.post.caption,
          publication: {
            id: publication.id,
            platform: publication.platform,
            accountId: publication.accountId,
            accountName: publication.accountName,
            postUrl: publication.postUrl ?? null,
            error: publication.error ?? null,
          },
        },
      );
    },
  };
}

export function publicationsServiceOf(
  context: EntryContext,
  options: PostingOptions = {},
  queue: PublicationQueue = publicationQueueOf(context),
): PublicationsService {
  const table = tableOf(context, 'read-write');
  const users = usersOf(context, 'read');
  return new PublicationsService({
    store: new DynamoPublications(table),
    scripts: scriptRepositoryOf(context),
    accounts: new DynamoConnectedAccounts(table),
    tokens: connectedAccountsOf(context, options.clock ? { clock: options.clock } : {}),
    posters: options.posters ?? postersOf(context.config),
    files: objectStoreOf(context, 'read'),
    planOf: async (userId) => {
      const tier = (await users.get(userId))?.subscriptionTier ?? 'free';
      return { dailyPosts: dailyPostLimits[tier], watermark: limitsOf(tier).watermark };
    },
    queue,
    events: cardEvents(context),
    ids: newId,
    ...(options.clock ? { clock: options.clock } : {}),
  });
}

export function publicationRunnerOf(
  context: EntryContext,
  options: PostingOptions = {},
  queue: PublicationQueue = publicationQueueOf(context),
): PublicationRunner {
  const table = tableOf(context, 'read-write');
  const files = objectStoreOf(context, 'read');
  return new PublicationRunner({
    store: new DynamoPublications(table),
    tokens: connectedAccountsOf(context, options.clock ? { clock: options.clock } : {}),
    posters: options.posters ?? postersOf(context.config),
    videoOf: async (publication) => {
      const video = await postingVideoOf(files, publication.videoKey, publication.durationSeconds ?? 0);
      if (!video) throw new NotFoundError('The video is no longer stored');
      return video;
    },
    queue,
    events: publicationEventsOf(context),
    ids: newId,
    log: logger.createChild({ persistentKeys: { area: 'publications' } }),
    metrics,
    backoffBaseMs: context.config.PUBLISH_RETRY_BASE_MS,
    ...(options.clock ? { clock: options.clock } : {}),
    ...options.runner,
  });
}
