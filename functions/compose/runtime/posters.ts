import type { PublishingPlatform } from '../../contract/publishing';
import type { PlatformPoster } from '../../core/ports/posting';
import { postersFor } from '../posters';
import type { AppConfig } from '../../platform/config';

/**
 * The platforms' posters: one `PlatformPoster` per platform, the composition's one factory
 * parameter: the TikTok, YouTube and Instagram adapters, pointed at the local sandbox or the real hosts
 * by the configuration. Tests and the bench may replace them with `usePosters`.
 */
export type Posters = Readonly<Record<PublishingPlatform, PlatformPoster>>;

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
  const configured = postersFor(config);
  return {
    tiktok: current('tiktok', configured.tiktok),
    youtube: current('youtube', configured.youtube),
    instagram: current('instagram', configured.instagram),
  };
}
