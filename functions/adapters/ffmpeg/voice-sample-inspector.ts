import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { voiceSampleRules } from '../../contract/rules/voice-samples';
import { pcm16ToFloat } from '../../core/voices/voice-analysis';
import { NotAudioError, type InspectedSample, type VoiceSampleInspector } from '../../core/ports/voices';
import { ffmpegPath, quietFfmpeg } from './binaries';
import { mediaFormats, untrustedInput } from './input';
import { probeFile } from './probe';
import { runTool, ToolFailedError } from './run';

/**
 * The containers a voice sample may come in: the media library's (MP4/M4A, MP3, WAV, AAC, FLAC) and
 * what browsers record (Ogg, WebM/Matroska).
 */
export const voiceSampleFormats: readonly string[] = [...mediaFormats, 'ogg', 'matroska', 'webm'];

/** The analysis reads 16 kHz mono: voice pitch is far below 8 kHz, and it is a quarter of 44.1 kHz stereo's bytes. */
export const analysisSampleRate = 16_000;

/**
 * A voice sample's bytes read by ffprobe (audio and only audio, its length) and decoded by ffmpeg to
 * 16 kHz mono PCM for the pitch and rate analysis. Both open the file with the guards of
 * `untrustedInput` (file protocol only, these demuxers only). Anything they cannot read is NotAudioError.
 */
export class FfmpegVoiceSampleInspector implements VoiceSampleInspector {
  async inspect(bytes: Uint8Array): Promise<InspectedSample> {
    const dir = await mkdtemp(join(tmpdir(), 'reelsmith-voice-'));
    const path = join(dir, 'sample');
    try {
      await writeFile(path, bytes);
      const probe = await probeFile(path, { formats: voiceSampleFormats, limits: { timeoutMs: 20_000, maxOutputBytes: 256 * 1024 } }).catch(
        (error: unknown) => {
          if (error instanceof ToolFailedError && !error.notStarted) throw new NotAudioError('ffprobe could not read the file');
          throw error;
        },
      );
      if (!probe.audio || probe.video) throw new NotAudioError('the file has no audio, or also has pictures');
      const durationSeconds = probe.durationSeconds;
      if (durationSeconds === null || durationSeconds <= 0) throw new NotAudioError('the file has no length');
      const seconds = Math.min(durationSeconds, voiceSampleRules.maxTotalSeconds) + 1;
      const { stdout } = await runTool(
        ffmpegPath(),
        [
          ...quietFfmpeg,
          ...untrustedInput(path, voiceSampleFormats),
          '-t',
          String(voiceSampleRules.maxTotalSeconds),
          '-vn',
          '-ac',
          '1',
          '-ar',
          String(analysisSampleRate),
          '-f',
          's16le',
          'pipe:1',
        ],
        { timeoutMs: 60_000, maxOutputBytes: Math.ceil(seconds * analysisSampleRate * 2) + 64 * 1024 },
      ).catch((error: unknown) => {
        if (error instanceof ToolFailedError && !error.notStarted) throw new NotAudioError('ffmpeg could not decode the file');
        throw error;
      });
      const pcm = pcm16ToFloat(new Uint8Array(stdout.buffer, stdout.byteOffset, stdout.byteLength));
      if (pcm.length === 0) throw new NotAudioError('no audio samples were decoded');
      return { formatName: probe.formatName, durationSeconds, pcm, sampleRate: analysisSampleRate };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
}
