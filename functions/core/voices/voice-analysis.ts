/**
 * What the offline voice clone measures in a voice sample: its pitch (the median
 * fundamental frequency of the voiced frames, by normalised autocorrelation) and its speaking rate
 * (syllable nuclei, the peaks of the smoothed energy envelope, per second of speech, after de Jong and
 * Wempe, 2009). Pure functions over mono PCM (the server decodes samples to 16 kHz with ffmpeg), so
 * they are unit-tested on generated tones.
 */

export interface PitchOptions {
  minHz?: number;
  maxHz?: number;
  /** At most this many frames are examined (spread evenly over the voiced ones), bounding the work. */
  maxFrames?: number;
}

export interface VoiceMeasurement {
  /** Median F0 of the voiced frames, Hz; null when too few frames are voiced. */
  pitchHz: number | null;
  /** Syllable nuclei per second of speaking time; null when there is no speech. */
  syllablesPerSecond: number | null;
  syllables: number;
  /** Time spent speaking: from the first sound to the last, less pauses of 300 ms or more. */
  speakingSeconds: number;
  /** How many analysis frames carried a clear pitch (the sample has a voice in it). */
  voicedFrames: number;
}

/** Signed 16-bit little-endian PCM (ffmpeg's `s16le`) as floats in [-1, 1). */
export function pcm16ToFloat(bytes: Uint8Array): Float32Array {
  const count = Math.floor(bytes.byteLength / 2);
  const view = new DataView(bytes.buffer, bytes.byteOffset, count * 2);
  const out = new Float32Array(count);
  for (let i = 0; i < count; i++) out[i] = view.getInt16(i * 2, true) / 32768;
  return out;
}

function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? null) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.floor(q * (sorted.length - 1))))] ?? 0;
}

/** Root mean square of each frame of `frameLength` samples, every `hop` samples. */
export function frameRms(samples: Float32Array, frameLength: number, hop: number): number[] {
  const out: number[] = [];
  for (let start = 0; start + frameLength <= samples.length; start += hop) {
    let sum = 0;
    for (let i = start; i < start + frameLength; i++) {
      const v = samples[i] ?? 0;
      sum += v * v;
    }
    out.push(Math.sqrt(sum / frameLength));
  }
  return out;
}

/**
 * The pitch of one frame starting at `start`: the lag that best matches the frame with itself
 * (normalised cross-correlation of the frame and the frame `lag` later), preferring the shortest lag
 * within 10% of the best so a period's multiples (octave errors) lose. Null when nothing repeats well.
 */
export function framePitch(samples: Float32Array, sampleRate: number, start: number, frameLength: number, options: PitchOptions = {}): number | null {
  const minLag = Math.max(2, Math.floor(sampleRate / (options.maxHz ?? 400)));
  const maxLag = Math.ceil(sampleRate / (options.minHz ?? 60));
  if (start + frameLength + maxLag + 1 > samples.length) return null;
  let mean = 0;
  for (let i = start; i < start + frameLength + maxLag + 1; i++) mean += samples[i] ?? 0;
  mean /= frameLength + maxLag + 1;
  const x = (i: number) => (samples[i] ?? 0) - mean;
  let energy0 = 0;
  for (let i = start; i < start + frameLength; i++) energy0 += x(i) * x(i);
  if (energy0 <= 1e-9) return null;
  // Energy of the window `lag` later, slid along by one sample per lag.
  let energyLag = 0;
  for (let i = start + minLag; i < start + minLag + frameLength; i++) energyLag += x(i) * x(i);
  const scores = new Float64Array(maxLag + 2);
  for (let lag = minLag; lag <= maxLag + 1; lag++) {
    let cross = 0;
    for (let i = start; i < start + frameLength; i++) cross += x(i) * x(i + lag);
    scores[lag] = energyLag > 1e-12 ? cross / Math.sqrt(energy0 * energyLag) : 0;
    energyLag += x(start + lag + frameLength) ** 2 - x(start + lag) ** 2;
  }
  let best = 0;
  for (let lag = minLag; lag <= maxLag; lag++) best = Math.max(best, scores[lag] ?? 0);
  if (best < 0.6) return null;
  for (let lag = minLag + 1; lag <= maxLag; lag++) {
    const here = scores[lag] ?? 0;
    const before = scores[lag - 1] ?? 0;
    const after = scores[lag + 1] ?? 0;
    if (here >= 0.9 * best && here >= before && here >= after) {
      // Parabolic interpolation between the neighbouring lags.
      const denominator = before - 2 * here + after;
      const shift = denominator !== 0 ? (0.5 * (before - after)) / denominator : 0;
      return sampleRate / (lag + Math.max(-0.5, Math.min(0.5, shift)));
    }
  }
  return null;
}

