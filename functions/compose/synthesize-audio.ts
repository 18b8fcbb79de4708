import { DynamoVideoRunStore } from '../adapters/aws/dynamo/video-runs';
import type { AudioStepDeps } from '../core/video/pipeline-deps';
import type { EntryContext } from '../platform/entry-context';
import { tableOf } from './clients/table';
import { voiceOverOf } from './voiceover';
import { realtimeOf } from './shared';

/** SynthesizeAudio: the voice-over service (the one task that carries a speech provider), the run store, the publisher. */
export function composeSynthesizeAudio(context: EntryContext): AudioStepDeps {
  const publisher = realtimeOf(context);
  return { voiceOver: voiceOverOf(context, publisher), runs: new DynamoVideoRunStore(tableOf(context, 'read-write')), publisher };
}
