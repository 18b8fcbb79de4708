import type { LogoImageType } from '../../contract/rules/logo';

/** A logo as the render reads it: a PNG with an alpha channel, within `maxSide` on each side. */
export interface RasterizedLogo {
  png: Uint8Array;
  width: number;
  height: number;
}

export interface RasterizeLimits {
  /** The decoded picture may have at most this many pixels (a small file can claim a huge canvas). */
  maxSourcePixels: number;
  /** The PNG is scaled down (never up) to fit this square. */
  maxSide: number;
}

/**
 * Decodes an uploaded picture with the decoder of its checked type only (ffmpeg) and
 * writes its first frame as a PNG. UnreadableMediaError (core/ports/media.ts) when the bytes are not a
 * picture of that type or exceed the limits; any other error is the server's.
 */
export interface LogoRasterizer {
  rasterize(bytes: Uint8Array, type: LogoImageType, limits: RasterizeLimits): Promise<RasterizedLogo>;
}
