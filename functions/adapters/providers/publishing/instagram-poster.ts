import { z } from 'zod';
import { defaultPrivacyOptions, platformVideoLimits, postingMessages } from '../../../contract/rules/posting';
import {
  PostingError,
  type PlatformPoster,
  type PostingCheckpoint,
  type PostingHooks,
  type PostingOptions,
  type PostingRequest,
  type PublishedPost,
} from '../../../core/ports/posting';
import { instagramGraphVersion } from './instagram-oauth';
import { hostOf } from './oauth-http';
import { postingCall, reasonOf, retryAfterOf, unexpected, type PostingAnswer } from './posting-http';

/**
 * Instagram's content publishing for Reels (Instagram API with Instagram Login): a container
 * from a short-lived public URL of our file (Instagram fetches it), its status polled until FINISHED, then
 * media_publish, then the post's permalink. A resume reads the saved container's status before anything:
 * FINISHED is published, IN_PROGRESS polled, PUBLISHED is done (media_publish is never called twice for a
 * container), EXPIRED (24 h) starts a new container. Errors are `{error: {code, error_subcode, is_transient}}`.
 */
type Checkpoint = Extract<PostingCheckpoint, { platform: 'instagram' }>;

const graphError = z.object({
  error: z.object({
    message: z.string().max(2000).optional(),
    code: z.number().optional(),
    error_subcode: z.number().optional(),
    is_transient: z.boolean().optional(),
    error_user_msg: z.string().max(2000).optional(),
  }),
});
const idAnswer = z.object({ id: z.string().regex(/^\d{1,30}$/) });
const statusAnswer = z.object({ status_code: z.string().max(40), status: z.string().max(2000).optional() });
const limitAnswer = z.object({ data: z.array(z.object({ quota_usage: z.number(), config: z.object({ quota_total: z.number() }).optional() })).max(5) });
const permalinkAnswer = z.object({ permalink: z.string().url().max(500) });
const meAnswer = z.object({ username: z.string().max(100) });

/** Subcodes after which a new container may succeed (a download that failed or timed out, an expired container). */
const restartSubcodes = new Set([2207003, 2207008, 2207020, 2207001, 2207032, 2207053, 2207052]);
/** Codes of Meta's rate limits (application, user, custom, per-call). */
const rateLimitCodes = new Set([4, 17, 32, 613]);

export interface InstagramPosterOptions {
  pollIntervalMs?: number;
  maxPolls?: number;
}

export class InstagramPoster implements PlatformPoster {
  readonly platform = 'instagram' as const;
  private readonly graph: string;
  private readonly webHost: string;
  private readonly pollIntervalMs: number;
  private readonly maxPolls: number;

  constructor(baseUrl: string | undefined, options: InstagramPosterOptions = {}) {
    this.graph = `${hostOf(baseUrl, 'https://graph.instagram.com')}/${instagramGraphVersion}`;
    this.webHost = hostOf(baseUrl, 'https://www.instagram.com');
    this.pollIntervalMs = options.pollIntervalMs ?? 5_000;
    this.maxPolls = options.maxPolls ?? 60;
  }

  private refusal(answer: PostingAnswer, what: string): PostingError {
    const parsed = graphError.safeParse(answer.json);
    if (!parsed.success) return unexpected('instagram', answer, what);
    const { code, error_subcode: subcode, is_transient: transient } = parsed.data.error;
    const message = reasonOf(parsed.data.error.error_user_msg ?? parsed.data.error.message, `Instagram refused ${what}.`);
    const name = String(subcode ?? code ?? `HTTP_${answer.status}`);
    if (subcode === 2207042) return new PostingError('instagram', name, postingMessages.platformCap, true);
    if (subcode && restartSubcodes.has(subcode)) return new PostingError('instagram', name, message, false, undefined, true);
    if (code === 190) return new PostingError('instagram', name, message, true);
    if ((code !== undefined && rateLimitCodes.has(code)) || answer.status === 429)
      return new PostingError('instagram', name, message, false, retryAfterOf(answer.headers) ?? 60_000);
    if (transient || answer.status >= 500 || code === 1 || code === 2) return new PostingError('instagram', name, message, false, retryAfterOf(answer.headers));
    return new PostingError('instagram', name, message, true);
  }

