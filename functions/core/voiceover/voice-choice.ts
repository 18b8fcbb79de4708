import type { LanguageCode } from '../../contract/languages';
import type { VoiceSettings } from '../ports/speech';
import { clampVoiceSpeed } from '../../contract/voices';
import { offlineVoiceOf } from '../voices/offline-voices';
import type { Voice } from '../voices/voice';

/**
 * Which voices to try, in order (docs/pipeline-contract.md): the one asked for, else the script's,
 * else the user's selected voice; the voices service then falls back to the user's default link and
 * the first preset. Blank and repeated ids are dropped.
 */
export function voiceCandidates(input: { requested?: string | null; scriptVoiceId?: string | null; selectedVoice?: string | null }): string[] {
  const ids = [input.requested, input.scriptVoiceId, input.selectedVoice].map((id) => id?.trim() ?? '').filter((id) => id !== '');
  return [...new Set(ids)];
}

/**
 * The provider settings of a voice record (modelId, speed, stability, similarity, style, boost),
 * the free voice that speaks it offline, and the creator's speed (0.8x–1.3x) in place of the
 * record's when they chose one; the script's language, which the offline voice speaks it in.
 */
export function voiceSettingsOf(voice: Voice, options: { speed?: number | null; language?: LanguageCode } = {}): VoiceSettings {
  return {
    voiceId: voice.voiceId,
    gender: voice.gender,
    ...(options.language ? { language: options.language } : {}),
    modelId: voice.modelId,
    speed: typeof options.speed === 'number' ? clampVoiceSpeed(options.speed) : voice.speed,
    offlineVoice: offlineVoiceOf(voice),
    stability: voice.stability,
    similarityBoost: voice.similarityBoost,
    style: voice.style,
    speakerBoost: voice.speakerBoost,
    ...(voice.clone?.offlineProfile ? { offlineProfile: voice.clone.offlineProfile } : {}),
  };
}
