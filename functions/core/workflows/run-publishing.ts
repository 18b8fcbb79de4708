import { platformNames, type Publication, type PublishRequest, type PublishTarget } from '../../contract/publishing';
import { finalPublicationStatuses, postingBounds } from '../../contract/rules/posting';
import type { SchedulePublishTarget } from '../../contract/workflows';
import { ConflictError } from '../errors';
import type { StoredSchedule } from '../ports/workflows';

/** How many times CheckPublished looks (the state machine waits between looks) before the run fails. */
export const maxPublishChecks = 60;

export const postFailedMessage = (platform: string, account: string, reason: string) => `The post to ${platform} (${account}) failed: ${reason}`;
export const postStuckMessage = 'The post did not finish in time. See the video card for where it stopped.';

/** What Publish answers and CheckPublished carries on: the accounts the run posts to, and how many looks so far. */
export interface RunPosts {
  /** False when the schedule posts nowhere (the run ends after Deliver). */
  pending: boolean;
  accountIds: string[];
  checks: number;
}

export interface RunPublishingDeps {
  schedules: { get(userId: string, id: string): Promise<StoredSchedule | undefined> };
  scriptOf(userId: string, scriptId: string): Promise<{ title: string; postCaption: string | null } | undefined>;
  /** PublicationsService: `publish` runs the pre-flight and queues one publication per target. */
  publications: {
    publish(userId: string, scriptId: string, request: PublishRequest): Promise<unknown>;
    list(userId: string, scriptId: string): Promise<Publication[]>;
  };
}

/** The schedule's caption template filled with the run's words; empty template: undefined (the post caption). */
export function captionFrom(template: string, script: { title: string; postCaption: string | null }): string | undefined {
  if (!template.trim()) return undefined;
  const filled = template
    .replaceAll('{caption}', script.postCaption ?? '')
    .replaceAll('{title}', script.title)
    .trim();
  return filled.slice(0, postingBounds.captionMax);
}

/** The newest publication per account (the list is newest first). */
function newestByAccount(publications: readonly Publication[]): Map<string, Publication> {
  const newest = new Map<string, Publication>();
  for (const publication of publications) {
    const seen = newest.get(publication.accountId);
    if (!seen || publication.createdAt > seen.createdAt) newest.set(publication.accountId, publication);
  }
  return newest;
}

/**
 * An automation run's posts. Publish (after Deliver) posts the run's video to the schedule's accounts;
 * CheckPublished, looked at in a Wait loop, ends the run once every post is final and fails it with
 * the platform's reason when one failed. A second Publish of the same run (a Retry, a redriven
 * execution) posts only to accounts the script has no live publication for, so a run posts once.
 */
export class RunPublishing {
  constructor(private readonly deps: RunPublishingDeps) {}

  async publish(userId: string, scheduleId: string, scriptId: string): Promise<RunPosts> {
    const schedule = await this.deps.schedules.get(userId, scheduleId);
    const targets: readonly SchedulePublishTarget[] = schedule?.publishTargets ?? [];
    if (targets.length === 0) return { pending: false, accountIds: [], checks: 0 };
    const script = await this.deps.scriptOf(userId, scriptId);
    if (!script) throw new ConflictError('The script of this run was deleted.', undefined, 'SCRIPT_GONE');
    const live = newestByAccount((await this.deps.publications.list(userId, scriptId)).filter((publication) => publication.status !== 'cancelled'));
    const caption = captionFrom(schedule?.publishCaption ?? '', script);
    const toPost: PublishTarget[] = targets
      .filter((target) => !live.has(target.accountId))
      .map((target) => ({ accountId: target.accountId, ...(target.privacy ? { privacy: target.privacy } : {}), ...(caption ? { caption } : {}) }));
    if (toPost.length > 0) await this.deps.publications.publish(userId, scriptId, { targets: toPost });
    return { pending: true, accountIds: targets.map((target) => target.accountId), checks: 0 };
  }

  /** Done when every account's post is final; throws the first failure's reason, or when the looks run out. */
  async check(userId: string, scriptId: string, posts: RunPosts): Promise<RunPosts> {
    const newest = newestByAccount(await this.deps.publications.list(userId, scriptId));
    const ours = posts.accountIds.map((accountId) => newest.get(accountId));
    const failed = ours.find((publication) => publication?.status === 'failed' || publication?.status === 'cancelled');
    if (failed) {
      const reason = failed.status === 'cancelled' ? 'it was cancelled' : (failed.error ?? 'the platform gave no reason');
      throw new ConflictError(postFailedMessage(platformNames[failed.platform], failed.accountName, reason), undefined, 'POST_FAILED');
    }
    if (ours.every((publication) => publication && finalPublicationStatuses.includes(publication.status)))
      return { ...posts, pending: false, checks: posts.checks + 1 };
    if (posts.checks + 1 >= maxPublishChecks) throw new ConflictError(postStuckMessage, undefined, 'POST_STUCK');
    return { ...posts, checks: posts.checks + 1 };
  }
}
