import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import {
  bearerOf,
  looksLikeMp4,
  parseContentRange,
  providerIdOf,
  readBytes,
  sendJson,
  type Fault,
  type PostingDesk,
  type UserOf,
} from './publishing-sandbox-posting';

/**
 * YouTube's resumable upload, as www.googleapis.com answers it: `POST
 * /upload/youtube/v3/videos?uploadType=resumable&part=snippet,status` with the video's metadata answers a
 * session URI in `Location`; `PUT` to it with `Content-Range` answers `308` (with `Range: bytes=0-N` once
 * bytes are held) until the last byte, then `201` with the video resource; `Content-Range: bytes *\/SIZE`
 * with no body asks where it stands (a finished session answers the video again, `200`). Chunks are
 * multiples of 256 KiB except the last. Errors are Google's `{error: {code, message, errors: [{domain, reason, message}]}}`.
 */
const chunkMultiple = 256 * 1024;
/** The sandbox keeps uploads in memory: a bound well above a Short. */
const maxVideoBytes = 1024 ** 3;

const metadata = z.object({
  snippet: z.object({
    title: z.string().min(1).max(100),
    description: z.string().max(5000).optional(),
    categoryId: z.string().max(10).optional(),
    tags: z.array(z.string().max(100)).max(50).optional(),
  }),
  status: z.object({
    privacyStatus: z.enum(['public', 'unlisted', 'private']),
    selfDeclaredMadeForKids: z.boolean().optional(),
    containsSyntheticMedia: z.boolean().optional(),
  }),
});

interface Session {
  id: string;
  user: string;
  size: number;
  meta: z.infer<typeof metadata>;
  parts: Buffer[];
  held: number;
  video?: Record<string, unknown>;
}

