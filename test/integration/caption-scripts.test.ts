import { existsSync, mkdirSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseCaptionSettings } from '../../functions/contract/caption-settings';
import type { LanguageCode } from '../../functions/contract/languages';
import { captionWords, captionWriting } from '../../functions/contract/rules/caption-scripts';
import type { WordTiming } from '../../functions/core/captions/word-timings';
import { boundingBox, captionFrames, inkBox } from '../support/caption-frames';
import { ffmpegOut, frameAt, videoWidth } from '../support/video-frames';
import { execFileSync } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FfmpegVideoRenderer } from '../../functions/adapters/ffmpeg/render';
import { ffmpegPath } from '../../functions/adapters/ffmpeg/binaries';

/**
 * Golden frames of captions in every script family: the render's ASS file (words cut, capitals, fonts
 * per run, direction) burned by the render's libass with the bundled fonts, the caption band cropped and
 * scaled to a quarter, compared with a stored PNG (test/fixtures/caption-scripts/<script>.png) by mean
 * difference per channel. A box instead of a glyph, a wrong font, letters not joined or a line running
 * the wrong way all change the picture. UPDATE_GOLDEN=1 rewrites the references (look at them first).
 */
const fixtures = fileURLToPath(new URL('../fixtures/caption-scripts/', import.meta.url));
const update = process.env.UPDATE_GOLDEN === '1';
/** The middle row, where the default position draws one line. */
const band = { y: 800, h: 320 };
const scaleDown = 4;
const small = { w: videoWidth / scaleDown, h: band.h / scaleDown };
const tolerance = 3;
const yellow: [number, number, number] = [255, 255, 0];

const samples: { name: string; language: LanguageCode | null; text: string }[] = [
  { name: 'latin', language: 'es', text: '¿Sabías que Ñandú está aquí?' },
  { name: 'cyrillic', language: 'ru', text: 'Ёжик съел щётку!' },
  { name: 'greek', language: null, text: 'Ο φρέσκος καφές' },
  { name: 'arabic', language: 'ar', text: 'القهوة الطازجة تغيّر صباحك!' },
  { name: 'hebrew', language: null, text: 'קפה טרי משנה הכל!' },
  { name: 'devanagari', language: 'hi', text: 'ताज़ी कॉफ़ी बदल देती है।' },
  { name: 'japanese', language: 'ja', text: '新鮮なコーヒーは朝を変えます。' },
  { name: 'chinese', language: 'zh', text: '新鲜的咖啡改变早晨。' },
  { name: 'korean', language: 'ko', text: '신선한 커피가 좋아요!' },
  { name: 'thai', language: null, text: 'กาแฟสดเปลี่ยนเช้า' },
];

async function shrink(rgb: Buffer): Promise<Buffer> {
  const crop = Buffer.alloc(videoWidth * band.h * 3);
  rgb.copy(crop, 0, band.y * videoWidth * 3, (band.y + band.h) * videoWidth * 3);
  const input = `/tmp/caption-script-${process.pid}-${Math.random().toString(36).slice(2)}.rgb`;
  await writeFile(input, crop);
  try {
    return await ffmpegOut([
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgb24',
      '-s',
      `${videoWidth}x${band.h}`,
      '-i',
      input,
      '-vf',
      `scale=${small.w}:${small.h}:flags=area`,
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgb24',
      'pipe:1',
    ]);
  } finally {
    await rm(input, { force: true });
  }
}

