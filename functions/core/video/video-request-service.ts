import { parseCaptionSettings, type CaptionSettings } from '../../contract/caption-settings';
import { applyCaptionLook, firstCaptionLook, type CaptionLookName } from '../../contract/rules/caption-looks';
import type { Script } from '../../contract/scripts';
import type { VoiceTimings } from '../../contract/rules/shot-timing';
import type { ObjectStore } from '../ports/object-store';
import { filesOfAudioUrl } from '../files/script-files';
import type { GenerateVideoInput, GenerateVideoResult } from '../../contract/video';
import { NotAuthenticatedError, NotFoundError } from '../errors';
import { newId } from '../ids';
import type { UsageMeter } from '../plans/usage-meter';
import type { UserRepository } from '../ports/accounts';
import type { PipelineStarter } from '../ports/pipeline';
import type { Metrics } from '../ports/metrics';
import type { Publisher } from '../ports/realtime';
import type { ScriptRepository } from '../ports/scripts';
import type { VideoRunStore } from '../ports/video';
import { scriptNotFound } from '../scripts/script-service';
import type { SegmentPlanner } from './segment-planner';
import { estimatedVideoMinutes } from './minutes-estimate';
import { readWords } from './plan-step';
import { genericFailureMessage } from './run';
import { staleRunMs, videoBusyError, videoStatus } from '../scripts/lifecycle';

/**
 * The request's settings (complete: the schema filled in the defaults), else the script's saved ones, else
 * the creator's last look over the defaults (a creator who never chose one gets `firstCaptionLook`, Pop).
 */
function captionsFrom(
  input: GenerateVideoInput['captionSettings'],
  stored: Script['captionSettings'],
  lastLook: CaptionLookName | null | undefined,
): CaptionSettings {
  if (input) return input;
  if (stored) {
    try {
      return parseCaptionSettings(stored);
    } catch {
      // Unreadable saved settings: as if there were none.
    }
  }
  return applyCaptionLook(parseCaptionSettings({}), lastLook ?? firstCaptionLook);
}

/** The script's voice-over's word timings, when it has one of ours (else null: the shots are planned on an estimate). */
export async function voiceTimingsOf(
  files: Pick<ObjectStore, 'get'> | undefined,
  userId: string,
  script: Pick<Script, 'audioUrl' | 'audioDuration'>,
): Promise<VoiceTimings | null> {
  const stored = filesOfAudioUrl(userId, script.audioUrl);
  if (!files || !stored || !script.audioDuration) return null;
  try {
    return { words: await readWords({ files }, stored.wordsKey), durationSeconds: script.audioDuration };
  } catch {
    return null;
  }
}

/**
 * Starts a video: checks what the request names is the user's, reserves the video's estimated minutes
 * (one conditional write, refused when they do not fit), saves the settings and segments with the claim
 * of the run in one conditional write, then starts the state machine. Whatever fails after the
 * reservation gives it back; whatever fails after the claim gives the claim back too, marking the script failed.
 */
export class VideoRequestService {
  constructor(
    private readonly deps: {
      scripts: Pick<ScriptRepository, 'get'>;
      users: Pick<UserRepository, 'get'>;
      runs: VideoRunStore;
      planner: SegmentPlanner;
      pipeline: PipelineStarter;
      publisher: Publisher;
      usage: Pick<UsageMeter, 'reserveVideo' | 'releaseVideoRun'>;
      /** Where the voice-over's word timings are read (shots cut on the spoken words); absent: an estimate. */
      files?: Pick<ObjectStore, 'get'>;
      /** Counts the runs started (a claim made) and those that never started. */
      metrics?: Pick<Metrics, 'videoStarted' | 'videoFailed'>;
    },
    private readonly clock: () => number = Date.now,
  ) {}

  /** `traceId` (the request's) is carried in the execution's input, so every task logs it. */
  async generate(
    userId: string,
    scriptId: string,
    input: GenerateVideoInput,
    traceId?: string,
    options: { reservedRun?: ReservedRun } = {},
  ): Promise<GenerateVideoResult> {
    const prepared = await this.prepare(userId, scriptId, input, traceId, options);
    const { runId, now } = prepared;
    let executionId: string;
    try {
      ({ executionId } = await this.deps.pipeline.start(`video-${scriptId}-${now}`, prepared.input));
    } catch (error) {
      await this.giveBack(userId, scriptId, runId);
      throw error;
    }
    return { executionId, videoMetadata: prepared.videoMetadata, script: prepared.script };
  }

