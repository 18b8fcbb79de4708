import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FfmpegVideoRenderer } from '../../functions/adapters/ffmpeg/render';
import { watermarkPlacement } from '../../functions/core/branding/logo-placement';
import type { WordTiming } from '../../functions/core/captions/word-timings';
import { captionPositions, captionStyles, parseCaptionSettings, type CaptionSettings } from '../../functions/contract/caption-settings';
import { captionSafeZone, highlightPop } from '../../functions/contract/rules/caption-layout';
import { watermarkPath } from '../../functions/pipeline/deps';
import { boundingBox, captionFrames, inkBox, type Box } from '../support/caption-frames';
import { countColour, ffmpegOut, frameAt, meanColour, videoHeight as height, videoWidth as width, type Rgb } from '../support/video-frames';

/**
 * Golden frames of the captions and the watermark: the ASS file the render builds, burned by libass
 * with the bundled fonts (and, for the watermark and one caption, whole MP4s from the render engine),
 * measured as bounding boxes and colour counts and compared with a tolerance, never as bytes. The
 * boxes are kept in test/unit/golden/caption-frames.json; UPDATE_GOLDEN=1 rewrites them after a
 * deliberate change.
 */
const green: Rgb = [0, 255, 0];
const white: Rgb = [255, 255, 255];
const tolerance = 8;

const goldenPath = fileURLToPath(new URL('../unit/golden/caption-frames.json', import.meta.url));
const golden: Record<string, Box | null> = existsSync(goldenPath) ? (JSON.parse(readFileSync(goldenPath, 'utf8')) as Record<string, Box | null>) : {};
const measured: Record<string, Box | null> = {};
const update = process.env.UPDATE_GOLDEN === '1' || !existsSync(goldenPath);

/** A box as recorded, within `tolerance` px on each edge. */
function expectGolden(name: string, box: Box | null): void {
  measured[name] = box;
  if (update) return;
  const expected = golden[name];
  expect(expected, `no golden box "${name}": run with UPDATE_GOLDEN=1`).not.toBeUndefined();
  if (!expected || !box) return expect(box, name).toEqual(expected);
  for (const key of ['x', 'y', 'w', 'h'] as const)
    expect(Math.abs(box[key] - expected[key]), `${name}.${key}: ${box[key]} vs ${expected[key]}`).toBeLessThanOrEqual(tolerance);
}

/** Words spoken 0.4 s apart. */
function timed(text: string): WordTiming[] {
  return text.split(' ').map((word, i) => ({ word, start: 0.2 + i * 0.4, end: 0.2 + i * 0.4 + 0.35 }));
}
const mid = (w: WordTiming | undefined) => (w ? (w.start + w.end) / 2 : 0);
const settings = (over: Partial<CaptionSettings>) => parseCaptionSettings({ line_color: '#FFFFFF', word_color: '#00FF00', ...over });

afterAll(() => {
  if (update) writeFileSync(goldenPath, `${JSON.stringify(measured, null, 2)}\n`);
});

describe('caption line breaks on the frame', () => {
  it('shows "CLEAN THE MACHINE." alone, then "START EVERY DAY." (never "MACHINE. START")', async () => {
    const words = timed('Clean the machine. Start every day.');
    const s = settings({ style: 'classic' });
    // What the frames show, and the same lines drawn on their own as references.
    const [machine, start] = await captionFrames(words, s, [mid(words[2]), mid(words[3])]);
    const [first] = await captionFrames(timed('Clean the machine.'), s, [0.3]);
    const [second] = await captionFrames(timed('Start every day.'), s, [0.3]);
    const boxes = [machine, start, first, second].map((f) => inkBox(f!));
    const [onMachine, onStart, lineOne, lineTwo] = boxes;
    expect(onMachine).toEqual(lineOne);
    expect(onStart).toEqual(lineTwo);
    expectGolden('break: clean the machine.', onMachine ?? null);
    expectGolden('break: start every day.', onStart ?? null);
    // One line each (not wrapped), and most of the width for a three-word line.
    for (const box of [onMachine, onStart]) {
      expect(box!.h).toBeLessThan(110);
      expect(box!.w).toBeGreaterThan(width * 0.5);
    }
  });

  it('breaks after a comma rather than elsewhere', async () => {
    const words = timed('Froth the milk last, then pour.');
    const s = settings({ style: 'classic' });
    const [frame] = await captionFrames(words, s, [mid(words[3])]);
    const [reference] = await captionFrames(timed('last, then pour.'), s, [0.3]);
    expect(inkBox(frame!)).toEqual(inkBox(reference!));
  });
});

