import { mkdtemp, open, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileTooLargeError } from '../../core/errors';
import type { Framing } from '../../core/media/framing';
import { UnreadableMediaError, type LocalMedia, type MediaProcessor, type ProbeResult } from '../../core/ports/media';
import { ObjectTooLargeError, type ObjectStore } from '../../core/ports/object-store';
import { analyseFootage } from './footage-analysis';
import { makeFootageProxy } from './footage-proxy';
import { mediaFormats } from './input';
import { extractFrame, probeFile } from './probe';
import { ToolFailedError } from './run';

/** The file's fault (the tool ran and failed, or ran too long) becomes UnreadableMediaError; a tool that cannot start is the server's. */
async function onUpload<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ToolFailedError && !error.notStarted) throw new UnreadableMediaError(error.message);
    throw error;
  }
}

/** Limits for untrusted input. */
export const toolLimits = {
  probe: { timeoutMs: 15_000, maxOutputBytes: 1024 * 1024 },
  thumbnail: { timeoutMs: 30_000 },
  thumbnailMaxBytes: 2 * 1024 * 1024,
};

class LocalFile implements LocalMedia {
  constructor(
    private readonly dir: string,
    private readonly path: string,
    readonly size: number,
  ) {}

  async head(bytes: number): Promise<Uint8Array> {
    const handle = await open(this.path, 'r');
    try {
      const buffer = Buffer.alloc(bytes);
      const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
      return buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }

  probe(): Promise<ProbeResult> {
    return onUpload(() => probeFile(this.path, { limits: toolLimits.probe, formats: mediaFormats }));
  }

  async thumbnail(atSeconds: number): Promise<Uint8Array> {
    const out = await onUpload(() =>
      extractFrame(this.path, atSeconds, join(this.dir, 'thumbnail.jpg'), {
        maxWidth: 480,
        quality: 4,
        maxBytes: toolLimits.thumbnailMaxBytes,
        timeoutMs: toolLimits.thumbnail.timeoutMs,
        formats: mediaFormats,
      }),
    );
    const jpeg = await readFile(out);
    if (jpeg.length === 0) throw new UnreadableMediaError('ffmpeg wrote an empty thumbnail');
    return jpeg;
  }

  framing(clip: { duration: number; width: number | null; height: number | null }): Promise<Framing> {
    return onUpload(() => analyseFootage(this.path, clip));
  }

  async proxy(clip: { fps: number | null }, timeoutMs?: number): Promise<string> {
    const out = join(this.dir, 'proxy.mp4');
    await onUpload(() => makeFootageProxy(this.path, out, clip.fps, timeoutMs));
    return out;
  }

  async close(): Promise<void> {
    await rm(this.dir, { recursive: true, force: true });
  }
}

/** ffprobe and ffmpeg (probe.ts, the npm-shipped binaries) on a private temporary copy of the object. */
export class FfmpegMediaProcessor implements MediaProcessor {
  constructor(private readonly objects: Pick<ObjectStore, 'download'>) {}

  async open(key: string, maxBytes: number): Promise<LocalMedia> {
    const dir = await mkdtemp(join(tmpdir(), 'reelsmith-media-'));
    // The local name is fixed: neither the key nor the user's file name reaches the file system.
    const path = join(dir, 'input');
    try {
      const size = await this.objects.download(key, path, maxBytes);
      return new LocalFile(dir, path, size);
    } catch (error) {
      await rm(dir, { recursive: true, force: true });
      if (error instanceof ObjectTooLargeError) throw new FileTooLargeError('File exceeds the 50MB limit');
      throw error;
    }
  }
}
