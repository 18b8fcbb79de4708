import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FfmpegVideoRenderer } from '../../functions/adapters/ffmpeg/render';
import { EspeakSpeechSynthesizer } from '../../functions/adapters/local/espeak-speech';
import { parseCaptionSettings } from '../../functions/contract/caption-settings';
import type { RenderRequest } from '../../functions/core/ports/video-renderer';
import { bandLevel, loudnessOf } from '../support/loudness';
import { ffmpegOut as ffmpeg } from '../support/video-frames';

/**
 * Issue 36, defect 14: the finished video was quiet (−17 to −23 LUFS) where the platforms play at about
 * −14. A rendered file (the single render and a parallel render's audio track) is measured with ffmpeg's
 * EBU R128 meter: −14 LUFS integrated (±1), the true peak at most −1 dBTP, and the music ducked under
 * the voice (a 9 kHz tone stands for the music, read in a narrow band while words are said and in a pause).
 */
describe('the finished video is as loud as the platforms play', () => {
  const renderer = new FfmpegVideoRenderer();
  const tone = 9000;
  let dir: string;
  let base: Omit<RenderRequest, 'outputPath'>;
  /** When the voice-over's two-second pause is (no words are said). */
  let pause: { from: number; to: number };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'loudness-test-'));
    const speech = new EspeakSpeechSynthesizer();
    const first = await speech.synthesize('Most people get coffee wrong at home. Here is what actually works.', { voiceId: 'en-us' });
    const second = await speech.synthesize('Buy fresh beans and grind them right before you brew.', { voiceId: 'en-us' });
    await writeFile(join(dir, 'a.wav'), first.audio);
    await writeFile(join(dir, 'b.wav'), second.audio);
    // The voice-over: the two parts with two seconds of silence between them.
    const mono = 'aresample=22050,aformat=sample_fmts=s16:channel_layouts=mono';
    await ffmpeg([
      '-i',
      join(dir, 'a.wav'),
      '-f',
      'lavfi',
      '-t',
      '2',
      '-i',
      'anullsrc=r=22050:cl=mono',
      '-i',
      join(dir, 'b.wav'),
      '-filter_complex',
      `[0:a]${mono}[a];[1:a]${mono}[s];[2:a]${mono}[b];[a][s][b]concat=n=3:v=0:a=1[out]`,
      '-map',
      '[out]',
      '-c:a',
      'libmp3lame',
      '-b:a',
      '96k',
      join(dir, 'voice.mp3'),
    ]);
    pause = { from: first.durationSeconds, to: first.durationSeconds + 2 };
    const duration = first.durationSeconds + 2 + second.durationSeconds;
    // "Music": a steady tone, loud, so a quiet mix cannot hide it.
    await ffmpeg([
      '-f',
      'lavfi',
      '-i',
      `sine=f=${tone}:d=6:sample_rate=48000`,
      '-af',
      'volume=0.5',
      '-c:a',
      'libmp3lame',
      '-b:a',
      '128k',
      join(dir, 'music.mp3'),
    ]);
    await ffmpeg(['-f', 'lavfi', '-i', 'color=c=navy:s=640x360:d=4:r=25', '-c:v', 'libx264', '-preset', 'ultrafast', join(dir, 'clip.mp4')]);
    const words = [...first.words, ...second.words.map((word) => ({ ...word, start: word.start + pause.to, end: word.end + pause.to }))];
    base = {
      clips: [{ path: join(dir, 'clip.mp4'), kind: 'video', start: 0, duration }],
      voiceOverPath: join(dir, 'voice.mp3'),
      voiceOverDuration: duration,
      words,
      musicPath: join(dir, 'music.mp3'),
      captions: parseCaptionSettings({ enabled: false, background_audio_volume: 30 }),
    };
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('renders the mix at −14 LUFS integrated with a true peak at most −1 dBTP, the music ducked under the voice', async () => {
    const output = join(dir, 'video.mp4');
    await renderer.render({ ...base, outputPath: output });
    const { integrated, truePeak } = await loudnessOf(output);
    expect(integrated, `integrated ${integrated} LUFS`).toBeGreaterThanOrEqual(-15);
    expect(integrated, `integrated ${integrated} LUFS`).toBeLessThanOrEqual(-13);
    expect(truePeak, `true peak ${truePeak} dBTP`).toBeLessThanOrEqual(-1);
    // The tone while words are said is at least 6 dB under the tone in the pause.
    const underVoice = await bandLevel(output, tone, 0.5, Math.max(0.5, pause.from - 1));
    const inPause = await bandLevel(output, tone, pause.from + 0.8, 1);
    expect(inPause - underVoice, `music ${underVoice.toFixed(1)} dB under the voice, ${inPause.toFixed(1)} dB in the pause`).toBeGreaterThanOrEqual(6);
  });

  it("gives a parallel render's audio track (MixAudio) the same loudness", async () => {
    const output = join(dir, 'audio.m4a');
    await renderer.mixAudio({
      voiceOverPath: base.voiceOverPath,
      voiceOverDuration: base.voiceOverDuration,
      musicPath: base.musicPath ?? null,
      musicVolume: 30,
      outputPath: output,
    });
    const { integrated, truePeak } = await loudnessOf(output);
    expect(Math.abs(integrated + 14), `integrated ${integrated} LUFS`).toBeLessThanOrEqual(1);
    expect(truePeak).toBeLessThanOrEqual(-1);
  });

  it('brings a voice-over without music to the same loudness', async () => {
    const output = join(dir, 'voice-only.mp4');
    await renderer.render({ ...base, musicPath: null, outputPath: output });
    const { integrated, truePeak } = await loudnessOf(output);
    expect(Math.abs(integrated + 14), `integrated ${integrated} LUFS`).toBeLessThanOrEqual(1);
    expect(truePeak).toBeLessThanOrEqual(-1);
  });
});