  /**
   * Everything of `generate` but starting the state machine: the checks, the segments and the run's claim.
   * An automation run starts the pipeline itself, as a nested execution, with the answer's `input`.
   */
  async prepare(
    userId: string,
    scriptId: string,
    input: GenerateVideoInput,
    traceId?: string,
    options: { chosenAssetIds?: readonly string[]; reservedRun?: ReservedRun } = {},
  ): Promise<PreparedVideo> {
    const { scripts, users, runs, planner, publisher } = this.deps;
    const script = await scripts.get(userId, scriptId);
    if (!script) throw new NotFoundError(scriptNotFound);
    const user = await users.get(userId);
    if (!user) throw new NotAuthenticatedError();

    const captions = captionsFrom(input.captionSettings, script.captionSettings, user.captionLook);
    if (captions.background_audio_id) await planner.ownAudio(userId, captions.background_audio_id);
    const metadata = await planner.plan({
      userId,
      scriptContent: script.scriptContent,
      language: script.language,
      preferredFolderId: script.preferredFolderId,
      sent: input.videoMetadata?.segments,
      existing: script.videoMetadata,
      voice: input.videoMetadata?.segments.length ? null : await voiceTimingsOf(this.deps.files, userId, script),
      replan: input.replanShots ? 'all' : 'unowned',
      ...(options.chosenAssetIds ? { chosenAssetIds: options.chosenAssetIds } : {}),
    });

    // The run's minutes are reserved before it is claimed (or were, by a caller reserving several runs at once): a refusal leaves the script as it was.
    const runId = options.reservedRun?.runId ?? newId();
    const reservedMinutes = options.reservedRun?.minutes ?? (await this.deps.usage.reserveVideo(user, runId, estimatedVideoMinutes(script)));

    const now = this.clock();
    let claimed: Script | 'busy';
    try {
      claimed = await runs.claim(
        userId,
        scriptId,
        runId,
        {
          captionSettings: captions,
          videoMetadata: metadata,
          ...videoStatus.generating(),
          updatedAt: new Date(now).toISOString(),
        },
        now,
        staleRunMs,
      );
    } catch (error) {
      await this.deps.usage.releaseVideoRun(userId, runId).catch(() => undefined);
      throw error;
    }
    if (claimed === 'busy') {
      await this.deps.usage.releaseVideoRun(userId, runId).catch(() => undefined);
      throw videoBusyError();
    }
    this.deps.metrics?.videoStarted();
    await publisher.publish(userId, { type: 'script-update', scriptId, userId, videoGenerationStatus: 'generating', progress: 0 }).catch(() => undefined);
    return { runId, now, reservedMinutes, input: pipelineInputOf(userId, scriptId, runId, traceId), videoMetadata: metadata, script: claimed };
  }

  /**
   * A prepared run that never started (or whose start failed): the claim is given back and the script says
   * failed; its reserved minutes are given back (once: a retried give-back gives nothing more).
   */
  async giveBack(userId: string, scriptId: string, runId: string, message = genericFailureMessage): Promise<void> {
    this.deps.metrics?.videoFailed('start');
    await this.deps.runs.release(userId, scriptId, runId, videoStatus.failed(message)).catch(() => undefined);
    await this.deps.publisher.publish(userId, { type: 'script-update', scriptId, userId, videoGenerationStatus: 'failed', message }).catch(() => undefined);
    // Last, and not swallowed: a give-back that could not give the minutes back fails, to be tried again.
    await this.deps.usage.releaseVideoRun(userId, runId);
  }
}

/** A run whose video minutes the caller reserved already (`UsageMeter.reserveVideo` with this run id). */
export interface ReservedRun {
  runId: string;
  minutes: number;
}

/** The video pipeline's execution input (docs/pipeline-contract.md). */
export interface PipelineInput {
  userId: string;
  scriptId: string;
  runId: string;
  /** The request's (or automation run's) trace id, on every task's log lines; optional in older executions. */
  traceId?: string;
}

function pipelineInputOf(userId: string, scriptId: string, runId: string, traceId: string | undefined): PipelineInput {
  return traceId ? { userId, scriptId, runId, traceId } : { userId, scriptId, runId };
}

export interface PreparedVideo {
  runId: string;
  /** When it was claimed (ms). */
  now: number;
  /** The video minutes reserved for the run (its `VIDEORUN#<runId>` marker holds them for FinalizeVideo and the failure paths). */
  reservedMinutes: number;
  input: PipelineInput;
  videoMetadata: GenerateVideoResult['videoMetadata'];
  script: GenerateVideoResult['script'];
}
