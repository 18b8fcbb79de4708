import { z } from 'zod';
import { defaultPrivacyOptions, platformVideoLimits } from '../../../contract/rules/posting';
import {
  PostingError,
  type PlatformPoster,
  type PostingCheckpoint,
  type PostingHooks,
  type PostingOptions,
  type PostingRequest,
  type PublishedPost,
} from '../../../core/ports/posting';
import { hostOf } from './oauth-http';
import { postingCall, putChunk, reasonOf, retryAfterOf, unexpected, type PostingAnswer } from './posting-http';

/**
 * YouTube's resumable upload (YouTube Data API v3 videos.insert): a session is opened with the
 * video's snippet and status, the file goes in chunks (multiples of 256 KiB) `PUT` to the session URI with
 * `Content-Range`, each answered `308` with `Range` until the last, answered with the video. A resume asks
 * the session where it stands (`Content-Range: bytes *\/SIZE`) first: a finished session answers the video,
 * so nothing is sent again; otherwise the upload continues after the last byte YouTube holds.
 */
const quantum = 256 * 1024;

const googleError = z.object({
  error: z.object({
    code: z.number().optional(),
    message: z.string().max(2000).optional(),
    errors: z
      .array(z.object({ reason: z.string().max(100).optional() }))
      .max(10)
      .optional(),
  }),
});
const videoAnswer = z.object({
  id: z.string().min(1).max(64),
  status: z
    .object({ uploadStatus: z.string().max(40).optional(), failureReason: z.string().max(100).optional(), rejectionReason: z.string().max(100).optional() })
    .optional(),
});

/** Refusals asking again does not change (the daily quota resets at midnight Pacific: reported, not waited for). */
const permanentReasons = new Set([
  'quotaExceeded',
  'uploadLimitExceeded',
  'invalidTitle',
  'invalidDescription',
  'invalidVideoMetadata',
  'invalidCategoryId',
  'forbidden',
  'authError',
  'youtubeSignupRequired',
  'mediaBodyRequired',
  'badContent',
]);
const transientReasons = new Set(['rateLimitExceeded', 'userRateLimitExceeded', 'backendError', 'internalError']);

export interface YouTubePosterOptions {
  /** The chunk size, rounded down to a multiple of 256 KiB (default 8 MiB). */
  chunkBytes?: number;
}

export class YouTubePoster implements PlatformPoster {
  readonly platform = 'youtube' as const;
  private readonly uploadUrl: string;
  private readonly shortsHost: string;
  private readonly chunkBytes: number;

  constructor(baseUrl: string | undefined, options: YouTubePosterOptions = {}) {
    this.uploadUrl = `${hostOf(baseUrl, 'https://www.googleapis.com')}/upload/youtube/v3/videos?uploadType=resumable&part=snippet,status`;
    this.shortsHost = hostOf(baseUrl, 'https://youtube.com');
    this.chunkBytes = Math.max(quantum, Math.floor((options.chunkBytes ?? 8 * 1024 ** 2) / quantum) * quantum);
  }

  options(): Promise<PostingOptions> {
    return Promise.resolve({ privacyOptions: [...defaultPrivacyOptions.youtube], maxDurationSeconds: platformVideoLimits.youtube.maxDurationSeconds });
  }

  private refusal(answer: PostingAnswer, what: string): PostingError {
    const parsed = googleError.safeParse(answer.json);
    const reason = parsed.success ? parsed.data.error.errors?.[0]?.reason : undefined;
    const message = reasonOf(parsed.success ? parsed.data.error.message : undefined, `YouTube refused ${what}.`);
    if (answer.status === 404) return new PostingError('youtube', 'notFound', 'The YouTube upload session expired.', false, undefined, true);
    if (answer.status === 429 || (reason && transientReasons.has(reason)))
      return new PostingError('youtube', reason ?? 'rateLimitExceeded', message, false, retryAfterOf(answer.headers));
    if (answer.status === 401) return new PostingError('youtube', 'authError', message, true);
    if (reason && permanentReasons.has(reason)) return new PostingError('youtube', reason, message, true);
    if (answer.status >= 500) return new PostingError('youtube', reason ?? `HTTP_${answer.status}`, message, false, retryAfterOf(answer.headers));
    return reason ? new PostingError('youtube', reason, message, answer.status >= 400) : unexpected('youtube', answer, what);
  }

