import { renderChunkStep } from '../core/video/chunked-render';
import type { PipelineDeps } from '../core/video/pipeline-deps';
import { renderChunkInputSchema, type ChunkResult } from '../core/video/run';
import { videoTaskDeps } from './deps';
import { runTask } from './run-task';

/** RenderChunk (one iteration of the Map state): one chunk's frames, pictures only, stored for the join. */
export function renderChunkTask(deps: () => PipelineDeps): (event: unknown) => Promise<ChunkResult> {
  return (event) => {
    const input = renderChunkInputSchema.parse(event);
    // The run's trace id sits in the run's state, one level down.
    return runTask(input.run, () => renderChunkStep(deps(), input));
  };
}

export const handler = renderChunkTask(videoTaskDeps('render-chunk'));