/** Pitch of each voiced frame (40 ms frames, 20 ms apart), for frames loud enough to be speech. */
export function voicedPitches(samples: Float32Array, sampleRate: number, options: PitchOptions = {}): number[] {
  const frameLength = Math.round(0.04 * sampleRate);
  const hop = Math.round(0.02 * sampleRate);
  const rms = frameRms(samples, frameLength, hop);
  const loud = quantile(rms, 0.95);
  if (loud < 1e-3) return [];
  const candidates = rms.map((value, index) => ({ value, index })).filter((frame) => frame.value >= Math.max(1e-3, loud * 0.1));
  const maxFrames = options.maxFrames ?? 1500;
  const stride = Math.max(1, candidates.length / maxFrames);
  const pitches: number[] = [];
  for (let k = 0; k < candidates.length; k += stride) {
    const frame = candidates[Math.floor(k)];
    if (!frame) continue;
    const pitch = framePitch(samples, sampleRate, frame.index * hop, frameLength, options);
    if (pitch !== null) pitches.push(pitch);
  }
  return pitches;
}

/** The median F0 of the voiced frames; null when fewer than five frames carry a pitch. */
export function estimatePitch(samples: Float32Array, sampleRate: number, options: PitchOptions = {}): number | null {
  const pitches = voicedPitches(samples, sampleRate, options);
  return pitches.length >= 5 ? median(pitches) : null;
}

/**
 * Syllable nuclei: peaks of the energy envelope (10 ms frames, smoothed over 50 ms) that rise above
 * the silence threshold (25 dB under the loud frames), at least 80 ms apart, each separated from the
 * one before by a dip of 2 dB or more. Speaking time runs from the first sound to the last, less the
 * pauses of 300 ms or more.
 */
export function estimateSyllableRate(
  samples: Float32Array,
  sampleRate: number,
): { syllables: number; speakingSeconds: number; syllablesPerSecond: number | null } {
  const frameSeconds = 0.01;
  const frameLength = Math.round(frameSeconds * sampleRate);
  const db = frameRms(samples, frameLength, frameLength).map((rms) => 20 * Math.log10(rms + 1e-6));
  const smoothed = db.map((_, i) => {
    let sum = 0;
    let n = 0;
    for (let j = Math.max(0, i - 2); j <= Math.min(db.length - 1, i + 2); j++) {
      sum += db[j] ?? 0;
      n++;
    }
    return sum / n;
  });
  const loud = quantile(smoothed, 0.99);
  const threshold = Math.max(loud - 25, -60);
  const sounding = smoothed.map((value) => value > threshold);
  const first = sounding.indexOf(true);
  const last = sounding.lastIndexOf(true);
  if (first < 0 || loud <= -60) return { syllables: 0, speakingSeconds: 0, syllablesPerSecond: null };

  let pauseFrames = 0;
  let run = 0;
  for (let i = first; i <= last; i++) {
    if (!sounding[i]) run++;
    else {
      if (run * frameSeconds >= 0.3) pauseFrames += run;
      run = 0;
    }
  }
  const speakingSeconds = (last - first + 1 - pauseFrames) * frameSeconds;

  const minGap = Math.round(0.08 / frameSeconds);
  const peaks: number[] = [];
  for (let i = 1; i < smoothed.length - 1; i++) {
    const here = smoothed[i] ?? -Infinity;
    if (here <= threshold || here < (smoothed[i - 1] ?? -Infinity) || here < (smoothed[i + 1] ?? -Infinity)) continue;
    const previous = peaks[peaks.length - 1];
    if (previous === undefined) {
      peaks.push(i);
      continue;
    }
    let dip = Infinity;
    for (let j = previous; j <= i; j++) dip = Math.min(dip, smoothed[j] ?? Infinity);
    const separated = Math.min(here, smoothed[previous] ?? -Infinity) - dip >= 2;
    if (separated && i - previous >= minGap) peaks.push(i);
    else if (here > (smoothed[previous] ?? -Infinity)) peaks[peaks.length - 1] = i;
  }
  const syllables = peaks.length;
  return { syllables, speakingSeconds, syllablesPerSecond: speakingSeconds > 0 ? syllables / speakingSeconds : null };
}

/** Pitch and speaking rate of a voice sample. */
export function analyseVoice(samples: Float32Array, sampleRate: number): VoiceMeasurement {
  const pitches = voicedPitches(samples, sampleRate);
  const rate = estimateSyllableRate(samples, sampleRate);
  return {
    pitchHz: pitches.length >= 5 ? median(pitches) : null,
    syllablesPerSecond: rate.syllablesPerSecond,
    syllables: rate.syllables,
    speakingSeconds: rate.speakingSeconds,
    voicedFrames: pitches.length,
  };
}

/** Several samples measured as one voice: pitch and rate weighted by each sample's speaking time. */
export function combineMeasurements(parts: readonly VoiceMeasurement[]): VoiceMeasurement {
  const voiced = parts.filter((part) => part.pitchHz !== null && part.voicedFrames > 0);
  const frames = voiced.reduce((sum, part) => sum + part.voicedFrames, 0);
  const pitchHz = frames > 0 ? voiced.reduce((sum, part) => sum + (part.pitchHz ?? 0) * part.voicedFrames, 0) / frames : null;
  const syllables = parts.reduce((sum, part) => sum + part.syllables, 0);
  const speakingSeconds = parts.reduce((sum, part) => sum + part.speakingSeconds, 0);
  return {
    pitchHz,
    syllablesPerSecond: speakingSeconds > 0 ? syllables / speakingSeconds : null,
    syllables,
    speakingSeconds,
    voicedFrames: frames,
  };
}
