import { platformNames, type PublishingPlatform } from '../../../contract/publishing';
import { PostingError, type PlatformPoster } from '../../../core/ports/posting';
import type { AppConfig } from '../../config';

/**
 * The platforms' posters (issue 26): one `PlatformPoster` per platform, the composition's one factory
 * parameter. The TikTok, YouTube and Instagram adapters plug in here (branch post-wire); until they do,
 * a platform answers that posting is not available, so the pre-flight says so and nothing is claimed.
 * Tests and the bench replace them with `usePosters`.
 */
export type Posters = Readonly<Record<PublishingPlatform, PlatformPoster>>;

function unavailable(platform: PublishingPlatform): PlatformPoster {
  const refuse = () => new PostingError(platform, 'not_available', `Posting to ${platformNames[platform]} is not available on this server yet`, true);
  return {
    platform,
    options: () => Promise.reject(refuse()),
    post: () => Promise.reject(refuse()),
  };
}

let replaced: Posters | undefined;

/**
 * Replaces this process's posters (tests, the bench), for compositions made before or after; undefined
 * restores the configured ones.
 */
export function usePosters(posters: Posters | undefined): void {
  replaced = posters;
}

/** Each platform's poster, looked up on every call (so `usePosters` reaches a composition already made). */
function current(platform: PublishingPlatform, configured: PlatformPoster): PlatformPoster {
  return {
    platform,
    options: (accessToken, providerUserId) => (replaced?.[platform] ?? configured).options(accessToken, providerUserId),
    post: (request, hooks) => (replaced?.[platform] ?? configured).post(request, hooks),
  };
}

export function postersOf(config: AppConfig): Posters {
  void config;
  return { tiktok: current('tiktok', unavailable('tiktok')), youtube: current('youtube', unavailable('youtube')), instagram: current('instagram', unavailable('instagram')) };
}
