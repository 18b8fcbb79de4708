import { z } from 'zod';
import { postingMessages } from '../../../contract/rules/posting';
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
 * TikTok's Content Posting API, direct post of a file: creator_info (asked before every post, as
 * TikTok's guidelines want), video/init with source FILE_UPLOAD, the file in chunks `PUT` to the upload
 * URL with `Content-Range`, then status/fetch until PUBLISH_COMPLETE. Chunks are read from the store one at
 * a time; a checkpoint follows each. A resume asks status/fetch first: an upload TikTok already holds
 * whole is only polled, never sent again; otherwise the remaining chunks go.
 */
const mb = 1024 ** 2;
/** TikTok's chunk bounds: 5 to 64 MB; a file under 5 MB goes whole. */
export const tiktokChunkBounds = { min: 5 * mb, max: 64 * mb } as const;

/**
 * TikTok's chunk plan: a file no larger than one chunk goes whole; else floor(size / chunk) chunks, the
 * last taking the rest (so it is under twice a chunk: at most 128 MB with 64 MB chunks).
 */
export function tiktokChunkPlan(size: number, chunkBytes: number): { chunkSize: number; chunkCount: number } {
  const chunk = Math.min(Math.max(1, chunkBytes), tiktokChunkBounds.max);
  if (size <= chunk) return { chunkSize: size, chunkCount: 1 };
  return { chunkSize: chunk, chunkCount: Math.floor(size / chunk) };
}

const envelope = z.object({ error: z.object({ code: z.string().max(100), message: z.string().max(2000).optional() }).optional() });
const creatorInfo = z.object({
  data: z.object({
    creator_username: z.string().max(100).optional(),
    privacy_level_options: z.array(z.string().max(40)).max(10),
    max_video_post_duration_sec: z.number().int().min(1),
  }),
});
const initAnswer = z.object({ data: z.object({ publish_id: z.string().min(1).max(200), upload_url: z.string().url().max(2000) }) });
const statusAnswer = z.object({
  data: z.object({ status: z.string().max(40), fail_reason: z.string().max(200).optional(), uploaded_bytes: z.number().optional() }),
});

/** Permanent refusals: asking again gives the same answer. */
const permanentCodes = new Set([
  'spam_risk_too_many_posts',
  'spam_risk_user_banned_from_posting',
  'reached_active_user_cap',
  'unaudited_client_can_only_post_to_private_accounts',
  'privacy_level_option_mismatch',
  'access_token_invalid',
  'scope_not_authorized',
  'invalid_params',
  'invalid_param',
  'url_ownership_unverified',
  'invalid_publish_id',
]);

export interface TikTokPosterOptions {
  /** The chunk size (default 10 MB; TikTok takes 5 to 64 MB — the sandbox takes less when told, for tests). */
  chunkBytes?: number;
  pollIntervalMs?: number;
  maxPolls?: number;
}

export class TikTokPoster implements PlatformPoster {
  readonly platform = 'tiktok' as const;
  private readonly apiHost: string;
  private readonly webHost: string;
  private readonly chunkBytes: number;
  private readonly pollIntervalMs: number;
  private readonly maxPolls: number;

  constructor(baseUrl: string | undefined, options: TikTokPosterOptions = {}) {
    this.apiHost = hostOf(baseUrl, 'https://open.tiktokapis.com');
    this.webHost = hostOf(baseUrl, 'https://www.tiktok.com');
    this.chunkBytes = options.chunkBytes ?? 10 * mb;
    this.pollIntervalMs = options.pollIntervalMs ?? 3_000;
    this.maxPolls = options.maxPolls ?? 100;
  }