describe('caption positions in the vertical-video safe zone', () => {
  const words = timed('Every single time.');
  for (const position of captionPositions) {
    it(`${position}: inside the safe zone, where the grid says`, async () => {
      const [frame] = await captionFrames(words, settings({ style: 'classic', position }), [mid(words[1])]);
      const box = inkBox(frame!);
      expect(box).not.toBeNull();
      const b = box!;
      expectGolden(`position: ${position}`, b);
      // The text block lies inside the margins; its outline (4.2 px) and shadow (5.6 px) may reach 10 px past them.
      const reach = 10;
      expect(b.x).toBeGreaterThanOrEqual(captionSafeZone.left - reach);
      expect(b.x + b.w).toBeLessThanOrEqual(width - captionSafeZone.right + reach);
      expect(b.y).toBeGreaterThanOrEqual(captionSafeZone.top - reach);
      expect(b.y + b.h).toBeLessThanOrEqual(height - captionSafeZone.bottom + reach);
      const [row, column] = position.split('_');
      if (row === 'top') expect(b.y).toBeLessThan(captionSafeZone.top + 40);
      if (row === 'bottom') expect(b.y + b.h).toBeGreaterThan(height - captionSafeZone.bottom - 40);
      if (row === 'middle') expect(Math.abs(b.y + b.h / 2 - height / 2)).toBeLessThan(30);
      if (column === 'center') expect(Math.abs(b.x + b.w / 2 - width / 2)).toBeLessThan(8);
      if (column === 'left') expect(b.x).toBeLessThan(captionSafeZone.left + 12);
      if (column === 'right') expect(b.x + b.w).toBeGreaterThan(width - captionSafeZone.right - 12);
    });
  }
});

interface Look {
  ink: Box | null;
  green: Box | null;
  white: Box | null;
  greenCount: number;
}

describe('every caption style is visibly distinct', () => {
  const words = timed('Fresh beans matter.');
  const second = words[1]!;
  /** Green (the word colour) and white (the line colour) boxes while the second word is spoken. */
  const seen = new Map<string, Promise<Look>>();
  const look = (style: CaptionSettings['style'], at = mid(second)): Promise<Look> => {
    const key = `${style}@${at}`;
    const found = seen.get(key);
    if (found) return found;
    const measuring = captionFrames(words, settings({ style, max_words_per_line: 3 }), [at]).then(([frame]) => ({
      ink: inkBox(frame!),
      green: boundingBox(frame!, green),
      white: boundingBox(frame!, white),
      greenCount: countColour(frame!, { x: 0, y: 0, w: width, h: height }, green),
    }));
    seen.set(key, measuring);
    return measuring;
  };
  let line: Box;

  beforeAll(async () => {
    const classic = await look('classic');
    line = classic.ink!;
  });

  it('classic: the whole line in the line colour, no word colour', async () => {
    const classic = await look('classic');
    expectGolden('style: classic (ink)', classic.ink);
    expect(classic.greenCount).toBe(0);
    expect(classic.white!.w).toBeGreaterThan(line.w * 0.9);
  });

  it('karaoke: the words spoken so far fill with the word colour from the left', async () => {
    const karaoke = await look('karaoke');
    expectGolden('style: karaoke (word colour)', karaoke.green);
    expect(Math.abs(karaoke.green!.x - karaoke.ink!.x)).toBeLessThan(20);
    expect(karaoke.green!.x + karaoke.green!.w).toBeLessThan(karaoke.ink!.x + karaoke.ink!.w - 100);
    expect(karaoke.white).not.toBeNull();
  });

  it('highlight: only the spoken word in the word colour, popping up 112 % and back', async () => {
    const settled = await look('highlight', second.start + (highlightPop.riseMs + highlightPop.fallMs + 60) / 1000);
    const peak = await look('highlight', second.start + highlightPop.riseMs / 1000);
    expectGolden('style: highlight (word colour, settled)', settled.green);
    expect(settled.green!.x).toBeGreaterThan(settled.ink!.x + 100);
    expect(settled.green!.x + settled.green!.w).toBeLessThan(settled.ink!.x + settled.ink!.w - 100);
    // The pop: the spoken word is drawn larger at its peak than once settled.
    const ratio = peak.green!.h / settled.green!.h;
    expect(ratio).toBeGreaterThan(1.07);
    expect(ratio).toBeLessThan(1.18);
  });

  it('underline: the spoken word underlined, below the line\u2019s baseline', async () => {
    const underline = await look('underline');
    const highlight = await look('highlight', second.start + 0.3);
    expectGolden('style: underline (word colour)', underline.green);
    // The underline reaches below the letters (the other words' white bottom is the baseline).
    expect(underline.green!.y + underline.green!.h).toBeGreaterThan(underline.white!.y + underline.white!.h + 3);
    expect(underline.green!.h).toBeGreaterThan(highlight.green!.h + 3);
  });

  it('word by word: one word alone on the frame', async () => {
    const single = await look('word_by_word');
    expectGolden('style: word_by_word (ink)', single.ink);
    expect(single.ink!.w).toBeLessThan(line.w * 0.5);
    expect(single.green).not.toBeNull();
  });

  it('no two styles give the same frame', async () => {
    const signatures = await Promise.all(captionStyles.map(async (style) => JSON.stringify(await look(style))));
    expect(new Set(signatures).size).toBe(captionStyles.length);
  });
});

