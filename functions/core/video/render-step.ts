import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { NotAuthenticatedError } from '../errors';
import { ownKeyOf } from '../files/owned-files';
import { limitsOf } from '../plans/tiers';
import type { RenderClip } from '../ports/video-renderer';
import type { User } from '../users/user';
import type { PipelineDeps } from './pipeline-deps';
import { captionsOf, readWords, scriptOf } from './plan-step';
import { ProgressReporter, stageProgress } from './progress';
import { videoFiles } from '../scripts/lifecycle';
import type { AudioResult, PlanResult, RunInput, VideoResult } from './run';

/** A clip, the music or the logo larger than this is refused (uploads are at most 50 MB). */
export const maxInputBytes = 200 * 1024 * 1024;
const maxLogoBytes = 10 * 1024 * 1024;
/** The render's part of the progress bar: after planning (10), before finalizing (100). */
const renderShare = 89;

/**
 * The user's logo, when it is one of their own stored files: a key under their prefix, or our media
 * proxy path naming one. Anything else (a remote URL) is not fetched by a render: no logo then.
 */
export function logoKeyOf(user: Pick<User, 'id' | 'logoUrl' | 'logoSettings'>): string | undefined {
  if (!user.logoUrl || !user.logoSettings.enabled) return undefined;
  return ownKeyOf(user.id, user.logoUrl);
}

const safeExt = (key: string) => (/^\.[a-z0-9]{1,5}$/i.test(extname(key)) ? extname(key).toLowerCase() : '.bin');

/**
 * RenderVideo: the clips, voice-over, music, logo and (free plan) watermark copied into a work folder
 * of this run, one render by the VideoRenderer, the MP4 and a JPEG thumbnail uploaded to the contract's
 * keys (named by the run, so a retry writes the same objects). The work folder is always removed.
 */
export async function renderStep(deps: PipelineDeps, input: RunInput & { audio: AudioResult; plan: PlanResult }): Promise<VideoResult> {
  const progress = new ProgressReporter(deps, input, 'rendering', deps.progressIntervalMs, deps.clock);
  await progress.start(stageProgress.rendering);
  const [script, user] = await Promise.all([scriptOf(deps, input), deps.users.get(input.userId)]);
  if (!user) throw new NotAuthenticatedError();
  const captions = captionsOf(script);
  const words = await readWords(deps, input.audio.wordsKey);
  const work = await mkdtemp(join(deps.tempRoot ?? tmpdir(), 'reelsmith-run-'));
  try {
    const local = new Map<string, string>();
    const fetchOnce = async (key: string, name: string, maxBytes = maxInputBytes): Promise<string> => {
      const known = local.get(key);
      if (known) return known;
      const path = join(work, `${name}${safeExt(key)}`);
      await deps.files.download(key, path, maxBytes);
      local.set(key, path);
      return path;
    };
    const clips: RenderClip[] = [];
    for (const [i, segment] of input.plan.segments.entries()) {
      if (segment.mediaDuration <= 0.01) continue;
      const path = await fetchOnce(segment.storageKey, `clip-${i}`);
      clips.push({ path, kind: 'video', start: segment.mediaStartTime, duration: segment.mediaDuration });
    }
    if (clips.length === 0) {
      const first = input.plan.segments[0];
      if (first) clips.push({ path: await fetchOnce(first.storageKey, 'clip-0'), kind: 'video', start: first.mediaStartTime, duration: input.audio.durationSeconds });
    }
    const voiceOverPath = await fetchOnce(input.audio.audioKey, 'voice');
    const musicPath = input.plan.musicKey ? await fetchOnce(input.plan.musicKey, 'music') : null;
    const logoKey = logoKeyOf(user);
    let logoPath: string | null = null;
    if (logoKey) {
      logoPath = await fetchOnce(logoKey, 'logo', maxLogoBytes).catch((error: unknown) => {
        deps.log.warn('logo not found; rendering without it', { userId: user.id, error: String(error) });
        return null;
      });
    }
    const watermarkPath = limitsOf(user.subscriptionTier).watermark ? deps.watermarkPath : null;

    const outputPath = join(work, 'video.mp4');
    const result = await deps.renderer.render({
      clips,
      voiceOverPath,
      voiceOverDuration: input.audio.durationSeconds,
      words,
      captions,
      musicPath,
      logo: logoPath ? { path: logoPath, settings: user.logoSettings } : null,
      watermarkPath,
      outputPath,
      onProgress: (percent) => progress.report(stageProgress.rendering + (percent * renderShare) / 100),
    });
    const thumbnailPath = await deps.renderer.thumbnail(outputPath, Math.min(1, result.durationSeconds / 2), join(work, 'thumbnail.jpg'));
    const files = videoFiles(input.userId, input.scriptId, input.runId);
    await Promise.all([deps.files.upload(files.videoKey, outputPath, 'video/mp4'), deps.files.upload(files.thumbnailKey, thumbnailPath, 'image/jpeg')]);
    await progress.flush();
    deps.log.info('video rendered', { scriptId: input.scriptId, runId: input.runId, seconds: result.durationSeconds, renderMs: result.elapsedMs, clips: clips.length });
    return { ...files, durationSeconds: result.durationSeconds, renderMs: result.elapsedMs };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
