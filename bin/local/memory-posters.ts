import type { PublishingPlatform } from '../../functions/contract/publishing';
import {
  PostingError,
  type PlatformPoster,
  type PostingCheckpoint,
  type PostingRequest,
  type PostingHooks,
  type PublishedPost,
} from '../../functions/core/ports/posting';

/**
 * In-memory platforms for the ledger's tests and the bench (until the sandbox's upload endpoints are
 * plugged in as the real adapters): each post reads the video in chunks through `PostingVideo.read`,
 * saves a checkpoint per chunk, reports progress, and is recorded once it "exists". Failures are
 * injected per call: transient (retried by the runner), permanent, or a pause that holds the upload.
 */
export interface MemoryPost {
  platform: PublishingPlatform;
  providerUserId: string;
  postId: string;
  caption: string;
  bytes: number;
  resumedFrom?: PostingCheckpoint;
  at: number;
}

export type InjectedFault = { kind: 'transient'; retryAfterMs?: number; restart?: boolean } | { kind: 'permanent'; code?: string; message?: string };

export interface MemoryPlatforms {
  posters: Record<PublishingPlatform, PlatformPoster>;
  posts: MemoryPost[];
  /** Calls of `post` (attempts that reached the platform). */
  calls: number;
  /** The next calls fail as given, in order (a caption can name its own with `faultsByCaption`). */
  faults: InjectedFault[];
  faultsByCaption: Map<string, InjectedFault[]>;
  /** While set, an upload waits after its first chunk until it resolves (a run held mid-upload). */
  hold?: Promise<void>;
  privacy: Partial<Record<PublishingPlatform, string[]>>;
  /** Reasons an account cannot post now (a platform cap). */
  blocked: Map<string, string>;
}

const chunkBytes = 64 * 1024;

export function memoryPlatforms(): MemoryPlatforms {
  const state: MemoryPlatforms = {
    posters: {} as Record<PublishingPlatform, PlatformPoster>,
    posts: [],
    calls: 0,
    faults: [],
    faultsByCaption: new Map(),
    privacy: {},
    blocked: new Map(),
  };
  let serial = 0;
  const poster = (platform: PublishingPlatform): PlatformPoster => ({
    platform,
    options: async (_token, providerUserId) => ({
      privacyOptions:
        state.privacy[platform] ??
        (platform === 'tiktok' ? ['PUBLIC_TO_EVERYONE', 'SELF_ONLY'] : platform === 'youtube' ? ['public', 'unlisted', 'private'] : ['public']),
      maxDurationSeconds: platform === 'youtube' ? 180 : 600,
      ...(state.blocked.has(providerUserId) ? { blockedReason: state.blocked.get(providerUserId) } : {}),
    }),
    async post(request: PostingRequest, hooks: PostingHooks): Promise<PublishedPost> {
      state.calls += 1;
      const byCaption = state.faultsByCaption.get(request.post.caption);
      const fault = byCaption?.shift() ?? state.faults.shift();
      const { video } = request;
      const chunks = Math.max(1, Math.ceil(video.sizeBytes / chunkBytes));
      const resume = request.resume?.platform === 'tiktok' ? request.resume : undefined;
      let done = resume?.chunksDone ?? 0;
      const publishId = resume?.publishId ?? `pub_${platform}_${(serial += 1)}`;
      if (!resume)
        await hooks.checkpoint({
          platform: 'tiktok',
          stage: 'initialised',
          publishId,
          uploadUrl: 'memory://upload',
          chunkSize: chunkBytes,
          chunkCount: chunks,
          chunksDone: 0,
        });
      for (; done < chunks; done += 1) {
        const bytes = await video.read(done * chunkBytes, Math.min(video.sizeBytes, (done + 1) * chunkBytes));
        if (bytes.byteLength === 0) throw new Error('empty chunk');
        await hooks.checkpoint({
          platform: 'tiktok',
          stage: done + 1 === chunks ? 'uploaded' : 'initialised',
          publishId,
          uploadUrl: 'memory://upload',
          chunkSize: chunkBytes,
          chunkCount: chunks,
          chunksDone: done + 1,
        });
        await hooks.progress('uploading', ((done + 1) / chunks) * 100);
        if (state.hold) await state.hold;
        if (fault?.kind === 'transient') break;
      }
      // A transient failure mid-upload (after the first chunk), or at the publish step of a resumed upload.
      if (fault?.kind === 'transient')
        throw new PostingError(platform, 'rate_limit_exceeded', 'The platform asked to slow down', false, fault.retryAfterMs, fault.restart ?? false);
      if (fault?.kind === 'permanent')
        throw new PostingError(
          platform,
          fault.code ?? 'spam_risk_too_many_posts',
          fault.message ?? 'The platform refused the post: too many posts today',
          true,
        );
      await hooks.progress('processing');
      state.posts.push({
        platform,
        providerUserId: request.providerUserId,
        postId: publishId,
        caption: request.post.caption,
        bytes: video.sizeBytes,
        ...(request.resume ? { resumedFrom: request.resume } : {}),
        at: Date.now(),
      });
      return { postId: publishId, postUrl: `https://example.test/${platform}/${publishId}` };
    },
  });
  state.posters = { tiktok: poster('tiktok'), youtube: poster('youtube'), instagram: poster('instagram') };
  return state;
}
