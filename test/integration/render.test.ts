import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFfmpeg } from '../../functions/adapters/ffmpeg/ffmpeg-process';
import { captionFont } from '../../functions/adapters/ffmpeg/fonts';
import { probeMedia } from '../../functions/adapters/ffmpeg/probe';
import { FfmpegVideoRenderer } from '../../functions/adapters/ffmpeg/render';
import { EspeakSpeechSynthesizer } from '../../functions/adapters/local/espeak-speech';
import { buildAss } from '../../functions/core/captions/ass-builder';
import { fontFamilies, parseCaptionSettings } from '../../functions/contract/caption-settings';
import type { SynthesizedSpeech } from '../../functions/core/ports/speech';
import type { RenderRequest } from '../../functions/core/ports/video-renderer';
import { countColour, ffmpegOut as ffmpeg, frameAt, meanDifference, videoHeight as height, videoWidth as width } from '../support/video-frames';

/**
 * The render engine with the real ffmpeg from npm (no local stack needed): small generated clips, an
 * eSpeak voice-over, highlight captions in green, the watermark on and off.
 */
describe('the render engine (ffmpeg + libass)', () => {
  let dir: string;
  let speech: SynthesizedSpeech;
  let base: Omit<RenderRequest, 'outputPath'>;
  const renderer = new FfmpegVideoRenderer();

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'render-test-'));
    // Three small clips of different colours and lengths (none of them green), and a white logo.
    const clips = [
      { colour: 'red', seconds: 2 },
      { colour: 'blue', seconds: 3 },
      { colour: 'orange', seconds: 4 },
    ];
    await Promise.all([
      ...clips.map(({ colour, seconds }, i) =>
        ffmpeg(['-f', 'lavfi', '-i', `color=c=${colour}:s=640x360:d=${seconds}:r=25`, '-c:v', 'libx264', '-preset', 'ultrafast', join(dir, `clip${i}.mp4`)]),
      ),
      ffmpeg(['-f', 'lavfi', '-i', 'color=c=white:s=200x200', '-frames:v', '1', join(dir, 'logo.png')]),
      writeFile(join(dir, 'corrupt.mp4'), Buffer.from('this is not a video, whatever its name says')),
    ]);
    speech = await new EspeakSpeechSynthesizer().synthesize('Reelsmith turns your ideas into short videos with captions.', { voiceId: 'en-us' });
    await writeFile(join(dir, 'voice.wav'), speech.audio);
    const third = speech.durationSeconds / 3;
    base = {
      // The first clip is shorter than its segment (looped), the last longer (trimmed).
      clips: clips.map((_, i) => ({ path: join(dir, `clip${i}.mp4`), kind: 'video' as const, start: 0, duration: i === 0 ? third + 0.8 : third })),
      voiceOverPath: join(dir, 'voice.wav'),
      voiceOverDuration: speech.durationSeconds,
      words: speech.words,
      captions: parseCaptionSettings({ style: 'highlight', word_color: '#00FF00', line_color: '#FFFFFF', position: 'middle_center' }),
    };
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  let watermarked: string;
  let plain: string;

  it('renders a 1080x1920 H.264 + AAC MP4 as long as the voice-over, reporting progress', async () => {
    watermarked = join(dir, 'watermarked.mp4');
    const progress: number[] = [];
    await renderer.render({
      ...base,
      watermarkPath: join(dir, 'logo.png'),
      logo: { path: join(dir, 'logo.png'), settings: { position: 'top-right', size: 'medium', opacity: 0.5 } },
      outputPath: watermarked,
      onProgress: (p) => progress.push(p),
    });
    const info = await probeMedia(watermarked);
    expect(info).toMatchObject({ width, height, videoCodec: 'h264', audioCodec: 'aac' });
    expect(Math.abs(info.durationSeconds - speech.durationSeconds)).toBeLessThanOrEqual(0.2);
    expect(progress.at(-1)).toBe(100);
    expect(progress.length).toBeGreaterThan(1);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
  });

  it('draws the spoken word in the word colour in the caption area, and nowhere far from it', async () => {
    const word = speech.words[3];
    if (!word) throw new Error('the voice-over has too few words');
    const rgb = await frameAt(watermarked, (word.start + word.end) / 2);
    const green: [number, number, number] = [0, 255, 0];
    const captionBand = { x: 0, y: height / 2 - 200, w: width, h: 400 };
    expect(countColour(rgb, captionBand, green)).toBeGreaterThan(500);
    expect(countColour(rgb, { x: 0, y: 0, w: width, h: 600 }, green)).toBe(0);
    expect(countColour(rgb, { x: 0, y: height - 600, w: width, h: 600 }, green)).toBe(0);
    // The rest of the line is in the line colour.
    expect(countColour(rgb, captionBand, [255, 255, 255])).toBeGreaterThan(500);
  });

  it('puts the watermark bottom-left on the free plan and leaves it out otherwise; the logo top-right, half transparent', async () => {
    plain = join(dir, 'plain.mp4');
    await renderer.render({ ...base, outputPath: plain });
    const at = speech.durationSeconds / 2;
    const [withMark, without] = await Promise.all([frameAt(watermarked, at), frameAt(plain, at)]);
    const corner = { x: 30, y: height - 30 - 180, w: 180, h: 180 };
    expect(meanDifference(withMark, without, corner)).toBeGreaterThan(50);
    expect(countColour(withMark, corner, [255, 255, 255])).toBeGreaterThan(180 * 180 * 0.9);
    expect(countColour(without, corner, [255, 255, 255])).toBe(0);
    // The logo (a white square fitted into 158x60: 60x60) sits 30 px from the top-right corner at opacity 0.5.
    const logoArea = { x: width - 30 - 60, y: 30, w: 60, h: 60 };
    expect(meanDifference(withMark, without, logoArea)).toBeGreaterThan(30);
    expect(countColour(withMark, logoArea, [255, 255, 255], 30)).toBe(0);
    // Elsewhere the two renders are the same picture.
    expect(meanDifference(withMark, without, { x: width - 300, y: 200, w: 200, h: 200 })).toBeLessThan(3);
  });

  it('extracts a JPEG thumbnail', async () => {
    const thumb = await renderer.thumbnail(watermarked, 1, join(dir, 'thumb.jpg'));
    const info = await probeMedia(thumb);
    expect(info.videoCodec).toBe('mjpeg');
    expect(info.width).toBe(540);
  });

  it('fails clearly when a clip is missing or is not a video', async () => {
    const missing = join(dir, 'missing.mp4');
    await expect(
      renderer.render({ ...base, clips: [{ path: missing, kind: 'video', start: 0, duration: 2 }], outputPath: join(dir, 'x.mp4') }),
    ).rejects.toThrow(/missing\.mp4: No such file or directory/);
    await expect(
      renderer.render({ ...base, clips: [{ path: join(dir, 'corrupt.mp4'), kind: 'video', start: 0, duration: 2 }], outputPath: join(dir, 'y.mp4') }),
    ).rejects.toThrow(/corrupt\.mp4: Invalid data found when processing input/);
  });

  it('draws every caption font family from the bundled fonts alone', async () => {
    // A fontconfig that knows no font at all: whatever is drawn comes from the fontsdir the render passes.
    const noFonts = join(dir, 'no-fonts.conf');
    await writeFile(noFonts, '<?xml version="1.0"?>\n<fontconfig></fontconfig>\n');
    const words = [{ word: 'Hello', start: 0, end: 1 }];
    const drawn = async (fontName: string, fontsDir: string): Promise<number> => {
      const ass = join(dir, 'font.ass');
      const out = join(dir, 'font.rgb');
      await writeFile(ass, buildAss(words, parseCaptionSettings({ style: 'classic', outline_width: 0, shadow_offset: 0 }), { fontName }));
      const args = ['-f', 'lavfi', '-i', `color=c=black:s=${width}x${height}:d=0.5`, '-vf', `subtitles=filename=${ass}:fontsdir=${fontsDir}`];
      await runFfmpeg([...args, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-y', out], {
        timeoutMs: 20_000,
        durationSeconds: 0.5,
        env: { FONTCONFIG_FILE: noFonts },
      });
      return countColour(await readFile(out), { x: 0, y: 0, w: width, h: height }, [255, 255, 255]);
    };
    for (const family of fontFamilies) {
      const font = await captionFont(family);
      expect(await drawn(font.fontName, font.fontsDir), family).toBeGreaterThan(1000);
    }
    // Without a known font libass draws nothing and reports nothing: why fontsdir is never left out.
    await mkdir(join(dir, 'empty-fonts'), { recursive: true });
    const arial = await captionFont('Arial');
    expect(await drawn('No Such Family', join(dir, 'empty-fonts'))).toBe(0);
    expect(arial.fontName).toBe('Arimo');
  });

  it('stops a render that runs past its time bound', async () => {
    const began = Date.now();
    const error = await renderer.render({ ...base, outputPath: join(dir, 'slow.mp4'), timeoutMs: 300 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/took longer than .* and was stopped/);
    expect(Date.now() - began).toBeLessThan(5_000);
  });
});
