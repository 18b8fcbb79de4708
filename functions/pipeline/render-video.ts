import type { PipelineDeps } from '../core/video/pipeline-deps';
import { renderStep } from '../core/video/render-step';
import { renderInputSchema, type VideoResult } from '../core/video/run';
import { videoTaskDeps } from './deps';
import { runTask } from './run-task';

/** RenderVideo: one ffmpeg run in a per-run work folder; the MP4 and its thumbnail uploaded. */
export function renderVideoTask(deps: () => PipelineDeps): (event: unknown) => Promise<VideoResult> {
  return (event) => runTask(event, () => renderStep(deps(), renderInputSchema.parse(event)));
}

export const handler = renderVideoTask(videoTaskDeps('render-video'));
