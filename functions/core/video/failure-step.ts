import type { z } from 'zod';
import type { UsageMeter } from '../plans/usage-meter';
import type { Publisher } from '../ports/realtime';
import type { ObjectStore } from '../ports/object-store';
import type { VideoRunStore } from '../ports/video';
import { videoStatus } from '../scripts/lifecycle';
import { videoFiles } from '../files/script-files';
import { renderScratchFiles } from './scratch-files';
import { failureMessage, type RunInput, type taskErrorSchema } from './run';

export interface FailureResult {
  message: string;
  /** False when another run owns the script now (its status is left to that run). */
  marked: boolean;
}

/**
 * MarkFailed (every task's Catch): the script's video `failed` with a message a user can read, the
 * claim of the run given back (so Create Video works again), its reserved video minutes given back
 * (once per run), `script-update { videoGenerationStatus: 'failed', message }`, and whatever
 * this run uploaded removed. Never leaves a script `generating`.
 */
export async function failureStep(
  deps: {
    runs: VideoRunStore;
    publisher: Publisher;
    files: Pick<ObjectStore, 'delete'>;
    usage: Pick<UsageMeter, 'releaseVideoRun'>;
    log: { warn(message: string, ...fields: Record<string, unknown>[]): void };
  },
  input: RunInput & { error?: z.infer<typeof taskErrorSchema> },
  options: { onlyIfHeld?: boolean } = {},
): Promise<FailureResult> {
  const { userId, scriptId, runId } = input;
  const message = failureMessage(input.error);
  deps.log.warn('video run failed', { scriptId, runId, error: input.error?.Error, cause: input.error?.Cause?.slice(0, 500) });
  const files = videoFiles(userId, scriptId, runId);
  // The video, and a parallel render's chunks and audio track.
  const removeFiles = () =>
    deps.files.delete([files.videoKey, files.thumbnailKey, ...renderScratchFiles(userId, scriptId, runId).allKeys()]).catch(() => undefined);
  // A failure noticed after the fact (a restart, an execution that ended without its Catch) touches the
  // script only while this run still holds it: a run already failed, finished or replaced is left alone.
  if (!options.onlyIfHeld) await removeFiles();
  // The run ended without a video, whoever holds the script now: its reserved minutes go back, once
  // (the run's marker; a finished run's were settled and are left alone), before the card shows
  // "failed", so a creator who sees the failure sees the minutes back too.
  await deps.usage.releaseVideoRun(userId, runId);
  const updated = await deps.runs.release(
    userId,
    scriptId,
    runId,
    { ...videoStatus.failed(message), updatedAt: new Date().toISOString() },
    { onlyIfHeld: options.onlyIfHeld === true },
  );
  if (!updated) return { message, marked: false };
  if (options.onlyIfHeld) await removeFiles();
  await deps.publisher.publish(userId, { type: 'script-update', scriptId, userId, videoGenerationStatus: 'failed', message }).catch(() => undefined);
  return { message, marked: true };
}
