import type { AudioStepDeps } from '../core/video/pipeline-deps';
import { synthesizeInputSchema, type AudioResult } from '../core/video/run';
import { synthesizeStep } from '../core/video/synthesize-step';
import { composedOnFirstUse } from '../platform/entry-point';
import { composeSynthesizeAudio } from '../compose/synthesize-audio';
import { taskNamed } from './tasks';
import { runTask } from './run-task';

/** SynthesizeAudio: the script's voice-over (reused when it already has one with word timings). */
export function synthesizeAudioTask(deps: () => AudioStepDeps): (event: unknown) => Promise<AudioResult> {
  return (event) => runTask(event, () => synthesizeStep(deps(), synthesizeInputSchema.parse(event)));
}

export const handler = synthesizeAudioTask(composedOnFirstUse('pipeline:synthesize-audio', taskNamed('synthesize-audio').access, composeSynthesizeAudio));