  private async graphCall<T>(what: string, accessToken: string, path: string, schema: z.ZodType<T>, form?: Record<string, string>): Promise<T> {
    const answer = await postingCall('instagram', `${this.graph}${path}`, {
      method: form ? 'POST' : 'GET',
      headers: { authorization: `Bearer ${accessToken}`, ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      ...(form ? { body: new URLSearchParams(form) } : {}),
    });
    if (answer.status >= 300) throw this.refusal(answer, what);
    const parsed = schema.safeParse(answer.json);
    if (!parsed.success) throw new PostingError('instagram', 'unexpected_answer', 'Instagram answered something unexpected.', false);
    return parsed.data;
  }

  async options(accessToken: string, providerUserId: string): Promise<PostingOptions> {
    const limit = await this.graphCall(
      'the publishing limit',
      accessToken,
      `/${providerUserId}/content_publishing_limit?fields=quota_usage,config`,
      limitAnswer,
    );
    const usage = limit.data[0];
    const blocked = usage?.config && usage.quota_usage >= usage.config.quota_total;
    return {
      privacyOptions: [...defaultPrivacyOptions.instagram],
      maxDurationSeconds: platformVideoLimits.instagram.maxDurationSeconds,
      ...(blocked ? { blockedReason: postingMessages.platformCap } : {}),
    };
  }

  async post(request: PostingRequest, hooks: PostingHooks): Promise<PublishedPost> {
    const { accessToken, providerUserId: igUser } = request;
    let state: Checkpoint | undefined = request.resume?.platform === 'instagram' ? request.resume : undefined;
    if (state?.mediaId) return this.permalink(accessToken, state.mediaId);
    let restarted = false;
    for (;;) {
      if (!state) {
        await hooks.progress('uploading', 0);
        const container = await this.graphCall('the video', accessToken, `/${igUser}/media`, idAnswer, {
          media_type: 'REELS',
          video_url: await request.video.publicUrl(),
          caption: request.post.caption,
          share_to_feed: 'true',
        });
        state = { platform: 'instagram', stage: 'initialised', containerId: container.id, createdAt: Date.now() };
        await hooks.checkpoint(state);
      }
      await hooks.progress('processing');
      const outcome = await this.waitFor(accessToken, state.containerId, hooks);
      if (outcome === 'PUBLISHED') return this.publishedUnknown(accessToken, state.containerId);
      if (outcome === 'EXPIRED') {
        // An expired container was never published: a new one is safe, once per attempt.
        if (restarted) throw new PostingError('instagram', 'EXPIRED', 'The Instagram container expired before it was published.', false, undefined, true);
        restarted = true;
        state = undefined;
        continue;
      }
      state = { ...state, stage: 'uploaded' };
      await hooks.checkpoint(state);
      let published: { id: string };
      try {
        published = await this.graphCall('the post', accessToken, `/${igUser}/media_publish`, idAnswer, { creation_id: state.containerId });
      } catch (error) {
        // Not ready after all (Instagram's 9007): the next attempt polls again.
        if (error instanceof PostingError && error.code === '2207027') throw new PostingError('instagram', error.code, error.message, false);
        throw error;
      }
      await hooks.checkpoint({ ...state, mediaId: published.id });
      return this.permalink(accessToken, published.id);
    }
  }

  /** Polls the container until it is ready, published or expired; an ERROR is thrown. */
  private async waitFor(accessToken: string, containerId: string, hooks: PostingHooks): Promise<'FINISHED' | 'PUBLISHED' | 'EXPIRED'> {
    for (let poll = 0; poll < this.maxPolls; poll += 1) {
      if (poll > 0) await hooks.sleep(this.pollIntervalMs);
      const status = await this.graphCall('the container', accessToken, `/${containerId}?fields=status_code,status`, statusAnswer);
      if (status.status_code === 'FINISHED' || status.status_code === 'PUBLISHED' || status.status_code === 'EXPIRED') return status.status_code;
      if (status.status_code === 'ERROR') {
        const subcode = Number(/\((\d{7})\)/.exec(status.status ?? '')?.[1] ?? 0);
        const message = reasonOf(status.status?.replace(/^Error:\s*/, ''), 'Instagram could not process the video.');
        throw new PostingError(
          'instagram',
          subcode ? String(subcode) : 'ERROR',
          message,
          !restartSubcodes.has(subcode),
          undefined,
          restartSubcodes.has(subcode),
        );
      }
    }
    throw new PostingError('instagram', 'processing_timeout', 'Instagram is still processing the video.', false);
  }

  private async permalink(accessToken: string, mediaId: string): Promise<PublishedPost> {
    const found = await this.graphCall('the permalink', accessToken, `/${mediaId}?fields=permalink`, permalinkAnswer).catch(() => undefined);
    return { postId: mediaId, postUrl: found?.permalink ?? this.webHost };
  }

  /** A container published by an attempt that died before saving the media id: the post exists; link the profile. */
  private async publishedUnknown(accessToken: string, containerId: string): Promise<PublishedPost> {
    const me = await this.graphCall('the account', accessToken, '/me?fields=username', meAnswer).catch(() => undefined);
    return { postId: containerId, postUrl: me ? `${this.webHost}/${encodeURIComponent(me.username)}/` : this.webHost };
  }
}
