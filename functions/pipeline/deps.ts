import { fileURLToPath } from 'node:url';
import type { PipelineDeps } from '../core/video/pipeline-deps';
import { composedOnFirstUse } from '../platform/entry-point';
import { composeVideoTask } from '../compose/pipeline';
import { taskNamed } from './tasks';

/**
 * The free plan's watermark: the Reelsmith logo, a small PNG beside the task modules. The CDK bundling
 * copies it next to the bundle (`assets/watermark.png` beside index.mjs), so the same relative URL
 * finds it in Lambda and in the repository.
 */
export const watermarkPath = fileURLToPath(new URL('./assets/watermark.png', import.meta.url));

/** A video task's dependencies, composed under its own declaration (tests pass their own to the task factories). */
export function videoTaskDeps(module: string): () => PipelineDeps {
  return composedOnFirstUse(`pipeline:${module}`, taskNamed(module).access, (context) => composeVideoTask(context, watermarkPath));
}
