import { describe, expect, it } from 'vitest';
import { parseCaptionSettings, type CaptionSettings } from '../../functions/contract/caption-settings';
import { applyCaptionLook } from '../../functions/contract/rules/caption-looks';
import type { WordTiming } from '../../functions/core/captions/word-timings';
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ffmpegPath } from '../../functions/adapters/ffmpeg/binaries';
import { FfmpegVideoRenderer } from '../../functions/adapters/ffmpeg/render';
import { boundingBox, captionFrames } from '../support/caption-frames';
import { ffmpegOut, frameAt, videoWidth, type Rgb } from '../support/video-frames';

/**
 * The Karaoke fill inside a word runs the way the word is read: right to left in Arabic ("ستجربها" lights
 * from its first letter, "س", at the right), left to right in English. Frames of the render's libass with
 * the bundled fonts, at 40 % of a long word: the filled part (the word colour) lies on the reading side of
 * the part still to come (the line colour).
 */
const karaoke = (over: Partial<CaptionSettings> = {}): CaptionSettings => ({
  ...applyCaptionLook(parseCaptionSettings({}), 'karaoke'),
  all_caps: false,
  ...over,
});
const green: Rgb = [0x3c, 0xf2, 0x6b];
const white: Rgb = [255, 255, 255];

/** `filled` is the colour a spoken part turns: the word colour in the Karaoke look, the line colour in the custom look's karaoke style. */
async function fillAt(
  word: string,
  language: 'ar' | 'en',
  settings: CaptionSettings,
  colours: { filled: Rgb; toCome: Rgb } = { filled: green, toCome: white },
) {
  // One long word spoken from 0.2 s to 1.7 s; the frame at 40 % of it.
  const words: WordTiming[] = [{ word, start: 0.2, end: 1.7 }];
  const [frame] = await captionFrames(words, settings, [0.8], language);
  if (!frame) throw new Error('no frame');
  const filled = boundingBox(frame, colours.filled, colours.filled === green ? 90 : 60);
  const toCome = boundingBox(frame, colours.toCome, colours.toCome === green ? 90 : 60);
  expect(filled, 'part of the word is filled').not.toBeNull();
  expect(toCome, 'part of the word is still to come').not.toBeNull();
  return { filled: filled!, toCome: toCome! };
}

describe('karaoke fill direction', () => {
  it('fills an Arabic word from the right (the Karaoke look)', async () => {
    const { filled, toCome } = await fillAt('ستجربها', 'ar', karaoke());
    // The filled part's middle is right of the unfilled part's middle.
    expect(filled.x + filled.w / 2).toBeGreaterThan(toCome.x + toCome.w / 2);
    expect(filled.x + filled.w).toBeGreaterThanOrEqual(toCome.x + toCome.w - 4);
  }, 60_000);

  it('fills an Arabic word from the right (the karaoke style of the custom look)', async () => {
    const { filled, toCome } = await fillAt('ستجربها', 'ar', karaoke({ look: 'custom' }), { filled: white, toCome: green });
    expect(filled.x + filled.w / 2).toBeGreaterThan(toCome.x + toCome.w / 2);
  }, 60_000);

  it('still fills an English word from the left', async () => {
    const { filled, toCome } = await fillAt('wonderfully', 'en', karaoke());
    expect(filled.x + filled.w / 2).toBeLessThan(toCome.x + toCome.w / 2);
  }, 60_000);

  it('a rendered Arabic Karaoke video fills each word from its right as it is spoken (frames kept in test-results)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'karaoke-rtl-'));
    const kept = fileURLToPath(new URL('../../test-results/screenshots/', import.meta.url));
    mkdirSync(kept, { recursive: true });
    try {
      const text = 'ستجربها غدا وستحبها';
      const words: WordTiming[] = text.split(' ').map((word, i) => ({ word, start: 0.1 + i * 1.2, end: 0.1 + i * 1.2 + 1.1 }));
      const duration = words.length * 1.2 + 0.3;
      const voice = join(dir, 'voice.m4a');
      execFileSync(ffmpegPath(), ['-y', '-loglevel', 'error', '-f', 'lavfi', '-i', `sine=frequency=220:duration=${duration}`, voice]);
      const outputPath = join(dir, 'video.mp4');
      await new FfmpegVideoRenderer().render({
        clips: [{ path: '', kind: 'generated', look: 0, start: 0, duration }],
        voiceOverPath: voice,
        voiceOverDuration: duration,
        words,
        captions: karaoke(),
        language: 'ar',
        outputPath,
      });
      const band = { x: 0, y: 600, w: videoWidth, h: 720 };
      // 40 % into the first word (ستجربها, at the right of the line): its right part is filled, its left part not yet.
      const at = 0.1 + 0.4 * 1.1;
      const frame = await frameAt(outputPath, at);
      const filled = boundingBox(frame, green, 90, band);
      expect(filled, 'part of the first word is filled').not.toBeNull();
      const line = boundingBox(frame, white, 60, band);
      expect(line, 'the rest of the line is in the line colour').not.toBeNull();
      // The filled part sits at the line's right end (the first word is read first).
      expect((filled?.x ?? 0) + (filled?.w ?? 0)).toBeGreaterThan((line?.x ?? 0) + (line?.w ?? 0) - 40);
      // Later in the same word more of it is filled, growing to the left.
      const later = boundingBox(await frameAt(outputPath, 0.1 + 0.9 * 1.1), green, 90, band);
      expect(later?.x ?? Infinity).toBeLessThan(filled?.x ?? 0);
      for (const [name, seconds] of [
        ['40', at],
        ['90', 0.1 + 0.9 * 1.1],
        ['second-word', 1.3 + 0.5],
      ] as const) {
        const raw = join(dir, `${name}.rgb`);
        await writeFile(raw, await frameAt(outputPath, seconds));
        await ffmpegOut([
          '-y',
          '-f',
          'rawvideo',
          '-pix_fmt',
          'rgb24',
          '-s',
          `${videoWidth}x1920`,
          '-i',
          raw,
          '-frames:v',
          '1',
          join(kept, `karaoke-arabic-render-${name}.png`),
        ]);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
