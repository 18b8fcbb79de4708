import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AudioEncoder } from '../../core/ports/voiceover';
import { ffmpegPath, quietFfmpeg } from './binaries';
import { probeFile } from './probe';
import { runTool, type RunLimits } from './run';

/** A voice-over is at most a few minutes; these bounds are generous for that and stop anything else. */
const encodeLimits: RunLimits = { timeoutMs: 60_000, maxOutputBytes: 64 * 1024 };
const probeLimits: RunLimits = { timeoutMs: 15_000, maxOutputBytes: 64 * 1024 };

/**
 * The stored voice-over format (docs/pipeline-contract.md): MP3, libmp3lame 128 kb/s, mono, 44.1 kHz,
 * whatever the provider answered (eSpeak's WAV, ElevenLabs' MP3). ffmpeg reads only the file it was
 * given (`-protocol_whitelist file`), runs bounded in time, and the duration is ffprobe's reading of
 * the result, so `audioDuration` is what a player will show.
 */
export class FfmpegMp3Encoder implements AudioEncoder {
  async toMp3(input: { audio: Uint8Array; format: 'wav' | 'mp3' }): Promise<{ mp3: Uint8Array; durationSeconds: number }> {
    const dir = await mkdtemp(join(tmpdir(), 'reelsmith-voice-'));
    try {
      const source = join(dir, `source.${input.format}`);
      const output = join(dir, 'voice.mp3');
      await writeFile(source, input.audio);
      await runTool(
        ffmpegPath(),
        [
          ...quietFfmpeg,
          '-protocol_whitelist',
          'file',
          '-f',
          input.format,
          '-i',
          `file:${source}`,
          '-vn',
          '-map_metadata',
          '-1',
          '-ac',
          '1',
          '-ar',
          '44100',
          '-c:a',
          'libmp3lame',
          '-b:a',
          '128k',
          '-f',
          'mp3',
          '-y',
          `file:${output}`,
        ],
        encodeLimits,
      );
      const durationSeconds = (await probeFile(output, { formats: ['mp3'], limits: probeLimits })).durationSeconds ?? 0;
      if (!Number.isFinite(durationSeconds) || durationSeconds <= 0) throw new Error('ffprobe could not read the encoded voice-over');
      return { mp3: new Uint8Array(await readFile(output)), durationSeconds };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
}