  /** TikTok's `{error: {code, message}}` as a PostingError (undefined when the answer says ok). */
  private refusal(answer: PostingAnswer): PostingError | undefined {
    const parsed = envelope.safeParse(answer.json);
    const code = parsed.success ? parsed.data.error?.code : undefined;
    if (answer.status < 300 && (code === undefined || code === 'ok')) return undefined;
    const message = reasonOf(parsed.success ? parsed.data.error?.message : undefined, `TikTok refused the post (${code ?? answer.status}).`);
    if (answer.status === 429 || code === 'rate_limit_exceeded')
      return new PostingError('tiktok', 'rate_limit_exceeded', message, false, retryAfterOf(answer.headers));
    if (code && permanentCodes.has(code))
      return new PostingError('tiktok', code, code === 'spam_risk_too_many_posts' ? postingMessages.platformCap : message, true);
    if (answer.status >= 500 || code === 'internal_error')
      return new PostingError('tiktok', code ?? `HTTP_${answer.status}`, message, false, retryAfterOf(answer.headers));
    return new PostingError('tiktok', code ?? `HTTP_${answer.status}`, message, answer.status >= 400);
  }

  private async api<T>(path: string, accessToken: string, body: unknown, schema: z.ZodType<T>): Promise<{ answer: PostingAnswer; data: T }> {
    const answer = await postingCall('tiktok', `${this.apiHost}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json; charset=UTF-8' },
      body: JSON.stringify(body),
    });
    const refused = this.refusal(answer);
    if (refused) throw refused;
    const parsed = schema.safeParse(answer.json);
    if (!parsed.success) throw new PostingError('tiktok', 'unexpected_answer', 'TikTok answered something unexpected.', false);
    return { answer, data: parsed.data };
  }

  private creator(accessToken: string) {
    return this.api('/v2/post/publish/creator_info/query/', accessToken, {}, creatorInfo);
  }

  async options(accessToken: string): Promise<PostingOptions> {
    try {
      const { data } = await this.creator(accessToken);
      return { privacyOptions: data.data.privacy_level_options, maxDurationSeconds: data.data.max_video_post_duration_sec };
    } catch (error) {
      if (error instanceof PostingError && error.code === 'spam_risk_too_many_posts')
        return { privacyOptions: [], maxDurationSeconds: 0, blockedReason: postingMessages.platformCap };
      throw error;
    }
  }

  async post(request: PostingRequest, hooks: PostingHooks): Promise<PublishedPost> {
    const { accessToken, video, post } = request;
    const resume = request.resume?.platform === 'tiktok' ? request.resume : undefined;
    let username: string | undefined;
    if (resume) {
      // The post may be made already: a refusal here (a cap our own post reached) must not fail it.
      username = await this.creator(accessToken).then(
        ({ data }) => data.data.creator_username,
        () => undefined,
      );
    } else {
      const { data } = await this.creator(accessToken);
      username = data.data.creator_username;
      if (!data.data.privacy_level_options.includes(post.privacy))
        throw new PostingError('tiktok', 'privacy_level_option_mismatch', postingMessages.privacyNotOffered(post.privacy), true);
    }
    let state: Extract<PostingCheckpoint, { platform: 'tiktok' }>;
    if (resume) {
      state = resume;
      if (state.stage === 'initialised' && (await this.uploadComplete(accessToken, state.publishId, video.sizeBytes)))
        state = { ...state, stage: 'uploaded', chunksDone: state.chunkCount };
    } else {
      const { chunkSize, chunkCount } = tiktokChunkPlan(video.sizeBytes, this.chunkBytes);
      const { data } = await this.api(
        '/v2/post/publish/video/init/',
        accessToken,
        {
          post_info: {
            title: post.caption,
            privacy_level: post.privacy,
            disable_duet: false,
            disable_comment: false,
            disable_stitch: false,
            video_cover_timestamp_ms: 1000,
            is_aigc: post.containsSyntheticMedia,
          },
          source_info: { source: 'FILE_UPLOAD', video_size: video.sizeBytes, chunk_size: chunkSize, total_chunk_count: chunkCount },
        },
        initAnswer,
      );
      state = {
        platform: 'tiktok',
        stage: 'initialised',
        publishId: data.data.publish_id,
        uploadUrl: data.data.upload_url,
        chunkSize,
        chunkCount,
        chunksDone: 0,
      };
      await hooks.checkpoint(state);
    }
    for (let index = state.chunksDone; state.stage === 'initialised' && index < state.chunkCount; index += 1) {
      const start = index * state.chunkSize;
      const end = index === state.chunkCount - 1 ? video.sizeBytes : start + state.chunkSize;
      const answer = await putChunk('tiktok', state.uploadUrl, video, { start, end }, hooks);
      if (answer.status === 404 || answer.status === 410) {
        // The upload URL is gone (an hour passed): TikTok may still hold the whole file.
        if (await this.uploadComplete(accessToken, state.publishId, video.sizeBytes)) state = { ...state, stage: 'uploaded', chunksDone: state.chunkCount };
        else throw new PostingError('tiktok', 'upload_url_expired', 'The TikTok upload expired before it finished.', false, undefined, true);
        break;
      }
      if (answer.status === 429) throw new PostingError('tiktok', 'rate_limit_exceeded', 'TikTok asked to slow down.', false, retryAfterOf(answer.headers));
      if (answer.status !== 200 && answer.status !== 201 && answer.status !== 206) throw unexpected('tiktok', answer, 'a chunk');
      state = { ...state, chunksDone: index + 1, stage: index + 1 === state.chunkCount ? 'uploaded' : 'initialised' };
      await hooks.checkpoint(state);
    }
    if (state.stage !== 'uploaded') throw new PostingError('tiktok', 'upload_incomplete', 'The TikTok upload did not finish.', false);
    await hooks.checkpoint(state);
    await hooks.progress('processing');
    return this.poll(accessToken, state.publishId, username, hooks);
  }

  /** Whether TikTok holds every byte of the publish (status/fetch's uploaded_bytes, or a status past uploading). */
  private async uploadComplete(accessToken: string, publishId: string, size: number): Promise<boolean> {
    const answer = await this.api('/v2/post/publish/status/fetch/', accessToken, { publish_id: publishId }, statusAnswer).catch((error: unknown) => {
      // TikTok no longer knows the publish: nothing was posted under it, so a new one is safe.
      if (error instanceof PostingError && error.code === 'invalid_publish_id')
        throw new PostingError('tiktok', error.code, 'The TikTok upload is gone.', false, undefined, true);
      throw error;
    });
    const { status, uploaded_bytes: uploaded } = answer.data.data;
    return status !== 'PROCESSING_UPLOAD' || (uploaded ?? 0) >= size;
  }

  private async poll(accessToken: string, publishId: string, username: string | undefined, hooks: PostingHooks): Promise<PublishedPost> {
    for (let poll = 0; poll < this.maxPolls; poll += 1) {
      if (poll > 0) await hooks.sleep(this.pollIntervalMs);
      const { answer, data } = await this.api('/v2/post/publish/status/fetch/', accessToken, { publish_id: publishId }, statusAnswer);
      const { status, fail_reason: reason } = data.data;
      if (status === 'PUBLISH_COMPLETE' || status === 'SEND_TO_USER_INBOX') {
        // The id is a 64-bit integer: read from the text, since a JSON number would round it.
        const id = /"publicaly_available_post_id"\s*:\s*\[\s*"?(\d{1,25})/.exec(answer.text)?.[1];
        const profile = username ? `${this.webHost}/@${username}` : this.webHost;
        return { postId: id ?? publishId, postUrl: id && username ? `${profile}/video/${id}` : profile };
      }
      if (status === 'FAILED') {
        const code = reason ?? 'failed';
        // An internal failure at TikTok: a new publish may go through.
        if (code === 'internal') throw new PostingError('tiktok', code, 'TikTok could not process the video.', false, undefined, true);
        throw new PostingError('tiktok', code, `TikTok refused the video: ${code.replace(/_/g, ' ')}.`, true);
      }
    }
    throw new PostingError('tiktok', 'processing_timeout', 'TikTok is still processing the video.', false);
  }
}
