import { countWords } from '../../contract/rules/post-caption';
import type { Script } from '../../contract/scripts';
import { usageMinutes } from '../plans/usage-minutes';
import { wordsPerSecond } from '../scripts/generation';

/**
 * The video minutes reserved at a run's request, settled to the real minutes at FinalizeVideo.
 * The video is as long as its voice-over, so the voice-over's stored length when the script has one (a
 * changed text drops it); otherwise the script's words at the speaking rate scripts are written for
 * (`wordsPerSecond`, 2.5). Minutes as they are charged: two decimals, at least 0.01.
 */
export function estimatedVideoMinutes(script: Pick<Script, 'scriptContent' | 'audioUrl' | 'audioDuration'>): number {
  if (script.audioUrl && script.audioDuration !== null && script.audioDuration > 0) return usageMinutes(script.audioDuration);
  return usageMinutes(Math.max(1, countWords(script.scriptContent)) / wordsPerSecond);
}
