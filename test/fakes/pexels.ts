import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ffmpegPath } from '../../functions/adapters/ffmpeg/binaries';
import { runTool } from '../../functions/adapters/ffmpeg/run';

/**
 * A wire-level fake of Pexels' video search (`GET /videos/search?query=&orientation=&per_page=`, the
 * key in `Authorization`), answering Pexels' documented shape: `videos[]` with `id`, `width`, `height`,
 * `url` (the video's page), `image` (a preview), `duration`, `user {id, name, url}`, `video_files[]`
 * (`id`, `quality`, `file_type`, `width`, `height`, `fps`, `link`) and `video_pictures[]`. Every file
 * link points back at the fake, which serves a small real portrait MP4 made by ffmpeg (a different
 * colour per video) and a JPEG preview. Each search takes the next queued behaviour (default: answer);
 * it records every request.
 */
export type FakePexelsBehaviour = { kind: 'answer' } | { kind: 'status'; status: number } | { kind: 'empty' };

export interface FakePexelsRequest {
  path: string;
  apiKey: string | undefined;
  query: URLSearchParams;
}

export interface FakePexels {
  baseUrl: string;
  requests: FakePexelsRequest[];
  /** Paths of the files downloaded (`/files/<id>.mp4`, `/pictures/<id>.jpg`). */
  downloads: string[];
  queue(...behaviours: FakePexelsBehaviour[]): void;
  /** Forgets the behaviours not used yet. */
  clearQueue(): void;
  /** The sizes of the MP4s the file links serve (one per colour). */
  fileSizes(): number[];
  close(): Promise<void>;
}

const colours = ['0x2a6f97', '0xc44536', '0x6a994e', '0xbc6c25', '0x7b2cbf', '0x3d405b'];

async function makeFiles(dir: string): Promise<{ mp4s: Buffer[]; jpeg: Buffer }> {
  const mp4s: Buffer[] = [];
  for (const [i, colour] of colours.entries()) {
    const out = join(dir, `clip-${i}.mp4`);
    await runTool(
      ffmpegPath(),
      [
        '-v',
        'error',
        '-y',
        '-f',
        'lavfi',
        '-i',
        `color=c=${colour}:s=360x640:r=25:d=4`,
        '-f',
        'lavfi',
        '-i',
        'testsrc2=s=120x120:r=25:d=4',
        '-filter_complex',
        "[0][1]overlay=x='120+60*sin(2*t)':y=260",
        '-c:v',
        'libx264',
        '-preset',
        'veryfast',
        '-pix_fmt',
        'yuv420p',
        '-movflags',
        '+faststart',
        out,
      ],
      { timeoutMs: 60_000, maxOutputBytes: 64 * 1024 },
    );
    mp4s.push(await readFile(out));
  }
  const picture = join(dir, 'preview.jpg');
  await runTool(ffmpegPath(), ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=0x2a6f97:s=180x320', '-frames:v', '1', picture], {
    timeoutMs: 30_000,
    maxOutputBytes: 64 * 1024,
  });
  return { mp4s, jpeg: await readFile(picture) };
}

/** Pexels ids are numbers; the fake's are made from the query so that one query always answers the same videos. */
function idsFor(query: string, orientation: string | null, count: number): number[] {
  let hash = 7;
  for (const char of `${orientation ?? ''}:${query}`) hash = (hash * 31 + char.charCodeAt(0)) % 1_000_000;
  return Array.from({ length: count }, (_, i) => 1_000_000 + hash * 10 + i);
}

export async function startFakePexels(): Promise<FakePexels> {
  const dir = await mkdtemp(join(tmpdir(), 'reelsmith-fake-pexels-'));
  const { mp4s, jpeg } = await makeFiles(dir);
  const requests: FakePexelsRequest[] = [];
  const downloads: string[] = [];
  const behaviours: FakePexelsBehaviour[] = [];
  let base = '';

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', base);
    const send = (status: number, type: string, body: Buffer | string) => {
      res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body) });
      res.end(body);
    };
    const file = /^\/files\/(\d+)\.mp4$/.exec(url.pathname);
    if (file) {
      downloads.push(url.pathname);
      return send(200, 'video/mp4', mp4s[Number(file[1]) % mp4s.length]!);
    }
    if (/^\/pictures\/\d+\.jpg$/.test(url.pathname)) {
      downloads.push(url.pathname);
      return send(200, 'image/jpeg', jpeg);
    }
    if (url.pathname !== '/videos/search') return send(404, 'application/json', JSON.stringify({ error: 'Not found' }));
    const apiKey = req.headers.authorization;
    requests.push({ path: url.pathname, apiKey, query: url.searchParams });
    if (!apiKey) return send(401, 'application/json', JSON.stringify({ error: 'Unauthorized' }));
    const behaviour = behaviours.shift() ?? { kind: 'answer' };
    if (behaviour.kind === 'status') return send(behaviour.status, 'application/json', JSON.stringify({ error: `status ${behaviour.status}` }));
    const query = url.searchParams.get('query') ?? '';
    const orientation = url.searchParams.get('orientation');
    const perPage = Math.min(80, Number(url.searchParams.get('per_page') ?? 15) || 15);
    const ids = behaviour.kind === 'empty' ? [] : idsFor(query, orientation, Math.min(perPage, 3));
    const portrait = orientation === 'portrait';
    const videos = ids.map((id) => ({
      id,
      width: portrait ? 1080 : 1920,
      height: portrait ? 1920 : 1080,
      url: `https://www.pexels.com/video/${query.replace(/\s+/g, '-')}-${id}/`,
      image: `${base}/pictures/${id}.jpg`,
      duration: 4,
      full_res: null,
      tags: [],
      avg_color: null,
      user: { id: 42, name: 'Fake Photographer', url: 'https://www.pexels.com/@fake-photographer' },
      video_files: [
        {
          id: id * 10 + 1,
          quality: 'hd',
          file_type: 'video/mp4',
          width: portrait ? 1080 : 1920,
          height: portrait ? 1920 : 1080,
          fps: 25,
          link: `${base}/files/${id}.mp4`,
        },
        {
          id: id * 10 + 2,
          quality: 'sd',
          file_type: 'video/mp4',
          width: portrait ? 360 : 640,
          height: portrait ? 640 : 360,
          fps: 25,
          link: `${base}/files/${id}.mp4`,
        },
        {
          id: id * 10 + 3,
          quality: 'uhd',
          file_type: 'video/mp4',
          width: portrait ? 2160 : 3840,
          height: portrait ? 3840 : 2160,
          fps: 25,
          link: `${base}/files/${id}.mp4`,
        },
      ],
      video_pictures: [{ id: id * 10, nr: 0, picture: `${base}/pictures/${id}.jpg` }],
    }));
    send(
      200,
      'application/json',
      JSON.stringify({
        page: 1,
        per_page: perPage,
        total_results: videos.length,
        url: `https://www.pexels.com/search/videos/${encodeURIComponent(query)}/`,
        videos,
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl: base,
    requests,
    downloads,
    queue: (...next) => behaviours.push(...next),
    clearQueue: () => behaviours.splice(0),
    fileSizes: () => mp4s.map((mp4) => mp4.length),
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(dir, { recursive: true, force: true });
    },
  };
}
