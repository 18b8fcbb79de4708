/**
 * `npm run bench:voice`: each offline voice (Flite's free voices, eSpeak NG) speaks a few
 * scripts; printed per voice: the real-time factor (synthesis seconds per second of speech, word timings
 * included) and, where Debian's `pocketsphinx` is installed (`apt-get install pocketsphinx
 * pocketsphinx-en-us`), its word error rate against the script (an offline recogniser, en-us, no grammar:
 * a stand-in for a listener). The default offline English voice must stay at or under 0.25; the bench
 * exits 1 when it does not. BENCH_VOICES=slt,espeak limits the voices.
 *
 * The ElevenLabs voices are not benched here: without a key there is only the tests' fake, which answers
 * a fixed tone, so neither figure would say anything.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ffmpegPath } from '../../functions/adapters/ffmpeg/binaries';
import { EspeakSpeechSynthesizer } from '../../functions/adapters/local/espeak-speech';
import { FliteSpeechSynthesizer } from '../../functions/adapters/local/flite-speech';
import type { SpeechSynthesizer, VoiceSettings } from '../../functions/core/ports/speech';
import { defaultOfflineVoice, fliteVoices } from '../../functions/core/voices/offline-voices';

const run = promisify(execFile);
const maxWer = 0.25;

const scripts = [
  'Stop buying pre-ground coffee. Grind your beans right before you brew, because ground coffee goes stale in minutes. Your morning cup will taste twice as good.',
  'Here is what actually works for a better latte at home. Start with fresh beans from a local roaster, and check the roast date on the bag. ' +
    'Use a burr grinder instead of a blade grinder, so every grain is the same size. Heat your milk slowly and stop before it boils. ' +
    'Pour the espresso first, then the milk, and tap the cup to break the big bubbles. Follow for more simple coffee tips.',
];

interface Voice {
  label: string;
  synthesizer: SpeechSynthesizer;
  settings: VoiceSettings;
  /** The default offline English voice: held to the word error rate bound. */
  bounded?: boolean;
}

const flite = new FliteSpeechSynthesizer();
const voices: Voice[] = [
  ...fliteVoices.map((voice) => ({
    label: `flite ${voice.flite} (${voice.name})`,
    synthesizer: flite,
    settings: { voiceId: `flite-${voice.flite}`, offlineVoice: voice.flite },
    bounded: voice.flite === defaultOfflineVoice,
  })),
  { label: 'flite rms at 1.3x', synthesizer: flite, settings: { voiceId: 'flite-rms', offlineVoice: 'rms', speed: 1.3 } },
  { label: 'flite rms at 0.8x', synthesizer: flite, settings: { voiceId: 'flite-rms', offlineVoice: 'rms', speed: 0.8 } },
  { label: 'espeak-ng en-us', synthesizer: new EspeakSpeechSynthesizer(), settings: { voiceId: 'en-us' } },
];

const normalise = (text: string) =>
  text
    .toLowerCase()
    .replace(/-/g, ' ')
    .replace(/[^a-z' ]/g, ' ')
    .split(/\s+/)
    .filter(Boolean);

/** Word-level edit distance over the reference's length. */
export function wordErrorRate(reference: readonly string[], hypothesis: readonly string[]): number {
  let previous = Array.from({ length: hypothesis.length + 1 }, (_, j) => j);
  for (let i = 1; i <= reference.length; i++) {
    const current = [i];
    for (let j = 1; j <= hypothesis.length; j++) {
      const substitution = (previous[j - 1] ?? 0) + (reference[i - 1] === hypothesis[j - 1] ? 0 : 1);
      current.push(Math.min(substitution, (previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1));
    }
    previous = current;
  }
  return (previous[hypothesis.length] ?? 0) / Math.max(1, reference.length);
}

async function recogniserInstalled(): Promise<boolean> {
  try {
    await run('which', ['pocketsphinx_continuous']);
    return true;
  } catch {
    return false;
  }
}

async function recognise(dir: string, audio: Uint8Array, name: string): Promise<string[]> {
  const source = join(dir, `${name}.wav`);
  const pcm = join(dir, `${name}-16k.wav`);
  await writeFile(source, audio);
  await run(ffmpegPath(), ['-v', 'error', '-y', '-i', source, '-ar', '16000', '-ac', '1', '-c:a', 'pcm_s16le', pcm]);
  const { stdout } = await run('pocketsphinx_continuous', ['-infile', pcm, '-logfn', '/dev/null'], { maxBuffer: 1 << 20 });
  return normalise(stdout);
}

async function main() {
  const only = process.env.BENCH_VOICES?.split(',').map((v) => v.trim().toLowerCase());
  const chosen = only ? voices.filter((voice) => only.some((name) => voice.label.toLowerCase().includes(name))) : voices;
  const withWer = await recogniserInstalled();
  const dir = await mkdtemp(join(tmpdir(), 'reelsmith-bench-voice-'));
  process.stdout.write(
    `voice bench: ${scripts.length} scripts, load average ${loadavg()[0]?.toFixed(1)} on this machine${withWer ? '' : ' (pocketsphinx not installed: no word error rate)'}\n`,
  );
  let failed = false;
  try {
    for (const voice of chosen) {
      let synthSeconds = 0;
      let audioSeconds = 0;
      let errors = 0;
      let words = 0;
      for (const [i, script] of scripts.entries()) {
        const started = performance.now();
        const speech = await voice.synthesizer.synthesize(script, voice.settings);
        synthSeconds += (performance.now() - started) / 1000;
        audioSeconds += speech.durationSeconds;
        if (withWer) {
          const reference = normalise(script);
          const heard = await recognise(dir, speech.audio, `${voice.settings.offlineVoice ?? 'espeak'}-${i}`);
          errors += wordErrorRate(reference, heard) * reference.length;
          words += reference.length;
        }
      }
      const wer = withWer ? errors / words : undefined;
      const rtf = synthSeconds / audioSeconds;
      process.stdout.write(
        `${voice.label.padEnd(44)} ${audioSeconds.toFixed(1).padStart(6)} s of speech  real-time factor ${rtf.toFixed(3)}  ${wer === undefined ? '' : `word error rate ${wer.toFixed(2)}`}\n`,
      );
      if (voice.bounded && wer !== undefined && wer > maxWer) failed = true;
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  if (failed) {
    process.stdout.write(`the default offline English voice is above the word error rate bound of ${maxWer}\n`);
    process.exitCode = 1;
  }
}

await main();
