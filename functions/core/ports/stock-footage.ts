/**
 * Stock footage: a search of a stock library's videos and the download of the files it
 * names. One adapter, Pexels (adapters/providers/pexels-stock-footage.ts); without its key there is
 * no source and sentences without a clip get generated backgrounds.
 */

export type StockOrientation = 'portrait' | 'any';

/** One stock video as found: the file chosen to download and who to credit. */
export interface StockVideo {
  /** The provider's id of the video (kept on the asset, so the same video is not fetched twice). */
  id: string;
  /** The video's page at the provider, which the attribution links to. */
  pageUrl: string;
  author: string;
  authorUrl: string | null;
  /** The chosen file (an MP4). */
  fileUrl: string;
  width: number;
  height: number;
  durationSeconds: number;
  fps: number | null;
  /** A preview picture (JPEG), when the provider gives one. */
  pictureUrl: string | null;
}

export interface StockFootageSource {
  readonly provider: 'pexels';
  /** Videos for the words, best first; `portrait` asks for portrait ones only. A failure of the provider throws. */
  search(query: string, orientation: StockOrientation, limit: number): Promise<StockVideo[]>;
  /** The chosen file's bytes, at most `maxBytes` (through the guarded fetcher). */
  download(video: StockVideo, maxBytes: number, timeoutMs: number): Promise<Uint8Array>;
  /** The preview picture's bytes (a JPEG), or undefined when there is none or it fails. */
  picture(video: StockVideo, timeoutMs: number): Promise<Uint8Array | undefined>;
}
