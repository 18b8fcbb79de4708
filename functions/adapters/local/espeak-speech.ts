import type ESpeakNg from 'espeak-ng';
import type { WordTiming } from '../../core/captions/word-timings';
import type { SpeechSynthesizer, SynthesizedSpeech, VoiceSettings } from '../../core/ports/speech';
import { durationOf, parseWav, soundRegions, type Region } from './wav';

type EspeakFactory = typeof ESpeakNg;

async function loadFactory(): Promise<EspeakFactory> {
  // Loaded on first use: the WASM module is large and most functions never speak.
  return (await import('espeak-ng')).default;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c);
}

/** Words as shown in captions (punctuation kept), and the phrases that punctuation closes. */
export function tokenize(text: string): { words: string[]; phraseEnds: Set<number> } {
  const words = text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word));
  const phraseEnds = new Set<number>();
  words.forEach((word, i) => {
    if (/[.!?;:,…]["')\]]*$/.test(word)) phraseEnds.add(i);
  });
  phraseEnds.add(words.length - 1);
  return { words, phraseEnds };
}

/** Spreads words over a region in proportion to their weights. */
function spread(words: string[], weights: number[], region: Region): WordTiming[] {
  const total = weights.reduce((sum, w) => sum + w, 0) || 1;
  let at = region.start;
  const span = region.end - region.start;
  return words.map((word, i) => {
    const length = (span * (weights[i] ?? 1)) / total;
    const timing = { word, start: round(at), end: round(at + length) };
    at += length;
    return timing;
  });
}

const round = (n: number) => Math.round(n * 1000) / 1000;

/**
 * eSpeak NG (the npm WASM build) as the offline voice. Word timings are measured: the text is
 * spoken once naturally, and once word by word with long breaks, whose sound regions give each
 * word's own length; the natural take's pauses anchor the phrases, and each phrase's words share
 * its time in proportion to their own lengths. Two syntheses, whatever the length of the text.
 */
export class EspeakSpeechSynthesizer implements SpeechSynthesizer {
  readonly name = 'espeak-ng';
  private factory: Promise<EspeakFactory> | undefined;

  private async speak(args: string[], input: string): Promise<Uint8Array> {
    this.factory ??= loadFactory();
    const factory = await this.factory;
    const module = await factory({ arguments: [...args, '-w', 'out.wav', input] });
    return module.FS.readFile('out.wav');
  }

  async synthesize(text: string, voice: VoiceSettings): Promise<SynthesizedSpeech> {
    const { words, phraseEnds } = tokenize(text);
    if (words.length === 0) throw new Error('Nothing to say: the script has no words');
    const voiceName = /^[a-z]{2,3}(-[a-z0-9]+)*(\+[\w-]+)?$/i.test(voice.voiceId) ? voice.voiceId : 'en-us';
    const wordsPerMinute = String(Math.round(165 * (voice.speed ?? 1)));
    const base = ['-v', voiceName, '-s', wordsPerMinute];
    const spoken = words.join(' ');
    const [natural, separated] = await Promise.all([
      this.speak(base, spoken),
      this.speak([...base, '-m'], `<speak>${words.map(escapeXml).join(' <break time="600ms"/> ')}</speak>`),
    ]);
    const naturalPcm = parseWav(natural);
    const duration = durationOf(naturalPcm);

    const own = soundRegions(parseWav(separated), 0.35);
    const weights =
      own.length === words.length ? own.map((r) => r.end - r.start) : words.map((w) => Math.max(1, w.replace(/[^\p{L}\p{N}]/gu, '').length));

    const phrases: number[][] = [];
    let current: number[] = [];
    words.forEach((_, i) => {
      current.push(i);
      if (phraseEnds.has(i)) {
        phrases.push(current);
        current = [];
      }
    });
    const pauses = soundRegions(naturalPcm, 0.12);
    const speech: Region = { start: pauses[0]?.start ?? 0, end: pauses[pauses.length - 1]?.end ?? duration };

    let timings: WordTiming[];
    if (pauses.length === phrases.length) {
      timings = phrases.flatMap((indexes, p) =>
        spread(
          indexes.map((i) => words[i] ?? ''),
          indexes.map((i) => weights[i] ?? 1),
          pauses[p] ?? speech,
        ),
      );
    } else {
      timings = spread(words, weights, speech);
    }
    return { audio: natural, format: 'wav', durationSeconds: round(duration), words: timings };
  }
}
