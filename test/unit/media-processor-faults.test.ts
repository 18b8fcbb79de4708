import { writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { UnreadableMediaError } from '../../functions/core/ports/media';

// A machine without the binary (a layer not deployed): set before the processor reads the path.
process.env.FFPROBE_PATH = '/nonexistent/ffprobe';
const { FfmpegMediaProcessor } = await import('../../functions/adapters/ffmpeg/ffmpeg-media-processor');

describe('ffprobe faults', () => {
  it("answers a missing binary as the server's fault, not the file's", async () => {
    const processor = new FfmpegMediaProcessor({
      download: async (_key, path) => {
        await writeFile(path, 'not media');
        return 9;
      },
    });
    const local = await processor.open('users/u/media/a/original.mp4', 1000);
    try {
      const failure = await local.probe().catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(Error);
      expect(failure).not.toBeInstanceOf(UnreadableMediaError);
      expect(String((failure as Error).message)).toMatch(/could not start/);
    } finally {
      await local.close();
    }
  });
});
