import { ConflictError } from '../errors';

/**
 * The claim a video run holds on its script (docs/decisions.md, "Video pipeline"): written by
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
