/**
 * A script's life after its words: the generation statuses each step writes and the video run's claim
 * on the script. The scripts, voice-over and video services all read this one module (it imports none of
 * them), so none of those folders imports another's; the files they make are `core/files/script-files.ts`.
 */
import type { Script } from '../../contract/scripts';
import { ConflictError } from '../errors';

// The statuses (the contract's `generationStatuses`: idle, generating, complete, failed), as written.

type AudioStatus = Pick<Script, 'audioGenerationStatus' | 'audioGenerationError'>;
type VideoStatus = Pick<Script, 'videoGenerationStatus' | 'videoGenerationError' | 'videoProgress'>;

export const audioStatus = {
  generating: (): AudioStatus => ({ audioGenerationStatus: 'generating', audioGenerationError: null }),
  complete: (): AudioStatus => ({ audioGenerationStatus: 'complete', audioGenerationError: null }),
  /** `reason` is shown to the user. */
  failed: (reason: string): AudioStatus => ({ audioGenerationStatus: 'failed', audioGenerationError: reason }),
};

export const videoStatus = {
  /** Written with the run's claim: the progress bar starts at 0. */
  generating: (): VideoStatus => ({ videoGenerationStatus: 'generating', videoGenerationError: null, videoProgress: 0 }),
  complete: (): VideoStatus => ({ videoGenerationStatus: 'complete', videoGenerationError: null, videoProgress: null }),
  /** `message` is shown to the user. */
  failed: (message: string): VideoStatus => ({ videoGenerationStatus: 'failed', videoGenerationError: message, videoProgress: null }),
};

/** What editing the words costs: both statuses idle, audio and video gone. */
export const mediaReset = {
  audioGenerationStatus: 'idle',
  videoGenerationStatus: 'idle',
  audioUrl: null,
  audioDuration: null,
  videoUrl: null,
  videoMetadata: null,
  thumbnailUrl: null,
  usedMediaIds: null,
  videoGeneratedAt: null,
  videoWatermarked: null,
  audioGenerationError: null,
  videoGenerationError: null,
  videoProgress: null,
} as const satisfies Partial<Script>;

// The video run's claim.

/**
 * The claim a video run holds on its script (docs/decisions/video-pipeline.md#one-run-per-script-claimed-on-the-script): written by
 * generate-video, given back by FinalizeVideo and MarkFailed. While it stands, a second run and the
 * changes that would pull the script out from under the run (new words, regeneration, a new
 * voice-over, deletion) are refused.
 */
export const videoBusyMessage = 'A video is already being generated for this script';
export const videoBusyCode = 'VIDEO_RUN_ACTIVE';
/** A claim older than the state machine's own time bound (1 h) belongs to a run that is over. */
export const staleRunMs = 65 * 60 * 1000;

/** The 409 of every request refused while a run holds the script. */
export function videoBusyError(): ConflictError {
  return new ConflictError(videoBusyMessage, undefined, videoBusyCode);
}

/** Claims made before this time (ms) no longer hold the script. */
export function liveClaimsSince(now: number): number {
  return now - staleRunMs;
}