  /** The video from a finished session's answer; a file YouTube refused is a permanent failure. */
  private published(answer: PostingAnswer): PublishedPost {
    const parsed = videoAnswer.safeParse(answer.json);
    if (!parsed.success) throw new PostingError('youtube', 'unexpected_answer', 'YouTube answered something unexpected.', false);
    const status = parsed.data.status;
    if (status?.uploadStatus === 'failed' || status?.uploadStatus === 'rejected') {
      const code = status.failureReason ?? status.rejectionReason ?? status.uploadStatus;
      throw new PostingError('youtube', code, `YouTube refused the video: ${code}.`, true);
    }
    return { postId: parsed.data.id, postUrl: `${this.shortsHost}/shorts/${parsed.data.id}` };
  }

  /** The byte after the last one the session holds (`Range: bytes=0-N`; none held without the header). */
  private static nextByte(answer: PostingAnswer): number {
    const end = /bytes=0-(\d+)/.exec(answer.headers.get('range') ?? '')?.[1];
    return end === undefined ? 0 : Number(end) + 1;
  }

  async post(request: PostingRequest, hooks: PostingHooks): Promise<PublishedPost> {
    const { accessToken, video, post } = request;
    const resume = request.resume?.platform === 'youtube' ? request.resume : undefined;
    if (resume?.videoId) return { postId: resume.videoId, postUrl: `${this.shortsHost}/shorts/${resume.videoId}` };
    let state: Extract<PostingCheckpoint, { platform: 'youtube' }>;
    if (resume) {
      const asked = await postingCall('youtube', resume.sessionUri, {
        method: 'PUT',
        headers: { 'content-range': `bytes */${video.sizeBytes}`, 'content-length': '0' },
      });
      if (asked.status === 200 || asked.status === 201) return this.finish(resume, asked, hooks, video.sizeBytes);
      if (asked.status !== 308) throw this.refusal(asked, 'the upload session');
      state = { ...resume, bytesDone: YouTubePoster.nextByte(asked) };
    } else {
      const opened = await postingCall('youtube', this.uploadUrl, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${accessToken}`,
          'content-type': 'application/json; charset=UTF-8',
          'x-upload-content-length': String(video.sizeBytes),
          'x-upload-content-type': 'video/mp4',
        },
        body: JSON.stringify({
          snippet: { title: post.title, description: post.caption, categoryId: '22' },
          status: { privacyStatus: post.privacy, selfDeclaredMadeForKids: post.madeForKids, containsSyntheticMedia: post.containsSyntheticMedia },
        }),
      });
      const location = opened.headers.get('location');
      if (opened.status !== 200 || !location)
        throw opened.status === 200 ? unexpected('youtube', opened, 'the upload session') : this.refusal(opened, 'the upload session');
      state = { platform: 'youtube', stage: 'initialised', sessionUri: location, bytesDone: 0 };
    }
    await hooks.checkpoint(state);
    while (state.bytesDone < video.sizeBytes) {
      const start = state.bytesDone;
      const end = Math.min(video.sizeBytes, start + this.chunkBytes);
      const answer = await putChunk('youtube', state.sessionUri, video, { start, end }, hooks);
      if (answer.status === 200 || answer.status === 201) return this.finish(state, answer, hooks, video.sizeBytes);
      if (answer.status !== 308) throw this.refusal(answer, 'a chunk');
      const next = YouTubePoster.nextByte(answer);
      if (next <= start) throw new PostingError('youtube', 'no_progress', 'YouTube did not keep the chunk.', false);
      state = { ...state, bytesDone: next };
      await hooks.checkpoint(state);
    }
    throw new PostingError('youtube', 'upload_incomplete', 'YouTube did not answer the video after the last byte.', false);
  }

  private async finish(
    state: Extract<PostingCheckpoint, { platform: 'youtube' }>,
    answer: PostingAnswer,
    hooks: PostingHooks,
    size: number,
  ): Promise<PublishedPost> {
    const published = this.published(answer);
    await hooks.checkpoint({ ...state, stage: 'uploaded', bytesDone: size, videoId: published.postId });
    return published;
  }
}
