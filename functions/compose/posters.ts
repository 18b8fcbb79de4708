import { InstagramPoster, type InstagramPosterOptions } from '../adapters/providers/publishing/instagram-poster';
import { TikTokPoster, type TikTokPosterOptions } from '../adapters/providers/publishing/tiktok-poster';
import { YouTubePoster, type YouTubePosterOptions } from '../adapters/providers/publishing/youtube-poster';
import type { PublishingPlatform } from '../contract/publishing';
import type { PlatformPoster } from '../core/ports/posting';
import type { AppConfig } from '../platform/config';

/** Tuning for tests and the bench (smaller chunks, fewer or quicker polls); the defaults suit the real platforms. */
export interface PosterOptions {
  tiktok?: TikTokPosterOptions;
  youtube?: YouTubePosterOptions;
  instagram?: InstagramPosterOptions;
}

/**
 * The three platforms' posters, pointed where their OAuth adapters are (platformsOf): the
 * sandbox through TIKTOK_BASE_URL, YOUTUBE_BASE_URL and INSTAGRAM_BASE_URL, else the real hosts. They hold
 * no secret: each call is given the account's access token.
 */
export function postersFor(
  config: Pick<AppConfig, 'TIKTOK_BASE_URL' | 'YOUTUBE_BASE_URL' | 'INSTAGRAM_BASE_URL'>,
  options: PosterOptions = {},
): Record<PublishingPlatform, PlatformPoster> {
  return {
    tiktok: new TikTokPoster(config.TIKTOK_BASE_URL, options.tiktok),
    youtube: new YouTubePoster(config.YOUTUBE_BASE_URL, options.youtube),
    instagram: new InstagramPoster(config.INSTAGRAM_BASE_URL, options.instagram),
  };
}
