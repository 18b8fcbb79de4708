import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { LogoImageType } from '../../contract/rules/logo';
import type { LogoRasterizer, RasterizedLogo, RasterizeLimits } from '../../core/ports/branding';
import { UnreadableMediaError } from '../../core/ports/media';
import { ffmpegPath, quietFfmpeg } from './binaries';
import { untrustedInput } from './input';
import { probeFile } from './probe';
import { ToolFailedError, runTool } from './run';

/** Each checked type is read by its own demuxer only, so a file can never be taken for another format. */
const demuxerOf: Readonly<Record<LogoImageType, string>> = {
  'image/png': 'png_pipe',
  'image/jpeg': 'jpeg_pipe',
  'image/webp': 'webp_pipe',
  'image/gif': 'gif',
};

const limits = {
  probe: { timeoutMs: 10_000, maxOutputBytes: 256 * 1024 },
  decode: { timeoutMs: 20_000, maxOutputBytes: 64 * 1024 },
  /** ffmpeg stops writing past this (a 1200x1200 RGBA PNG of noise is about 5.8 MB). */
  pngMaxBytes: 8 * 1024 * 1024,
};

/** The width and height of a PNG's IHDR chunk. */
function pngSize(png: Uint8Array): { width: number; height: number } {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  if (png.byteLength < 24) throw new UnreadableMediaError('ffmpeg wrote no PNG');
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/**
 * ffprobe then ffmpeg on a private copy (file protocol only, one demuxer, time and
 * output bounds): the first frame, scaled down to fit `maxSide`, as an RGBA PNG without metadata.
 */
export class FfmpegLogoRasterizer implements LogoRasterizer {
  async rasterize(bytes: Uint8Array, type: LogoImageType, bounds: RasterizeLimits): Promise<RasterizedLogo> {
    const dir = await mkdtemp(join(tmpdir(), 'reelsmith-logo-'));
    // Fixed local names: nothing the user sent reaches the file system but the bytes.
    const input = join(dir, 'input');
    const output = resolve(join(dir, 'logo.png'));
    const demuxer = demuxerOf[type];
    try {
      await writeFile(input, bytes);
      const probe = await probeFile(input, { limits: limits.probe, formats: [demuxer] });
      const picture = probe.video;
      if (!picture || picture.width <= 0 || picture.height <= 0) throw new UnreadableMediaError('no picture in the file');
      if (picture.width * picture.height > bounds.maxSourcePixels) throw new UnreadableMediaError(`${picture.width}x${picture.height} is too many pixels`);
      const side = String(bounds.maxSide);
      await runTool(
        ffmpegPath(),
        [
          ...quietFfmpeg,
          '-f',
          demuxer,
          ...untrustedInput(input, [demuxer]),
          '-frames:v',
          '1',
          '-map_metadata',
          '-1',
          '-vf',
          `scale=w='min(${side},iw)':h='min(${side},ih)':force_original_aspect_ratio=decrease,format=rgba`,
          '-c:v',
          'png',
          '-fs',
          String(limits.pngMaxBytes),
          '-f',
          'image2',
          '-y',
          output,
        ],
        limits.decode,
      );
      const png = new Uint8Array(await readFile(output).catch(() => Buffer.alloc(0)));
      if (png.byteLength === 0) throw new UnreadableMediaError('ffmpeg wrote no frame');
      return { png, ...pngSize(png) };
    } catch (error) {
      if (error instanceof ToolFailedError && !error.notStarted) throw new UnreadableMediaError(error.message);
      throw error;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
}
