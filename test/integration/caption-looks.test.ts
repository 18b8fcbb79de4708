import { existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { captionLookNames, parseCaptionSettings, type CaptionSettings } from '../../functions/contract/caption-settings';
import { applyCaptionLook, captionLooks, type CaptionLookName } from '../../functions/contract/rules/caption-looks';
import type { WordTiming } from '../../functions/core/captions/word-timings';
import { boundingBox, captionFrames, inkBox } from '../support/caption-frames';
import { ffmpegOut, videoHeight, videoWidth, type Rgb } from '../support/video-frames';

/**
 * Golden frames of the caption looks: each look's ASS file burned by libass with the bundled
 * fonts (test/support/caption-frames.ts), the caption band cropped and scaled to a quarter, compared
 * with a stored PNG (test/fixtures/caption-looks/<look>-<moment>.png) by mean difference per channel,
 * so an encoder or antialiasing change passes and a look that changed does not. UPDATE_GOLDEN=1 rewrites
 * the references after a deliberate change (look at them before committing).
 */
const fixtures = fileURLToPath(new URL('../fixtures/caption-looks/', import.meta.url));
const update = process.env.UPDATE_GOLDEN === '1';
/** The band the looks draw in: the middle row and the bottom row's lower third. */
const band = { y: 720, h: 840 };
const scaleDown = 4;
const small = { w: videoWidth / scaleDown, h: band.h / scaleDown };
/** Mean absolute difference per channel (0–255) allowed between the frame and its reference. */
const tolerance = 3;

/** "Fresh beans make | 3 cups better.": a number (emphasised) opening the second line. */
const words: WordTiming[] = 'Fresh beans make 3 cups better.'.split(' ').map((word, i) => ({ word, start: 0.2 + i * 0.4, end: 0.2 + i * 0.4 + 0.35 }));
const settled = (i: number) => (words[i]?.start ?? 0) + 0.3;
const lookSettings = (look: CaptionLookName): CaptionSettings => applyCaptionLook(parseCaptionSettings({}), look);

/** The caption band of a 1080x1920 RGB frame, scaled to a quarter, as RGB bytes. */
async function shrink(rgb: Buffer): Promise<Buffer> {
  const crop = Buffer.alloc(videoWidth * band.h * 3);
  rgb.copy(crop, 0, band.y * videoWidth * 3, (band.y + band.h) * videoWidth * 3);
  const input = `/tmp/caption-look-${process.pid}-${Math.random().toString(36).slice(2)}.rgb`;
  const { writeFile, rm } = await import('node:fs/promises');
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

async function readPng(path: string): Promise<Buffer> {
  return ffmpegOut(['-i', path, '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1']);
}

async function writePng(path: string, rgb: Buffer): Promise<void> {
  const { writeFile, rm } = await import('node:fs/promises');
  const raw = `${path}.rgb`;
  await writeFile(raw, rgb);
  try {
    await ffmpegOut(['-y', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-s', `${small.w}x${small.h}`, '-i', raw, '-frames:v', '1', path]);
  } finally {
    await rm(raw, { force: true });
  }
}

function meanDifference(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs((a[i] ?? 0) - (b[i] ?? 0));
  return sum / a.length;
}

async function expectGoldenFrame(name: string, frame: Buffer): Promise<void> {
  const shrunk = await shrink(frame);
  const path = `${fixtures}${name}.png`;
  if (update || !existsSync(path)) {
    mkdirSync(fixtures, { recursive: true });
    await writePng(path, shrunk);
    return;
  }
  const reference = await readPng(path);
  expect(reference.length).toBe(shrunk.length);
  expect(meanDifference(shrunk, reference), `${name} differs from its reference`).toBeLessThanOrEqual(tolerance);
}

const hex = (colour: string): Rgb => [parseInt(colour.slice(1, 3), 16), parseInt(colour.slice(3, 5), 16), parseInt(colour.slice(5, 7), 16)];

describe('caption looks: golden frames', () => {
  for (const look of captionLookNames) {
    it(`${look}: matches its reference while "beans" and then the emphasised "3" are spoken`, async () => {
      const [beans, three] = await captionFrames(words, lookSettings(look), [settled(1), settled(3)]);
      await expectGoldenFrame(`${look}-beans`, beans!);
      await expectGoldenFrame(`${look}-three`, three!);
    });
  }

  it('every look draws a different picture', async () => {
    const frames = await Promise.all(captionLookNames.map(async (look) => shrink((await captionFrames(words, lookSettings(look), [settled(1)]))[0]!)));
    for (let i = 0; i < frames.length; i++) {
      for (let j = i + 1; j < frames.length; j++)
        expect(meanDifference(frames[i]!, frames[j]!), `${captionLookNames[i]} vs ${captionLookNames[j]}`).toBeGreaterThan(1);
    }
  });
});

describe('caption looks: what each one does', () => {
  it('pop shows one word at a time, growing in from 60 % and settling', async () => {
    const s = lookSettings('pop');
    // The frames are 25 a second: the word's start is a frame, 80 ms later is near its peak (90 ms).
    const [early, peak, settledFrame, line] = await captionFrames(words, s, [words[1]!.start, words[1]!.start + 0.08, settled(1), settled(1)]);
    const [early3, settled3] = [inkBox(early!), inkBox(settledFrame!)];
    expect(settled3!.w).toBeLessThan(videoWidth * 0.6);
    expect(early3!.w).toBeLessThan(settled3!.w * 0.85);
    expect(inkBox(peak!)!.w).toBeGreaterThan(settled3!.w);
    expect(line).toBeDefined();
  });

  it('boxed draws a box in the word colour behind the spoken word only', async () => {
    const s = lookSettings('boxed');
    const [frame] = await captionFrames(words, s, [settled(1)]);
    const box = boundingBox(frame!, hex(s.word_color), 40);
    const ink = inkBox(frame!);
    expect(box).not.toBeNull();
    expect(box!.w).toBeGreaterThan(150);
    expect(box!.x).toBeGreaterThan(ink!.x + 100);
    expect(box!.x + box!.w).toBeLessThan(ink!.x + ink!.w - 100);
  });

  it('keyword emphasis: the number is drawn in the word colour and larger, and a creator can turn it off', async () => {
    for (const look of ['two_tone', 'minimal'] as const) {
      const s = lookSettings(look);
      const [on] = await captionFrames(words, s, [settled(3)]);
      const [off] = await captionFrames(words, { ...s, emphasis: { 3: false } }, [settled(3)]);
      const colour = hex(s.word_color);
      expect(boundingBox(on!, colour, 60), look).not.toBeNull();
      expect(boundingBox(off!, colour, 60), look).toBeNull();
      expect(inkBox(on!)!.h, look).toBeGreaterThan(inkBox(off!)!.h);
    }
  });

  it('a line too wide for the safe zone is shrunk to one line, not wrapped', async () => {
    const long: WordTiming[] = 'Extraordinary coffee roasters'.split(' ').map((word, i) => ({ word, start: 0.2 + i * 0.4, end: 0.5 + i * 0.4 }));
    for (const look of ['two_tone', 'karaoke'] as const) {
      const [frame] = await captionFrames(long, { ...lookSettings(look), font_size: 90 }, [1.3]);
      const box = inkBox(frame!);
      expect(box!.h, look).toBeLessThan(captionLooks[look].preset.font_size * 2);
      expect(box!.x, look).toBeGreaterThanOrEqual(110);
      expect(box!.x + box!.w, look).toBeLessThanOrEqual(videoWidth - 110);
    }
  });

  it('the documented plain styles are untouched by looks: look null draws no emphasis', async () => {
    const plain = parseCaptionSettings({ style: 'classic', word_color: '#00FF00' });
    expect(plain.look).toBeNull();
    const [frame] = await captionFrames(words, plain, [settled(3)]);
    expect(boundingBox(frame!, [0, 255, 0], 60)).toBeNull();
    expect(videoHeight).toBe(1920);
  });
});
