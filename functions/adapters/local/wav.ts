/** 16-bit PCM WAV as eSpeak and Flite write it: just enough parsing to measure speech and silence, and to join passages. */
export interface Pcm {
  sampleRate: number;
  samples: Int16Array;
}

export function parseWav(bytes: Uint8Array): Pcm {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tag = (offset: number) => String.fromCharCode(...bytes.subarray(offset, offset + 4));
  if (tag(0) !== 'RIFF' || tag(8) !== 'WAVE') throw new Error('not a WAV file');
  let offset = 12;
  let sampleRate = 22050;
  let channels = 1;
  let bits = 16;
  while (offset + 8 <= bytes.length) {
    const id = tag(offset);
    let size = view.getUint32(offset + 4, true);
    const body = offset + 8;
    if (id === 'fmt ') {
      channels = view.getUint16(body + 2, true);
      sampleRate = view.getUint32(body + 4, true);
      bits = view.getUint16(body + 14, true);
    } else if (id === 'data') {
      if (bits !== 16 || channels !== 1) throw new Error(`unsupported WAV: ${bits} bit, ${channels} channels`);
      // eSpeak writes the WAV before it knows the length when streaming: trust the file, not the header.
      if (size === 0 || body + size > bytes.length) size = bytes.length - body;
      const samples = new Int16Array(Math.floor(size / 2));
      for (let i = 0; i < samples.length; i++) samples[i] = view.getInt16(body + i * 2, true);
      return { sampleRate, samples };
    }
    offset = body + size + (size % 2);
  }
  throw new Error('WAV has no data chunk');
}

export interface Region {
  start: number;
  end: number;
}

/** Stretches of sound separated by silences of at least `minSilence` seconds (10 ms frames). */
export function soundRegions(pcm: Pcm, minSilence: number, threshold = 500): Region[] {
  const frame = Math.max(1, Math.round(pcm.sampleRate * 0.01));
  const frames = Math.ceil(pcm.samples.length / frame);
  const loud: boolean[] = [];
  for (let f = 0; f < frames; f++) {
    let sum = 0;
    const from = f * frame;
    const to = Math.min(pcm.samples.length, from + frame);
    for (let i = from; i < to; i++) sum += (pcm.samples[i] ?? 0) ** 2;
    loud.push(Math.sqrt(sum / Math.max(1, to - from)) > threshold);
  }
  const regions: Region[] = [];
  const minGap = Math.round(minSilence / 0.01);
  let current: { start: number; end: number } | undefined;
  let quiet = 0;
  loud.forEach((isLoud, f) => {
    if (isLoud) {
      if (!current) current = { start: f, end: f + 1 };
      else current.end = f + 1;
      quiet = 0;
    } else if (current) {
      quiet += 1;
      if (quiet >= minGap) {
        regions.push(current);
        current = undefined;
        quiet = 0;
      }
    }
  });
  if (current) regions.push(current);
  return regions.map((r) => ({ start: r.start * 0.01, end: r.end * 0.01 }));
}

export function durationOf(pcm: Pcm): number {
  return pcm.samples.length / pcm.sampleRate;
}

/**
 * The audio at another sample rate (linear interpolation; when lowering the rate, each output sample is
 * first the mean of the input samples it covers, a crude low-pass against aliasing). The length in
 * seconds is kept, so word timings on it stay right. For a passage eSpeak speaks among Flite's (16 kHz).
 */
export function resamplePcm(pcm: Pcm, sampleRate: number): Pcm {
  if (pcm.sampleRate === sampleRate) return pcm;
  const ratio = pcm.sampleRate / sampleRate;
  const length = Math.round(pcm.samples.length / ratio);
  const samples = new Int16Array(length);
  const at = (i: number) => pcm.samples[Math.min(pcm.samples.length - 1, Math.max(0, i))] ?? 0;
  const span = Math.max(1, Math.floor(ratio));
  for (let i = 0; i < length; i++) {
    const position = i * ratio;
    const left = Math.floor(position);
    const fraction = position - left;
    let value = 0;
    for (let k = 0; k < span; k++) value += at(left + k) * (1 - fraction) + at(left + k + 1) * fraction;
    samples[i] = Math.max(-32768, Math.min(32767, Math.round(value / span)));
  }
  return { sampleRate, samples };
}

/** Pieces of audio of one sample rate, end to end. */
export function joinPcm(pieces: readonly Pcm[]): Pcm {
  const first = pieces[0];
  if (!first) throw new Error('No audio to join');
  const samples = new Int16Array(pieces.reduce((sum, piece) => sum + piece.samples.length, 0));
  let at = 0;
  for (const piece of pieces) {
    samples.set(piece.samples, at);
    at += piece.samples.length;
  }
  return { sampleRate: first.sampleRate, samples };
}

/** A mono 16-bit PCM WAV file of the samples (what `parseWav` reads). */
export function wavBytes(pcm: Pcm): Uint8Array {
  const data = pcm.samples.length * 2;
  const bytes = new Uint8Array(44 + data);
  const view = new DataView(bytes.buffer);
  const text = (offset: number, value: string) => [...value].forEach((char, i) => view.setUint8(offset + i, char.charCodeAt(0)));
  text(0, 'RIFF');
  view.setUint32(4, 36 + data, true);
  text(8, 'WAVE');
  text(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, pcm.sampleRate, true);
  view.setUint32(28, pcm.sampleRate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  text(36, 'data');
  view.setUint32(40, data, true);
  pcm.samples.forEach((sample, i) => view.setInt16(44 + i * 2, sample, true));
  return bytes;
}