describe('the rendered MP4: watermark and bottom captions', () => {
  let dir: string;
  let free: Buffer;
  let paid: Buffer;
  const renderer = new FfmpegVideoRenderer();
  const words = timed('Fresh beans matter.');
  const background: Rgb = [70, 110, 150];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'caption-golden-'));
    const clip = join(dir, 'clip.mp4');
    const voice = join(dir, 'voice.wav');
    await Promise.all([
      ffmpegOut(['-f', 'lavfi', '-i', 'color=c=0x466e96:s=360x640:r=30:d=1.6', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv444p', clip]),
      ffmpegOut(['-f', 'lavfi', '-i', 'anullsrc=r=48000:cl=mono', '-t', '1.6', voice]),
    ]);
    const base = {
      clips: [{ path: clip, kind: 'video' as const, start: 0, duration: 1.6 }],
      voiceOverPath: voice,
      voiceOverDuration: 1.6,
      words,
      captions: settings({ style: 'highlight', position: 'bottom_center' }),
    };
    await Promise.all([
      renderer.render({ ...base, watermarkPath, outputPath: join(dir, 'free.mp4') }),
      renderer.render({ ...base, outputPath: join(dir, 'paid.mp4') }),
    ]);
    [free, paid] = await Promise.all([frameAt(join(dir, 'free.mp4'), mid(words[1])), frameAt(join(dir, 'paid.mp4'), mid(words[1]))]);
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('the free plan shows the "Made with Reelsmith" wordmark fitted into 180x180, bottom-left, 30 px in; a paid plan nothing', async () => {
    const { margin, box } = watermarkPlacement;
    const area = { x: margin, y: height - margin - box.height, w: box.width, h: box.height };
    // The wordmark: white letters on a dark plate, 180 px wide, sitting on the box's bottom edge.
    const mark = inkBoxAgainst(free, area, background);
    expectGolden('watermark (free)', mark);
    expect(mark).not.toBeNull();
    expect(mark!.x).toBeLessThanOrEqual(margin + 2);
    expect(mark!.w).toBeGreaterThan(box.width - 6);
    expect(mark!.y + mark!.h).toBeGreaterThan(height - margin - 4);
    expect(countColour(free, area, white, 90)).toBeGreaterThan(800);
    expect(meanColour(free, area).reduce((a, b) => a + b)).toBeLessThan(background.reduce((a, b) => a + b) - 40);
    // Paid: the corner is the clip's colour, untouched.
    expect(inkBoxAgainst(paid, area, background)).toBeNull();
    expect(countColour(paid, area, white, 90)).toBe(0);
  });

  it('bottom captions sit above the apps\u2019 bottom band in the MP4 too, and elsewhere free and paid are the same picture', async () => {
    const captions = inkBoxAgainst(paid, { x: 0, y: height / 2, w: width, h: height / 2 }, background);
    expectGolden('mp4: bottom_center captions', captions);
    expect(captions!.y + captions!.h).toBeLessThanOrEqual(height - captionSafeZone.bottom + 4);
    expect(captions!.y + captions!.h).toBeGreaterThan(height - captionSafeZone.bottom - 40);
    expect(inkBoxAgainst(free, { x: 0, y: height / 2, w: width, h: height / 2 - 300 }, background)).toEqual(captions);
  });
});

/** The box of pixels that differ from a known background by more than the encoder's noise. */
function inkBoxAgainst(rgb: Buffer, area: { x: number; y: number; w: number; h: number }, bg: Rgb): Box | null {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -1;
  let maxY = -1;
  for (let y = area.y; y < area.y + area.h; y++) {
    for (let x = area.x; x < area.x + area.w; x++) {
      const i = (y * width + x) * 3;
      const d = Math.abs((rgb[i] ?? 0) - bg[0]) + Math.abs((rgb[i + 1] ?? 0) - bg[1]) + Math.abs((rgb[i + 2] ?? 0) - bg[2]);
      if (d > 60) {
        minX = Math.min(minX, x);
        maxX = Math.max(maxX, x);
        minY = Math.min(minY, y);
        maxY = Math.max(maxY, y);
      }
    }
  }
  return maxX < 0 ? null : { x: minX, y: minY, w: maxX - minX + 1, h: maxY - minY + 1 };
}