export function youtubePosting(desk: PostingDesk, userOf: UserOf) {
  const sessions = new Map<string, Session>();
  const googleError = (res: ServerResponse, code: number, reason: string, message: string, domain = 'global', headers: Record<string, string> = {}) =>
    sendJson(res, code, { error: { code, message, errors: [{ message, domain, reason }] } }, headers);
  const faultAnswer = (res: ServerResponse, fault: Fault | undefined): boolean => {
    if (!fault) return false;
    if (fault.kind === 'quota')
      return (googleError(res, 403, 'quotaExceeded', 'The request cannot be completed because you have exceeded your quota.', 'youtube.quota'), true);
    if (fault.kind === 'upload_limit')
      return (googleError(res, 400, 'uploadLimitExceeded', 'The user has exceeded the number of videos they may upload.', 'youtube.video'), true);
    if (fault.kind === 'rate_limit')
      return (googleError(res, 429, 'rateLimitExceeded', 'Too many requests.', 'youtube.quota', { 'retry-after': String(fault.retryAfterSeconds ?? 1) }), true);
    if (fault.kind === 'token_invalid') return (googleError(res, 401, 'authError', 'Request had invalid authentication credentials.'), true);
    return (googleError(res, fault.kind === 'unavailable' ? 503 : 500, 'backendError', 'Backend Error'), true);
  };
  const range = (session: Session): Record<string, string> => (session.held > 0 ? { range: `bytes=0-${session.held - 1}` } : {});

  const complete = (session: Session) => {
    const bytes = Buffer.concat(session.parts);
    session.parts = [];
    const id = randomBytes(8).toString('base64url').slice(0, 11);
    const ok = looksLikeMp4(bytes);
    const { snippet, status } = session.meta;
    session.video = {
      kind: 'youtube#video',
      etag: randomBytes(10).toString('base64url'),
      id,
      snippet: {
        publishedAt: new Date().toISOString(),
        channelId: providerIdOf('youtube', session.user),
        title: snippet.title,
        description: snippet.description ?? '',
        categoryId: snippet.categoryId ?? '22',
      },
      status: {
        uploadStatus: ok ? 'uploaded' : 'failed',
        ...(ok ? {} : { failureReason: 'invalidFile' }),
        privacyStatus: status.privacyStatus,
        selfDeclaredMadeForKids: status.selfDeclaredMadeForKids ?? false,
        containsSyntheticMedia: status.containsSyntheticMedia ?? false,
      },
    };
    if (ok)
      desk.record(
        {
          platform: 'youtube',
          account: session.user,
          providerUserId: providerIdOf('youtube', session.user),
          postId: id,
          caption: snippet.description ?? '',
          title: snippet.title,
          privacy: status.privacyStatus,
        },
        bytes,
      );
  };

  const start = async (req: IncomingMessage, res: ServerResponse, url: URL) => {
    const user = userOf('youtube', bearerOf(req));
    if (!user) return googleError(res, 401, 'authError', 'Request had invalid authentication credentials.');
    if (faultAnswer(res, desk.take('youtube.init'))) return;
    if (url.searchParams.get('uploadType') !== 'resumable') return googleError(res, 400, 'badRequest', 'uploadType must be resumable.');
    const parts = (url.searchParams.get('part') ?? '').split(',');
    if (!parts.includes('snippet') || !parts.includes('status')) return googleError(res, 400, 'badRequest', 'part must include snippet and status.');
    const size = Number(req.headers['x-upload-content-length']);
    if (!Number.isInteger(size) || size < 1 || size > maxVideoBytes) return googleError(res, 400, 'badRequest', 'X-Upload-Content-Length is required.');
    if (!/^video\//.test(String(req.headers['x-upload-content-type'] ?? '')))
      return googleError(res, 400, 'badRequest', 'X-Upload-Content-Type must be a video type.');
    let parsed;
    try {
      parsed = metadata.safeParse(JSON.parse((await readBytes(req, 64 * 1024)).toString('utf8')));
    } catch {
      return googleError(res, 400, 'parseError', 'Parse Error');
    }
    if (!parsed.success)
      return googleError(
        res,
        400,
        parsed.error.issues.some((i) => i.path.includes('title')) ? 'invalidTitle' : 'invalidVideoMetadata',
        'The request metadata is invalid.',
        'youtube.video',
      );
    const session: Session = { id: randomBytes(24).toString('base64url'), user, size, meta: parsed.data, parts: [], held: 0 };
    sessions.set(session.id, session);
    res.writeHead(200, {
      location: `http://${req.headers.host ?? '127.0.0.1'}/youtube/upload/youtube/v3/videos?uploadType=resumable&part=snippet,status&upload_id=${session.id}`,
      'content-length': '0',
    });
    res.end();
  };

  const put = async (req: IncomingMessage, res: ServerResponse, url: URL) => {
    const session = sessions.get(url.searchParams.get('upload_id') ?? '');
    if (!session) return googleError(res, 404, 'notFound', 'The upload session was not found or has expired.');
    const wanted = parseContentRange(req.headers['content-range']);
    const body = await readBytes(req, 130 * 1024 ** 2);
    if (!wanted || wanted.total !== session.size) return googleError(res, 400, 'badContent', 'Content-Range must name the announced size.');
    if (!('start' in wanted)) {
      if (session.video) return sendJson(res, 200, session.video);
      return res.writeHead(308, { ...range(session), 'content-length': '0' }).end();
    }
    if (session.video) return sendJson(res, 200, session.video);
    desk.received(session.id, body.byteLength);
    if (body.byteLength !== wanted.end - wanted.start + 1) return googleError(res, 400, 'badContent', 'The body length does not match Content-Range.');
    const last = wanted.end === session.size - 1;
    if (!last && body.byteLength % chunkMultiple !== 0) return googleError(res, 400, 'badContent', 'Chunks must be multiples of 256 KiB except the last.');
    // Bytes beyond what is held cannot be taken; bytes already held are skipped.
    if (wanted.start > session.held) return res.writeHead(308, { ...range(session), 'content-length': '0' }).end();
    const fault = desk.take('youtube.chunk');
    if (fault?.kind === 'expired') {
      sessions.delete(session.id);
      return googleError(res, 404, 'notFound', 'The upload session was not found or has expired.');
    }
    if (faultAnswer(res, fault)) return;
    const fresh = body.subarray(session.held - wanted.start);
    session.parts.push(fresh);
    session.held += fresh.byteLength;
    if (session.held < session.size) return res.writeHead(308, { ...range(session), 'content-length': '0' }).end();
    complete(session);
    sendJson(res, 201, session.video);
  };

  return {
    async handle(path: string, req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
      if (path !== '/upload/youtube/v3/videos') return false;
      if (req.method === 'POST') await start(req, res, url);
      else if (req.method === 'PUT') await put(req, res, url);
      else return false;
      return true;
    },
  };
}
