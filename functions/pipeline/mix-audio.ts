import { mixAudioStep } from '../core/video/chunked-render';
import type { PipelineDeps } from '../core/video/pipeline-deps';
import { renderInputSchema, type AudioTrackResult } from '../core/video/run';
import { videoTaskDeps } from './deps';
import { runTask } from './run-task';

/** MixAudio: a parallel render's one audio track (the voice-over and the music), mixed and encoded once. */
export function mixAudioTask(deps: () => PipelineDeps): (event: unknown) => Promise<AudioTrackResult> {
  return (event) => runTask(event, () => mixAudioStep(deps(), renderInputSchema.parse(event)));
}

export const handler = mixAudioTask(videoTaskDeps('mix-audio'));
