import type { OfflineVoiceProfile } from '../../contract/voices';
import type { VoiceMeasurement } from './voice-analysis';

/**
 * The eSpeak NG voice that sounds closest to a measured sample (the offline clone). The
 * tables are calibration: eSpeak NG (npm `espeak-ng`) speaking a 90-word paragraph, measured by
 * `analyseVoice`, so a sample made by eSpeak at a given setting maps back to that setting. A lower
 * voice takes the male variant `m3`, a higher one `f3`; eSpeak's `-p` then moves the pitch within it.
 */
interface Point {
  x: number;
  y: number;
}

/** (median F0 in Hz, eSpeak -p) for each variant. */
const pitchTables: Readonly<Record<'m3' | 'f3', readonly Point[]>> = {
  m3: [
    { x: 81.8, y: 20 },
    { x: 105.0, y: 50 },
    { x: 141.2, y: 80 },
  ],
  f3: [
    { x: 166.7, y: 20 },
    { x: 211.2, y: 50 },
    { x: 277.7, y: 80 },
  ],
};

/** (syllable nuclei per second of speaking time, eSpeak -s words per minute), voice m3 at -p 50. */
const rateTable: readonly Point[] = [
  { x: 3.88, y: 110 },
  { x: 5.1, y: 165 },
  { x: 6.01, y: 220 },
];

/** Below this median F0 a voice is given the male variant (between eSpeak's m3 at -p 80 and f3 at -p 20). */
export const femaleFromHz = 155;

export const defaultProfile: OfflineVoiceProfile = { variant: 'm3', pitch: 50, wordsPerMinute: 165 };

/** Piecewise-linear through the points (x rising), continued past the ends by the end segments. */
export function interpolate(points: readonly Point[], x: number, transform: (v: number) => number = (v) => v): number {
  const tx = transform(x);
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1];
    const b = points[i];
    if (!a || !b) continue;
    if (tx <= transform(b.x) || i === points.length - 1) {
      const span = transform(b.x) - transform(a.x);
      return span === 0 ? a.y : a.y + ((tx - transform(a.x)) / span) * (b.y - a.y);
    }
  }
  return points[0]?.y ?? 0;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** The variant, pitch and speed that match a measurement; eSpeak's defaults for what was not measured. */
export function offlineProfileOf(measurement: Pick<VoiceMeasurement, 'pitchHz' | 'syllablesPerSecond'>): OfflineVoiceProfile {
  const variant = measurement.pitchHz !== null && measurement.pitchHz >= femaleFromHz ? 'f3' : 'm3';
  const pitch =
    measurement.pitchHz === null ? defaultProfile.pitch : Math.round(clamp(interpolate(pitchTables[variant], measurement.pitchHz, Math.log), 0, 99));
  const wordsPerMinute =
    measurement.syllablesPerSecond === null
      ? defaultProfile.wordsPerMinute
      : Math.round(clamp(interpolate(rateTable, measurement.syllablesPerSecond), 80, 300));
  return { variant, pitch, wordsPerMinute };
}

/**
 * The eSpeak arguments of a profile (the voice-over and the voice's sample speak with these): its variant
 * applied to `espeakVoice`, the eSpeak voice of the text's language (`en-us` for English).
 */
export function espeakArguments(profile: OfflineVoiceProfile, espeakVoice = 'en-us'): string[] {
  return ['-v', `${espeakVoice}+${profile.variant}`, '-p', String(profile.pitch), '-s', String(profile.wordsPerMinute)];
}
