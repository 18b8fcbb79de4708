import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { NotAuthenticatedError } from '../errors';
import { ownKeyOf } from '../files/owned-files';
import { limitsOf } from '../plans/tiers';
import type { CaptionSettings } from '../../contract/caption-settings';
import type { LanguageCode } from '../../contract/languages';
import type { WordTiming } from '../captions/word-timings';
import type { RenderClip, RenderRequest } from '../ports/video-renderer';
import { timelineFrames } from './frame-timeline';
import type { User } from '../users/user';
import type { PipelineDeps } from './pipeline-deps';
import { captionsOf, readWords, scriptOf } from './plan-step';
import { ProgressReporter, stageProgress } from './progress';
import { videoFiles } from '../files/script-files';
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

/** A clip of the plan, by its stored key (downloaded only by the render that shows it); null for a generated background. */
export interface StoredClip extends Omit<RenderClip, 'path'> {
  storageKey: string | null;
}

/**
 * The plan's segment as the render shows it: its stored clip (its proxy copy for a proxy-sized render,
 * when it has one: the same picture and timing, smaller), or its generated background.
 */
function storedClipOf(segment: PlanResult['segments'][number], duration: number, proxies: boolean): StoredClip {
  if (segment.source === 'generated' || !segment.storageKey) return { storageKey: null, kind: 'generated', look: segment.look ?? 0, start: 0, duration };
  const focus = { ...(segment.focusX === undefined ? {} : { focusX: segment.focusX }), ...(segment.focusY === undefined ? {} : { focusY: segment.focusY }) };
  const key = proxies && segment.proxyKey ? segment.proxyKey : segment.storageKey;
  return { storageKey: key, kind: 'video', start: segment.mediaStartTime, duration, ...focus };
}

/** Downloads a clip into the work folder (a generated background has nothing to download). */
export async function localClip<T extends { storageKey: string | null }>(
  work: WorkFolder,
  { storageKey, ...clip }: T,
  name: string,
): Promise<Omit<T, 'storageKey'> & { path: string }> {
  return { ...clip, path: storageKey ? await work.fetch(storageKey, name) : '' };
}

/** What every render of a run reads: the plan's clips and the user's branding, by key; the words and captions. */
export interface RenderSources {
  user: User;
  captions: CaptionSettings;
  /** The script's language: how its captions are cut, cased, run and drawn. */
  language: LanguageCode;
  words: WordTiming[];
  clips: StoredClip[];
  logoKey: string | undefined;
  watermarkPath: string | null;
  totalFrames: number;
}

export async function renderSourcesOf(deps: PipelineDeps, input: RunInput & { audio: AudioResult; plan: PlanResult }): Promise<RenderSources> {
  const [script, user] = await Promise.all([scriptOf(deps, input), deps.users.get(input.userId)]);
  if (!user) throw new NotAuthenticatedError();
  const words = await readWords(deps, input.audio.wordsKey);
  const proxies = deps.readsClipProxies === true;
  const clips: StoredClip[] = input.plan.segments
    .filter((segment) => segment.mediaDuration > 0.01)
    .map((segment) => storedClipOf(segment, segment.mediaDuration, proxies));
  const first = input.plan.segments[0];
  if (clips.length === 0 && first) clips.push(storedClipOf(first, input.audio.durationSeconds, proxies));
  return {
    user,
    captions: captionsOf(script),
    language: script.language,
    words,
    clips,
    logoKey: logoKeyOf(user),
    watermarkPath: limitsOf(user.subscriptionTier).watermark ? deps.watermarkPath : null,
    totalFrames: timelineFrames(input.audio.durationSeconds),
  };
}

/** Downloads into a run's work folder, each key once. */
export class WorkFolder {
  private readonly local = new Map<string, string>();

  private constructor(
    private readonly deps: Pick<PipelineDeps, 'files' | 'log'>,
    readonly path: string,
  ) {}

  static async open(deps: Pick<PipelineDeps, 'files' | 'log' | 'tempRoot'>): Promise<WorkFolder> {
    return new WorkFolder(deps, await mkdtemp(join(deps.tempRoot ?? tmpdir(), 'reelsmith-run-')));
  }