async function expectGolden(name: string, frame: Buffer): Promise<void> {
  const shrunk = await shrink(frame);
  const path = `${fixtures}${name}.png`;
  if (update || !existsSync(path)) {
    mkdirSync(fixtures, { recursive: true });
    const raw = `${path}.rgb`;
    await writeFile(raw, shrunk);
    try {
      await ffmpegOut(['-y', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-s', `${small.w}x${small.h}`, '-i', raw, '-frames:v', '1', path]);
    } finally {
      await rm(raw, { force: true });
    }
    return;
  }
  const reference = await ffmpegOut(['-i', path, '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1']);
  expect(reference.length).toBe(shrunk.length);
  let sum = 0;
  for (let i = 0; i < shrunk.length; i++) sum += Math.abs((shrunk[i] ?? 0) - (reference[i] ?? 0));
  expect(sum / shrunk.length, `${name} differs from its reference`).toBeLessThanOrEqual(tolerance);
}

describe('caption golden frames in every script', () => {
  for (const sample of samples) {
    it(`${sample.name}: the second word highlighted, drawn as its reference`, async () => {
      const words: WordTiming[] = sample.text.split(' ').map((word, i) => ({ word, start: 0.2 + i * 0.6, end: 0.2 + i * 0.6 + 0.5 }));
      const settings = parseCaptionSettings({ style: 'highlight', all_caps: true, max_words_per_line: 3 });
      const spoken = captionWords(words, captionWriting(sample.text, sample.language));
      const second = spoken[1] ?? spoken[0];
      const [frame] = await captionFrames(words, settings, [(second?.start ?? 0) + 0.05], sample.language);
      if (!frame) throw new Error('no frame');
      const ink = inkBox(frame);
      expect(ink, 'the caption is drawn').not.toBeNull();
      expect(ink?.y).toBeGreaterThan(band.y);
      expect((ink?.y ?? 0) + (ink?.h ?? 0)).toBeLessThan(band.y + band.h);
      const spokenBox = boundingBox(frame, yellow, 90);
      expect(spokenBox, 'the spoken word is in the word colour').not.toBeNull();
      await expectGolden(sample.name, frame);
    }, 30_000);
  }

  it('Arabic runs right to left: the first word is at the right, the spoken second word left of it', async () => {
    const words: WordTiming[] = 'القهوة الطازجة'.split(' ').map((word, i) => ({ word, start: i * 0.6, end: i * 0.6 + 0.5 }));
    const settings = parseCaptionSettings({ style: 'highlight' });
    const [first, second] = await captionFrames(words, settings, [0.3, 0.9], 'ar');
    const firstBox = first ? boundingBox(first, yellow, 90) : null;
    const secondBox = second ? boundingBox(second, yellow, 90) : null;
    expect(firstBox && secondBox).toBeTruthy();
    expect((secondBox?.x ?? 0) + (secondBox?.w ?? 0)).toBeLessThan(firstBox?.x ?? 0);
  }, 30_000);

  it.each([
    ['es', '¿Sabías que el café recién molido cambia tu mañana?'],
    ['ja', '新鮮な コーヒーは 朝を 変えます。'],
    ['ar', 'هل تعلم أن القهوة الطازجة تغيّر صباحك؟'],
  ] as const)(
    'a %s video from the renderer highlights its words one by one in the script’s fonts',
    async (language, text) => {
      const dir = await mkdtemp(join(tmpdir(), 'caption-script-video-'));
      try {
        const words: WordTiming[] = text.split(' ').map((word, i) => ({ word, start: 0.1 + i * 0.5, end: 0.1 + i * 0.5 + 0.4 }));
        const duration = words.length * 0.5 + 0.3;
        const voice = join(dir, 'voice.m4a');
        execFileSync(ffmpegPath(), ['-y', '-loglevel', 'error', '-f', 'lavfi', '-i', `sine=frequency=220:duration=${duration}`, voice]);
        const outputPath = join(dir, 'video.mp4');
        await new FfmpegVideoRenderer().render({
          clips: [{ path: '', kind: 'generated', look: 0, start: 0, duration }],
          voiceOverPath: voice,
          voiceOverDuration: duration,
          words,
          captions: parseCaptionSettings({ style: 'highlight' }),
          language,
          outputPath,
        });
        // The spoken word (yellow) moves as the words are spoken: right to left in Arabic, left to right otherwise.
        const spokenAt = async (seconds: number) => boundingBox(await frameAt(outputPath, seconds), yellow, 90, { x: 0, y: 700, w: videoWidth, h: 520 });
        const first = await spokenAt(0.35);
        const second = await spokenAt(0.85);
        expect(first && second, 'a highlighted word in both frames').toBeTruthy();
        const centre = (box: typeof first) => (box ? box.x + box.w / 2 : 0);
        if (language === 'ar') expect(centre(second)).toBeLessThan(centre(first));
        else expect(centre(second)).toBeGreaterThan(centre(first));
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
    120_000,
  );
});
