import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import ESpeakNg from 'espeak-ng';
import { ffmpegPath } from '../../functions/adapters/ffmpeg/binaries';

const run = promisify(execFile);

/**
 * Speech of a known voice for the voice-cloning tests: eSpeak NG (WebAssembly) speaks `text` with
 * `espeakArgs` (voice, pitch, words a minute), and ffmpeg makes it a 96 kb/s MP3 in `dir`.
 */
export async function spokenMp3(dir: string, espeakArgs: readonly string[], text: string): Promise<Buffer> {
  const module = await ESpeakNg({ arguments: [...espeakArgs, '-w', 'out.wav', text] });
  const wav = join(dir, `speech-${Math.random().toString(36).slice(2)}.wav`);
  const mp3 = wav.replace(/\.wav$/, '.mp3');
  await writeFile(wav, module.FS.readFile('out.wav'));
  await run(ffmpegPath(), ['-v', 'error', '-y', '-i', wav, '-c:a', 'libmp3lame', '-b:a', '96k', mp3]);
  return readFile(mp3);
}
