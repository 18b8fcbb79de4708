import type { EarlierPost, PublishCheckTarget, PublishingPlatform, PublishTarget } from '../../contract/publishing';
import { defaultPrivacyOptions, platformVideoLimits, postingBounds, postingMessages } from '../../contract/publishing';
import type { PostDetails, PostingOptions } from '../ports/posting';

/**
 * The pre-flight of one target: what would fail and why, before anything is uploaded or
 * claimed. Pure: the caller has read the account, the platform's options now and the video's facts.
 */
export interface PreflightInput {
  target: PublishTarget;
  platform: PublishingPlatform;
  displayName: string;
  /** The account's state and the platform's answer; `unavailable` is why it could not be asked. */
  options: PostingOptions | { unavailable: string };
  video: { sizeBytes: number; durationSeconds?: number };
  /** The script's own words, the defaults of caption and title. */
  script: { title: string; postCaption: string | null };
  /** The video's file carries the free plan's watermark (its render's record; the plan's rule when not recorded). */
  watermarked: boolean;
  /** The plan draws the watermark now: a render again would carry it too (the way out is to upgrade first). */
  planWatermarks?: boolean;
  /** The newest post of this same file to the account, when there is one. */
  alreadyPosted?: EarlierPost;
}

const hashtagPattern = /(^|\s)#[\p{L}\p{N}_]+/gu;

export function hashtagCount(text: string): number {
  return [...text.matchAll(hashtagPattern)].length;
}

/** What is posted: the request's fields over the script's, trimmed to what the platform takes where a default is too long. */
export function postDetailsOf(input: Pick<PreflightInput, 'target' | 'platform' | 'script'>, privacyOptions: readonly string[]): PostDetails {
  const { target, script } = input;
  const caption = target.caption ?? (script.postCaption ?? '').slice(0, postingBounds.captionMax);
  return {
    caption,
    title: target.title ?? (script.title.trim().slice(0, postingBounds.titleMax) || 'Untitled'),
    privacy: target.privacy ?? privacyOptions.at(-1) ?? defaultPrivacyOptions[input.platform][0] ?? 'private',
    madeForKids: target.madeForKids ?? false,
    containsSyntheticMedia: target.containsSyntheticMedia ?? true,
  };
}

export function preflight(input: PreflightInput): { result: PublishCheckTarget; post: PostDetails } {
  const { target, platform, video, options } = input;
  const limits = platformVideoLimits[platform];
  const problems: string[] = [];
  const available = 'unavailable' in options ? undefined : options;
  if (!available) problems.push((options as { unavailable: string }).unavailable);
  const privacyOptions = available?.privacyOptions.length ? available.privacyOptions : [...defaultPrivacyOptions[platform]];
  const maxDurationSeconds = Math.min(limits.maxDurationSeconds, available?.maxDurationSeconds ?? limits.maxDurationSeconds);
  if (available?.blockedReason) problems.push(available.blockedReason);
  const watermarkRefused = input.watermarked && platform === 'tiktok';
  if (watermarkRefused) problems.push(postingMessages.watermarkOnTikTok);
  if (target.privacy !== undefined && !privacyOptions.includes(target.privacy)) problems.push(postingMessages.privacyNotOffered(target.privacy));
  if (video.durationSeconds !== undefined) {
    if (video.durationSeconds > maxDurationSeconds + 0.5) problems.push(postingMessages.tooLong(maxDurationSeconds));
    if (video.durationSeconds < limits.minDurationSeconds) problems.push(postingMessages.tooShort(limits.minDurationSeconds));
  }
  if (video.sizeBytes > limits.maxBytes) problems.push(postingMessages.tooLarge);
  const post = postDetailsOf(input, privacyOptions);
  if (platform === 'instagram' && hashtagCount(post.caption) > postingBounds.hashtagsMax) problems.push(postingMessages.tooManyHashtags);
  if (platform === 'youtube' && new TextEncoder().encode(post.caption).length > postingBounds.descriptionMax)
    problems.push(`The description is longer than YouTube's ${postingBounds.descriptionMax} bytes`);
  return {
    result: {
      accountId: target.accountId,
      platform,
      displayName: input.displayName,
      ok: problems.length === 0,
      problems,
      privacyOptions,
      maxDurationSeconds,
      ...(watermarkRefused ? { watermarkFix: input.planWatermarks === true ? ('upgrade' as const) : ('render-again' as const) } : {}),
      ...(input.alreadyPosted ? { alreadyPosted: input.alreadyPosted } : {}),
    },
    post,
  };
}
