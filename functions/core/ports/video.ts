import type { WordTiming } from '../captions/word-timings';
import type { Script } from '../../contract/scripts';

/** A script's voice-over as the pipeline uses it (docs/pipeline-contract.md, "Files and playback"). */
export interface VoiceOverFiles {
  audioKey: string;
  wordsKey: string;
  durationSeconds: number;
  words: WordTiming[];
}

/** The voice-over service, seen from the pipeline: the script's audio, made (and charged) if missing. */
export interface VoiceOverSource {
  ensureVoiceOver(userId: string, scriptId: string): Promise<VoiceOverFiles>;
}

/**
 * The one video run a script may have at a time. The claim is written on the script itself in the
 * same conditional update that saves the run's settings, so two requests can never both start.
 */
export interface VideoRunStore {
  /**
   * Applies `changes` and records `runId` as the script's run, unless another run claimed it less than
   * `staleAfterMs` ago: 'busy' then (nothing changed). NotFoundError when there is no such script.
   */
  claim(userId: string, scriptId: string, runId: string, changes: Partial<Script>, now: number, staleAfterMs: number): Promise<Script | 'busy'>;
  /**
   * Applies `changes` and forgets the claim, if the script's run is still `runId` (or none, as after a
   * retried finish); undefined when another run owns the script or the script is gone. With
   * `onlyIfHeld`, a script no run holds is left alone too (a failure noticed after the fact).
   */
  release(userId: string, scriptId: string, runId: string, changes: Partial<Script>, options?: { onlyIfHeld?: boolean }): Promise<Script | undefined>;
  /** Applies `changes` while `runId` still owns the script; false otherwise. */
  update(userId: string, scriptId: string, runId: string, changes: Partial<Script>): Promise<boolean>;
  /**
   * Adds `frames` to the run's count of rendered frames (a parallel render's chunks report together)
   * while `runId` owns the script, and answers the new count; undefined otherwise. A claim starts it at 0.
   */
  addRenderedFrames(userId: string, scriptId: string, runId: string, frames: number): Promise<number | undefined>;
  /**
   * Sets the script's `videoProgress` to `progress` only if it moves forward and the last such change
   * is at least `minIntervalMs` old (one throttle for all the chunks of a run): true when it did.
   */
  advanceProgress(userId: string, scriptId: string, runId: string, progress: number, now: number, minIntervalMs: number): Promise<boolean>;
}

/** When each medium was last used in a video, kept 7 days ("Recent usage records"). */
export interface RecentMediaUse {
  /** media id → last use (ms), for uses at or after `sinceMs`. */
  since(userId: string, sinceMs: number): Promise<Record<string, number>>;
  record(userId: string, mediaIds: readonly string[], atMs: number): Promise<void>;
}
