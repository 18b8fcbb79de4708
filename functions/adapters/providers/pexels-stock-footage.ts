import { z } from 'zod';
import type { RemoteFetcher } from '../../core/ports/remote-fetcher';
import type { StockFootageSource, StockOrientation, StockVideo } from '../../core/ports/stock-footage';

/**
 * Pexels' video search (https://www.pexels.com/api/documentation/#videos-search):
 * `GET {base}/videos/search?query=…&orientation=portrait&per_page=N` with the key in `Authorization`,
 * answering `videos[]` with `url` (its page), `image` (a preview), `duration`, `user {name, url}` and
 * `video_files[] {link, width, height, file_type, fps}`. The files are downloaded through the guarded
 * fetcher (public addresses only, no redirects, bounded); a file link on the origin
 * of a configured `PEXELS_BASE_URL` (the tests' local fake) is trusted like the API itself.
 */

export const pexelsDefaultBaseUrl = 'https://api.pexels.com';

const url = z.string().url().max(2048);
const videoFileSchema = z.object({
  link: url,
  width: z.number().int().positive().max(10_000).nullable().optional(),
  height: z.number().int().positive().max(10_000).nullable().optional(),
  file_type: z.string().max(100).nullable().optional(),
  fps: z.number().positive().max(240).nullable().optional(),
});
const videoSchema = z.object({
  id: z.union([z.number().int().nonnegative(), z.string().min(1).max(64)]),
  url,
  image: url.nullable().optional(),
  duration: z
    .number()
    .nonnegative()
    .max(24 * 3600),
  user: z
    .object({ name: z.string().max(200).default(''), url: url.nullable().optional() })
    .partial()
    .optional(),
  video_files: z.array(videoFileSchema).max(100).default([]),
});
const searchSchema = z.object({ videos: z.array(z.unknown()).max(80).default([]) });

/** The side of a 9:16 frame a clip should cover without upscaling much: 1080x1920 wants at least 720 across. */
const minShortSide = 720;
const maxShortSide = 1080;

/** The file to fetch: an MP4, the smallest whose short side is at least 720 (else the largest), at most 1080 across where possible. */
export function chooseFile(files: readonly z.infer<typeof videoFileSchema>[]): { link: string; width: number; height: number; fps: number | null } | undefined {
  const mp4s = files
    .filter((file) => (file.file_type ?? 'video/mp4').toLowerCase() === 'video/mp4' && file.width && file.height)
    .map((file) => ({ link: file.link, width: file.width!, height: file.height!, fps: file.fps ?? null, short: Math.min(file.width!, file.height!) }));
  const fitting = mp4s.filter((file) => file.short >= minShortSide && file.short <= maxShortSide).sort((a, b) => a.short - b.short);
  const chosen = fitting[0] ?? [...mp4s].sort((a, b) => (a.short >= minShortSide ? 1 : 0) - (b.short >= minShortSide ? 1 : 0) || b.short - a.short)[0];
  if (!chosen) return undefined;
  const { short: _short, ...file } = chosen;
  return file;
}

/** A video of the answer as the port's StockVideo; undefined when it does not have what is needed (checked, bounded). */
export function toStockVideo(raw: unknown): StockVideo | undefined {
  const parsed = videoSchema.safeParse(raw);
  if (!parsed.success) return undefined;
  const video = parsed.data;
  const file = chooseFile(video.video_files);
  if (!file || !(video.duration > 0)) return undefined;
  return {
    id: String(video.id),
    pageUrl: video.url,
    author: video.user?.name ?? '',
    authorUrl: video.user?.url ?? null,
    fileUrl: file.link,
    width: file.width,
    height: file.height,
    durationSeconds: video.duration,
    fps: file.fps,
    pictureUrl: video.image ?? null,
  };
}

export interface PexelsOptions {
  apiKey: string;
  /** Another Pexels-compatible API (the tests' fake); unset: api.pexels.com. */
  baseUrl?: string;
  /** The guarded fetcher for the files (public addresses only). */
  files: RemoteFetcher;
  /** A fetcher for file links on the configured base URL's own origin (a local fake): only used when `baseUrl` is set. */
  trustedFiles?: RemoteFetcher;
  /** The search's deadline. */
  searchTimeoutMs?: number;
  fetchImpl?: typeof fetch;
}

export class PexelsApiError extends Error {
  override name = 'PexelsApiError';
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export class PexelsStockFootage implements StockFootageSource {
  readonly provider = 'pexels' as const;
  private readonly base: URL;
  private readonly fetchImpl: typeof fetch;

  constructor(private readonly options: PexelsOptions) {
    this.base = new URL(options.baseUrl ?? pexelsDefaultBaseUrl);
    this.fetchImpl = options.fetchImpl ?? fetch;
  }

  async search(query: string, orientation: StockOrientation, limit: number): Promise<StockVideo[]> {
    const target = new URL('videos/search', this.base.href.endsWith('/') ? this.base : `${this.base.href}/`);
    target.searchParams.set('query', query.slice(0, 200));
    target.searchParams.set('per_page', String(Math.min(80, Math.max(1, limit))));
    if (orientation === 'portrait') target.searchParams.set('orientation', 'portrait');
    const answer = await this.fetchImpl(target, {
      headers: { authorization: this.options.apiKey, accept: 'application/json' },
      redirect: 'error',
      signal: AbortSignal.timeout(this.options.searchTimeoutMs ?? 6_000),
    });
    if (!answer.ok) throw new PexelsApiError(`Pexels answered ${answer.status}`, answer.status);
    const text = await answer.text();
    if (text.length > 2 * 1024 * 1024) throw new PexelsApiError('Pexels answered more than 2 MB', answer.status);
    const body = searchSchema.parse(JSON.parse(text));
    return body.videos.map(toStockVideo).filter((video): video is StockVideo => video !== undefined);
  }

  /** The fetcher for a link: the trusted one only on the configured base URL's own origin. */
  private fetcherFor(link: URL): RemoteFetcher {
    if (this.options.baseUrl && this.options.trustedFiles && link.origin === this.base.origin) return this.options.trustedFiles;
    return this.options.files;
  }

  async download(video: StockVideo, maxBytes: number, timeoutMs: number): Promise<Uint8Array> {
    const link = new URL(video.fileUrl);
    const file = await this.fetcherFor(link).fetch(link, { maxBytes, timeoutMs, kinds: ['video'] });
    return file.body;
  }

  async picture(video: StockVideo, timeoutMs: number): Promise<Uint8Array | undefined> {
    if (!video.pictureUrl) return undefined;
    try {
      const link = new URL(video.pictureUrl);
      const file = await this.fetcherFor(link).fetch(link, { maxBytes: 2 * 1024 * 1024, timeoutMs, kinds: ['image'] });
      return file.contentType === 'image/jpeg' ? file.body : undefined;
    } catch {
      return undefined;
    }
  }
}