  async fetch(key: string, name: string, maxBytes = maxInputBytes): Promise<string> {
    const known = this.local.get(key);
    if (known) return known;
    const path = join(this.path, `${name}${safeExt(key)}`);
    await this.deps.files.download(key, path, maxBytes);
    this.local.set(key, path);
    return path;
  }

  /** The user's logo, or none when it is gone (the video is still made). */
  async logo(sources: RenderSources): Promise<RenderRequest['logo']> {
    if (!sources.logoKey) return null;
    const path = await this.fetch(sources.logoKey, 'logo', maxLogoBytes).catch((error: unknown) => {
      this.deps.log.warn('logo not found; rendering without it', { userId: sources.user.id, error: String(error) });
      return null;
    });
    return path ? { path, settings: sources.user.logoSettings } : null;
  }

  close(): Promise<void> {
    return rm(this.path, { recursive: true, force: true });
  }
}

/** The finished MP4 and its thumbnail, uploaded to the contract's keys (named by the run: a retry writes the same objects). */
export async function publishVideo(
  deps: PipelineDeps,
  input: RunInput,
  outputPath: string,
  durationSeconds: number,
  renderMs: number,
  work: WorkFolder,
  watermarked: boolean | undefined,
): Promise<VideoResult> {
  const thumbnailPath = await deps.renderer.thumbnail(outputPath, Math.min(1, durationSeconds / 2), join(work.path, 'thumbnail.jpg'));
  const files = videoFiles(input.userId, input.scriptId, input.runId);
  await Promise.all([deps.files.upload(files.videoKey, outputPath, 'video/mp4'), deps.files.upload(files.thumbnailKey, thumbnailPath, 'image/jpeg')]);
  return { ...files, durationSeconds, renderMs, ...(watermarked === undefined ? {} : { watermarked }) };
}

/**
 * A single render's inputs copied into the work folder: the plan's clips, the voice-over, the music and
 * the logo, with the words and captions (the video's render and the settings preview both make theirs so).
 */
export async function singleRenderInputs(
  work: WorkFolder,
  sources: RenderSources,
  input: { audio: AudioResult; plan: Pick<PlanResult, 'musicKey'> },
): Promise<Omit<RenderRequest, 'outputPath' | 'watermarkPath' | 'timeoutMs' | 'onProgress' | 'output'>> {
  const clips: RenderClip[] = [];
  for (const [i, clip] of sources.clips.entries()) clips.push(await localClip(work, clip, `clip-${i}`));
  return {
    clips,
    voiceOverPath: await work.fetch(input.audio.audioKey, 'voice'),
    voiceOverDuration: input.audio.durationSeconds,
    words: sources.words,
    captions: sources.captions,
    language: sources.language,
    musicPath: input.plan.musicKey ? await work.fetch(input.plan.musicKey, 'music') : null,
    logo: await work.logo(sources),
  };
}

/**
 * RenderVideo: the clips, voice-over, music, logo and (free plan) watermark copied into a work folder
 * of this run, one render by the VideoRenderer, the MP4 and a JPEG thumbnail uploaded. The work folder
 * is always removed.
 */
export async function renderStep(deps: PipelineDeps, input: RunInput & { audio: AudioResult; plan: PlanResult }): Promise<VideoResult> {
  const progress = new ProgressReporter(deps, input, 'rendering', deps.progressIntervalMs, deps.clock);
  await progress.start(stageProgress.rendering);
  const sources = await renderSourcesOf(deps, input);
  const work = await WorkFolder.open(deps);
  try {
    const inputs = await singleRenderInputs(work, sources, input);
    const outputPath = join(work.path, 'video.mp4');
    const result = await deps.renderer.render({
      ...inputs,
      watermarkPath: sources.watermarkPath,
      outputPath,
      onProgress: (percent) => progress.report(stageProgress.rendering + (percent * renderShare) / 100),
    });
    const video = await publishVideo(deps, input, outputPath, result.durationSeconds, result.elapsedMs, work, sources.watermarkPath !== null);
    await progress.flush();
    deps.log.info('video rendered', {
      scriptId: input.scriptId,
      runId: input.runId,
      seconds: result.durationSeconds,
      renderMs: result.elapsedMs,
      clips: inputs.clips.length,
    });
    return video;
  } finally {
    await work.close();
  }
}
