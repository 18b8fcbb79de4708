import { describe, expect, it } from 'vitest';
import { espeakArguments, offlineProfileOf } from '../../functions/core/voices/offline-profile';
import { analyseVoice, combineMeasurements, estimatePitch, estimateSyllableRate, pcm16ToFloat } from '../../functions/core/voices/voice-analysis';

/** The offline clone's measurements on generated tones, where the answer is known. */
const rate = 16_000;

/** A harmonic tone (a voice-like buzz: the fundamental and its overtones, falling off). */
function buzz(hz: number, seconds: number, amplitude = 0.5): Float32Array {
  const out = new Float32Array(Math.round(seconds * rate));
  for (let i = 0; i < out.length; i++) {
    let v = 0;
    for (let h = 1; h <= 6; h++) v += Math.sin((2 * Math.PI * hz * h * i) / rate) / h;
    out[i] = amplitude * 0.4 * v;
  }
  return out;
}

/** `count` bursts of a tone, each `on` seconds with a raised-cosine envelope, `off` seconds of silence between. */
function bursts(hz: number, count: number, on: number, off: number): Float32Array {
  const tone = buzz(hz, on);
  const gap = new Float32Array(Math.round(off * rate));
  const out = new Float32Array(count * (tone.length + gap.length));
  for (let k = 0; k < count; k++) {
    const at = k * (tone.length + gap.length);
    for (let i = 0; i < tone.length; i++) out[at + i] = (tone[i] ?? 0) * 0.5 * (1 - Math.cos((2 * Math.PI * i) / tone.length));
  }
  return out;
}

describe('pitch', () => {
  it.each([85, 120, 180, 220, 310])('finds the fundamental of a %d Hz harmonic tone within 2%%', (hz) => {
    const pitch = estimatePitch(buzz(hz, 2), rate);
    expect(pitch).not.toBeNull();
    expect(Math.abs((pitch ?? 0) / hz - 1)).toBeLessThan(0.02);
  });

  it('finds a pure sine too, and is not fooled into an octave below', () => {
    expect(
      Math.abs(
        (estimatePitch(
          buzz(150, 2).map((_, i) => 0.5 * Math.sin((2 * Math.PI * 150 * i) / rate)),
          rate,
        ) ?? 0) /
          150 -
          1,
      ),
    ).toBeLessThan(0.02);
  });

  it('hears no pitch in silence or in noise', () => {
    expect(estimatePitch(new Float32Array(rate * 2), rate)).toBeNull();
    let seed = 1;
    const noise = new Float32Array(rate * 2).map(() => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return (seed / 2 ** 31 - 0.5) * 0.6;
    });
    expect(estimatePitch(noise, rate)).toBeNull();
  });
});

describe('speaking rate', () => {
  it.each([
    [3, 0.2, 0.133],
    [4, 0.15, 0.1],
    [6, 0.1, 0.067],
  ])('counts %d bursts a second as %d syllables a second', (perSecond, on, off) => {
    const measured = estimateSyllableRate(bursts(160, perSecond * 10, on, off), rate);
    expect(measured.syllables).toBe(perSecond * 10);
    expect(Math.abs((measured.syllablesPerSecond ?? 0) / perSecond - 1)).toBeLessThan(0.1);
  });

  it('leaves long pauses out of the speaking time', () => {
    const speech = bursts(160, 8, 0.15, 0.1); // 2 s
    const pause = new Float32Array(rate); // 1 s
    const joined = new Float32Array(speech.length * 2 + pause.length);
    joined.set(speech, 0);
    joined.set(speech, speech.length + pause.length);
    const measured = estimateSyllableRate(joined, rate);
    expect(measured.syllables).toBe(16);
    expect(measured.speakingSeconds).toBeGreaterThan(3.6);
    expect(measured.speakingSeconds).toBeLessThan(4.2);
  });

  it('has no rate for silence', () => {
    expect(estimateSyllableRate(new Float32Array(rate), rate)).toEqual({ syllables: 0, speakingSeconds: 0, syllablesPerSecond: null });
  });
});

describe('the offline profile', () => {
  it('maps a low voice to the male variant and a high one to the female, pitch and pace in eSpeak units', () => {
    expect(offlineProfileOf({ pitchHz: 105, syllablesPerSecond: 5.1 })).toEqual({ variant: 'm3', pitch: 50, wordsPerMinute: 165 });
    expect(offlineProfileOf({ pitchHz: 211.2, syllablesPerSecond: 3.88 })).toEqual({ variant: 'f3', pitch: 50, wordsPerMinute: 110 });
    const low = offlineProfileOf({ pitchHz: 60, syllablesPerSecond: 9 });
    expect(low.variant).toBe('m3');
    expect(low.pitch).toBeGreaterThanOrEqual(0);
    expect(low.wordsPerMinute).toBeLessThanOrEqual(300);
    expect(offlineProfileOf({ pitchHz: 400, syllablesPerSecond: 1 })).toMatchObject({ variant: 'f3', pitch: 99, wordsPerMinute: 80 });
    expect(offlineProfileOf({ pitchHz: null, syllablesPerSecond: null })).toEqual({ variant: 'm3', pitch: 50, wordsPerMinute: 165 });
    expect(espeakArguments({ variant: 'f3', pitch: 42, wordsPerMinute: 170 })).toEqual(['-v', 'en-us+f3', '-p', '42', '-s', '170']);
  });

  it('measures a burst tone end to end and combines samples by their speaking time', () => {
    const a = analyseVoice(bursts(120, 40, 0.15, 0.1), rate);
    const b = analyseVoice(bursts(240, 20, 0.15, 0.1), rate);
    expect(Math.abs((a.pitchHz ?? 0) / 120 - 1)).toBeLessThan(0.03);
    const both = combineMeasurements([a, b]);
    expect(both.syllables).toBe(60);
    expect(both.pitchHz).toBeGreaterThan(120);
    expect(both.pitchHz).toBeLessThan(240);
  });

  it('reads s16le PCM', () => {
    expect([...pcm16ToFloat(new Uint8Array([0, 0, 0, 0x40, 0, 0xc0, 0xff, 0x7f]))]).toEqual([0, 0.5, -0.5, 32767 / 32768]);
  });
});
