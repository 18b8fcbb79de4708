import type { MediaUsageReader } from '../../core/ports/stats';

/**
 * Media usage until the media library records exist (issue 5): nothing stored means zero assets and
 * zero bytes. The media library replaces this with its repository in the container.
 */
export class NoMediaUsage implements MediaUsageReader {
  async usage(): Promise<{ assets: number; bytes: number }> {
    return { assets: 0, bytes: 0 };
  }
}
