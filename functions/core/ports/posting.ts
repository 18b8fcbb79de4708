import type { PublishingPlatform } from '../../contract/publishing';

/**
 * Posting a video to a platform: what the posting domain needs from each platform's API. An adapter
 * speaks one platform's upload flow (TikTok's direct post with chunked PUTs, YouTube's resumable upload,
 * Instagram's container from a public URL) and reports each step through `PostingHooks`, so a run that
 * dies mid-upload is resumed from its last checkpoint by the next attempt and never posts twice.
 */

/** The finished video, read in ranges from the object store: never held whole in memory. */
export interface PostingVideo {
  sizeBytes: number;
  durationSeconds: number;
  /** Bytes [start, end) of the file. */
  read(start: number, end: number): Promise<Uint8Array>;
  /** A short-lived URL the platform can fetch the file from (Instagram's containers). */
  publicUrl(): Promise<string>;
}

/** What is posted, already checked against the platform's bounds. */
export interface PostDetails {
  /** TikTok's title, Instagram's caption, YouTube's description. */
  caption: string;
  /** YouTube's title. */
  title: string;
  /** One of `PostingOptions.privacyOptions`. */
  privacy: string;
  madeForKids: boolean;
  containsSyntheticMedia: boolean;
}

/** What an account may post now (TikTok's creator_info, Instagram's content_publishing_limit). */
export interface PostingOptions {
  privacyOptions: string[];
  maxDurationSeconds: number;
  /** Why the account cannot post now (a platform cap reached, an account that cannot post); absent when it can. */
  blockedReason?: string;
}

/**
 * Where an upload stands, saved after each step. `stage` 'uploaded' means every byte is at the platform
 * (a resume only polls and publishes); `postId` set means the platform created the post.
 */
export type PostingCheckpoint =
  | { platform: 'tiktok'; stage: 'initialised' | 'uploaded'; publishId: string; uploadUrl: string; chunkSize: number; chunkCount: number; chunksDone: number }
  | { platform: 'youtube'; stage: 'initialised' | 'uploaded'; sessionUri: string; bytesDone: number; videoId?: string }
  | { platform: 'instagram'; stage: 'initialised' | 'uploaded'; containerId: string; createdAt: number; mediaId?: string };

export interface PostingHooks {
  /** Saves where the upload stands; the next attempt starts from it. */
  checkpoint(checkpoint: PostingCheckpoint): Promise<void>;
  /** Live state for the card: uploading with a percentage, or processing at the platform. */
  progress(stage: 'uploading' | 'processing', percent?: number): Promise<void>;
  /** Waits between status polls (tests shorten it). */
  sleep(ms: number): Promise<void>;
}

export interface PostingRequest {
  accessToken: string;
  /** The platform's id of the account (TikTok open_id, YouTube channel, Instagram user id). */
  providerUserId: string;
  video: PostingVideo;
  post: PostDetails;
  /** The last saved checkpoint of an earlier attempt of this publication. */
  resume?: PostingCheckpoint;
}

export interface PublishedPost {
  postId: string;
  /** A link to the post (or to the profile where the platform gives no post URL yet). */
  postUrl: string;
}

/**
 * A platform refused or failed. `permanent` failures are reported at once (a bad caption, a spam cap, a
 * spent daily quota); the others are retried with backoff, no sooner than `retryAfterMs`. An expired upload
 * URL, session or container is transient with `restart`: the next attempt uploads again from the start.
 */
export class PostingError extends Error {
  override name = 'PostingError';
  constructor(
    readonly platform: PublishingPlatform,
    /** The platform's own code (`spam_risk_too_many_posts`, `2207026`, `quotaExceeded`, HTTP status). */
    readonly code: string,
    message: string,
    readonly permanent: boolean,
    readonly retryAfterMs?: number,
    /** The checkpoint is no longer usable (an expired upload URL or container): the next attempt starts over. */
    readonly restart = false,
  ) {
    super(message);
  }
}

export interface PlatformPoster {
  readonly platform: PublishingPlatform;
  options(accessToken: string, providerUserId: string): Promise<PostingOptions>;
  /** Uploads (or resumes) and publishes, polling the platform until the post exists. Throws PostingError. */
  post(request: PostingRequest, hooks: PostingHooks): Promise<PublishedPost>;
}
