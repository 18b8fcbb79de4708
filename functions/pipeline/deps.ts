import { fileURLToPath } from 'node:url';
import type { AudioStepDeps, PipelineDeps } from '../core/video/pipeline-deps';
import { getContainer } from '../platform/container';

/**
 * The free plan's watermark: the Reelsmith logo, a small PNG beside the task modules. The CDK bundling
 * copies it next to the bundle (`assets/watermark.png` beside index.mjs), so the same relative URL
 * finds it in Lambda and in the repository.
 */
export const watermarkPath = fileURLToPath(new URL('./assets/watermark.png', import.meta.url));

/** What the tasks run on, from the container (tests pass their own to the task factories). */
export function pipelineDeps(): PipelineDeps {
  return { ...getContainer().video.pipeline, watermarkPath };
}

export function audioDeps(): AudioStepDeps {
  const container = getContainer();
  return { voiceOver: container.voiceOver, runs: container.video.pipeline.runs, publisher: container.publisher };
}
