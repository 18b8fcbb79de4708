import { joinChunksStep } from '../core/video/chunked-render';
import type { PipelineDeps } from '../core/video/pipeline-deps';
import { joinInputSchema, type VideoResult } from '../core/video/run';
import { videoTaskDeps } from './deps';
import { runTask } from './run-task';

/** JoinChunks: the chunks joined without re-encoding, with the one audio track; the MP4 and its thumbnail uploaded. */
export function joinChunksTask(deps: () => PipelineDeps): (event: unknown) => Promise<VideoResult> {
  return (event) => runTask(event, () => joinChunksStep(deps(), joinInputSchema.parse(event)));
}

export const handler = joinChunksTask(videoTaskDeps('join-chunks'));
