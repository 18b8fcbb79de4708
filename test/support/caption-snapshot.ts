import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FfmpegVideoRenderer } from '../../functions/adapters/ffmpeg/render';
import { EspeakSpeechSynthesizer } from '../../functions/adapters/local/espeak-speech';
import { parseCaptionSettings } from '../../functions/contract/caption-settings';
import { ffmpegOut } from './video-frames';

/**
 * One sample video for before/after pictures of the captions: an eSpeak voice-over of a short coffee
 * script over a gradient clip, the dialog's default caption settings, the free plan's watermark.
 * Writes a PNG of the moment "beans." is spoken (the end of a sentence that the old grouping joined
 * with the next one: "FRESH BEANS. GRIND").
 *
 *   npx tsx test/support/caption-snapshot.ts test-results/screenshots/captions-after.png [position]
 */
export const sampleScript =
  'Your espresso deserves fresh beans. Grind them right before you brew, never the night before. A burr grinder beats a blade every time. Froth the milk last, then pour.';

const here = dirname(fileURLToPath(import.meta.url));
const watermark = join(here, '../../functions/pipeline/assets/watermark.png');

export async function captionSnapshot(outputPng: string, position = 'middle_center'): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'caption-snapshot-'));
  try {
    const clip = join(dir, 'clip.mp4');
    await ffmpegOut([
      '-f',
      'lavfi',
      '-i',
      'color=c=black:s=360x640:d=12:r=30',
      '-vf',
      "geq=r='30+X/6':g='50+Y/8':b='90+(X+Y)/10'",
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      clip,
    ]);
    const speech = await new EspeakSpeechSynthesizer().synthesize(sampleScript, { voiceId: 'en-us' });
    await writeFile(join(dir, 'voice.wav'), speech.audio);
    const video = join(dir, 'sample.mp4');
    await new FfmpegVideoRenderer().render({
      clips: [{ path: clip, kind: 'video', start: 0, duration: speech.durationSeconds }],
      voiceOverPath: join(dir, 'voice.wav'),
      voiceOverDuration: speech.durationSeconds,
      words: speech.words,
      captions: parseCaptionSettings({ position }),
      watermarkPath: watermark,
      outputPath: video,
    });
    const beans = speech.words.find((w) => w.word.toLowerCase().startsWith('beans'));
    if (!beans) throw new Error('no "beans" in the voice-over');
    const at = beans.start + (beans.end - beans.start) * 0.6;
    await mkdir(dirname(resolve(outputPng)), { recursive: true });
    await ffmpegOut(['-ss', at.toFixed(3), '-i', video, '-frames:v', '1', '-y', resolve(outputPng)]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [output, position] = process.argv.slice(2);
  if (!output) throw new Error('usage: caption-snapshot.ts <output.png> [position]');
  await captionSnapshot(output, position);
}
