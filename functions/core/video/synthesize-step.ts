import type { AudioStepDeps } from './pipeline-deps';
import { ProgressReporter } from './progress';
import type { AudioResult, RunInput } from './run';

/**
 * SynthesizeAudio: the script's voice-over, made (and its audio minutes charged) by the voice-over
 * service when the script has none with word timings yet; an existing one is reused as it is.
 */
export async function synthesizeStep(deps: AudioStepDeps, input: RunInput): Promise<AudioResult> {
  await new ProgressReporter(deps, input, 'audio').start();
  const voice = await deps.voiceOver.ensureVoiceOver(input.userId, input.scriptId);
  return { audioKey: voice.audioKey, wordsKey: voice.wordsKey, durationSeconds: voice.durationSeconds };
}
