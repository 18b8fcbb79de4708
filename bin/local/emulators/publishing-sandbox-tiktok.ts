import { randomBytes, randomInt } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import {
  bearerOf,
  logId,
  looksLikeMp4,
  parseContentRange,
  providerIdOf,
  readBytes,
  sendJson,
  usernameOf,
  type Fault,
  type PostingDesk,
  type UserOf,
} from './publishing-sandbox-posting';

/**
 * TikTok's Content Posting API, direct post of an uploaded file, as open.tiktokapis.com and
 * open-upload.tiktokapis.com answer it: creator_info, video/init with source FILE_UPLOAD (chunks of 5 to
 * 64 MB, total_chunk_count = floor(size / chunk_size), the last chunk taking the rest up to 128 MB; a file
 * under 5 MB is one chunk), the upload URL taking `PUT` with `Content-Range` (206 until the last chunk,
 * then 201), and status/fetch. Errors are `{data: {}, error: {code, message, log_id}}`.
 */
const mb = 1024 ** 2;
const privacyOptions = ['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'FOLLOWER_OF_CREATOR', 'SELF_ONLY'];
/** Upload URLs are valid for an hour. */
const uploadLifetimeMs = 3600 * 1000;

const initBody = z.object({
  post_info: z.object({
    title: z.string().max(2200).optional(),
    privacy_level: z.string().max(40),
    disable_duet: z.boolean().optional(),
    disable_comment: z.boolean().optional(),
    disable_stitch: z.boolean().optional(),
    video_cover_timestamp_ms: z.number().int().optional(),
    is_aigc: z.boolean().optional(),
  }),
  source_info: z.object({
    source: z.literal('FILE_UPLOAD'),
    video_size: z.number().int().min(1),
    chunk_size: z.number().int().min(1),
    total_chunk_count: z.number().int().min(1).max(1000),
  }),
});

interface Publish {
  id: string;
  user: string;
  title: string;
  privacy: string;
  size: number;
  chunkSize: number;
  chunkCount: number;
  chunks: Map<number, Buffer>;
  uploadId: string;
  uploadToken: string;
  uploadExpiresAt: number;
  state: 'uploading' | 'processing' | 'complete' | 'failed';
  polls: number;
  failReason?: string;
  postId?: string;
}

export function tiktokPosting(desk: PostingDesk, userOf: UserOf) {
  const publishes = new Map<string, Publish>();
  const refuse = (res: ServerResponse, status: number, code: string, message: string, headers: Record<string, string> = {}) =>
    sendJson(res, status, { data: {}, error: { code, message, log_id: logId() } }, headers);
  /** A fault's answer at an API endpoint; false when the fault does not apply there. */
  const faultAnswer = (res: ServerResponse, fault: Fault | undefined): boolean => {
    if (!fault) return false;
    const retry = { 'retry-after': String(fault.retryAfterSeconds ?? 1) };
    if (fault.kind === 'rate_limit') return (refuse(res, 429, 'rate_limit_exceeded', 'The API rate limit was exceeded. Please try again later.', retry), true);
    if (fault.kind === 'spam_cap')
      return (refuse(res, 403, 'spam_risk_too_many_posts', 'The daily post cap from the API is reached for the current user.'), true);
    if (fault.kind === 'token_invalid') return (refuse(res, 401, 'access_token_invalid', 'The access token is invalid or not found in the request.'), true);
    if (fault.kind === 'server_error' || fault.kind === 'unavailable')
      return (refuse(res, fault.kind === 'server_error' ? 500 : 503, 'internal_error', 'Something went wrong. Please try again later.'), true);
    return false;
  };
  /** Posts of the last 24 h and publishes under way (an upload abandoned for an hour no longer counts). */
  const capReached = (user: string) =>
    desk.postsToday('tiktok', user) +
      [...publishes.values()].filter((p) => p.user === user && (p.state === 'processing' || (p.state === 'uploading' && p.uploadExpiresAt > Date.now())))
        .length >=
    desk.settings.tiktokDailyCap;
  const postIdNumber = () => String(7_000_000_000_000_000 + randomInt(0, 2 ** 40));

  /** The upload is whole: TikTok checks it and posts it once. */
  const finish = (publish: Publish, fault: Fault | undefined) => {
    const video = Buffer.concat([...publish.chunks.keys()].sort((a, b) => a - b).map((index) => publish.chunks.get(index) ?? Buffer.alloc(0)));
    if (fault?.kind === 'failed' || fault?.kind === 'format' || !looksLikeMp4(video)) {
      publish.state = 'failed';
      publish.failReason = fault?.kind === 'failed' ? 'internal' : 'file_format_check_failed';
      return;
    }
    publish.postId = postIdNumber();
    publish.state = 'complete';
    desk.record(
      {
        platform: 'tiktok',
        account: publish.user,
        providerUserId: providerIdOf('tiktok', publish.user),
        postId: publish.postId,
        caption: publish.title,
        privacy: publish.privacy,
      },
      video,
    );
    publish.chunks.clear();
  };

  const api = async (path: string, req: IncomingMessage, res: ServerResponse): Promise<boolean> => {
    const isApi = ['/v2/post/publish/creator_info/query/', '/v2/post/publish/video/init/', '/v2/post/publish/status/fetch/'].includes(path);
    if (!isApi || req.method !== 'POST') return false;
    const user = userOf('tiktok', bearerOf(req));
    if (!user) return (refuse(res, 401, 'access_token_invalid', 'The access token is invalid or not found in the request.'), true);
    let json: unknown;
    try {
      const text = (await readBytes(req, 64 * 1024)).toString('utf8');
      json = text ? JSON.parse(text) : {};
    } catch {
      return (refuse(res, 400, 'invalid_params', 'The request body is not JSON.'), true);
    }
    if (path === '/v2/post/publish/creator_info/query/') {
      if (faultAnswer(res, desk.take('tiktok.creator_info'))) return true;
      if (capReached(user)) return (refuse(res, 403, 'spam_risk_too_many_posts', 'The daily post cap from the API is reached for the current user.'), true);
      sendJson(res, 200, {
        data: {
          creator_avatar_url: '',
          creator_username: usernameOf(user),
          creator_nickname: user.replace(/[._-]+/g, ' '),
          privacy_level_options: privacyOptions,
          comment_disabled: false,
          duet_disabled: false,
          stitch_disabled: false,
          max_video_post_duration_sec: 600,
        },
        error: { code: 'ok', message: '', log_id: logId() },
      });
      return true;
    }
    if (path === '/v2/post/publish/video/init/') {
      if (faultAnswer(res, desk.take('tiktok.init'))) return true;
      const parsed = initBody.safeParse(json);
      if (!parsed.success)
        return (refuse(res, 400, 'invalid_params', parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')), true);
      const { post_info: info, source_info: source } = parsed.data;
      if (!privacyOptions.includes(info.privacy_level))
        return (refuse(res, 400, 'privacy_level_option_mismatch', 'privacy_level is not one of the creator_info privacy_level_options.'), true);
      const min = desk.settings.tiktokMinChunkBytes;
      const count = Math.floor(source.video_size / source.chunk_size);
      const last = source.video_size - (source.total_chunk_count - 1) * source.chunk_size;
      const chunksOk =
        source.video_size < min
          ? source.chunk_size === source.video_size && source.total_chunk_count === 1
          : source.chunk_size >= min && source.chunk_size <= 64 * mb && source.total_chunk_count === count && last <= 128 * mb;
      if (!chunksOk)
        return (
          refuse(
            res,
            400,
            'invalid_params',
            `chunk_size must be ${min} to ${64 * mb} bytes (the whole file under ${min}) and total_chunk_count floor(video_size / chunk_size).`,
          ),
          true
        );
      if (capReached(user)) return (refuse(res, 403, 'spam_risk_too_many_posts', 'The daily post cap from the API is reached for the current user.'), true);
      const publish: Publish = {
        id: `v_pub_file~v2-1.${randomInt(0, 2 ** 40)}`,
        user,
        title: info.title ?? '',
        privacy: info.privacy_level,
        size: source.video_size,
        chunkSize: source.chunk_size,
        chunkCount: source.total_chunk_count,
        chunks: new Map(),
        uploadId: String(randomInt(0, 2 ** 40)),
        uploadToken: randomBytes(16).toString('hex'),
        uploadExpiresAt: Date.now() + uploadLifetimeMs,
        state: 'uploading',
        polls: 0,
      };
      publishes.set(publish.id, publish);
      const uploadUrl = `http://${req.headers.host ?? '127.0.0.1'}/tiktok/upload/video/?upload_id=${publish.uploadId}&upload_token=${publish.uploadToken}`;
      sendJson(res, 200, { data: { publish_id: publish.id, upload_url: uploadUrl }, error: { code: 'ok', message: '', log_id: logId() } });
      return true;
    }
    // status/fetch: a `failed` or `format` fault fails the publish being processed; the others answer the call.
    const fault = desk.take('tiktok.status');
    const failing = fault?.kind === 'failed' || fault?.kind === 'format';
    if (!failing && faultAnswer(res, fault)) return true;
    const publishId = z.object({ publish_id: z.string().max(200) }).safeParse(json);
    const publish = publishId.success ? publishes.get(publishId.data.publish_id) : undefined;
    if (!publish || publish.user !== user) return (refuse(res, 400, 'invalid_publish_id', 'The publish_id does not exist.'), true);
    if (publish.state === 'processing' && failing) finish(publish, fault);
    if (publish.state === 'processing') {
      publish.polls += 1;
      if (publish.polls > desk.settings.processingPolls) finish(publish, undefined);
    }
    const uploaded = publish.state === 'uploading' ? [...publish.chunks.values()].reduce((sum, chunk) => sum + chunk.byteLength, 0) : publish.size;
    const status = publish.state === 'complete' ? 'PUBLISH_COMPLETE' : publish.state === 'failed' ? 'FAILED' : 'PROCESSING_UPLOAD';
    // Only public posts are given their id (after moderation, on the real platform).
    const publicIds = publish.state === 'complete' && publish.privacy !== 'SELF_ONLY' ? [Number(publish.postId)] : [];
    sendJson(res, 200, {
      data: { status, ...(publish.failReason ? { fail_reason: publish.failReason } : {}), publicaly_available_post_id: publicIds, uploaded_bytes: uploaded },
      error: { code: 'ok', message: '', log_id: logId() },
    });
    return true;
  };

  const upload = async (path: string, req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> => {
    if (path !== '/upload/video/' || req.method !== 'PUT') return false;
    const publish = [...publishes.values()].find(
      (p) => p.uploadId === url.searchParams.get('upload_id') && p.uploadToken === url.searchParams.get('upload_token'),
    );
    if (!publish || publish.uploadExpiresAt <= Date.now()) return (refuse(res, 404, 'not_found', 'The upload URL is expired or unknown.'), true);
    const range = parseContentRange(req.headers['content-range']);
    if (!/^video\/(mp4|quicktime|webm)$/.test(req.headers['content-type'] ?? ''))
      return (refuse(res, 400, 'invalid_params', 'Content-Type must be video/mp4, video/quicktime or video/webm.'), true);
    if (!range || !('start' in range) || range.total !== publish.size)
      return (refuse(res, 400, 'invalid_params', 'Content-Range must be bytes FIRST-LAST/TOTAL of the announced video_size.'), true);
    const index = range.start / publish.chunkSize;
    const expectedEnd = index === publish.chunkCount - 1 ? publish.size - 1 : range.start + publish.chunkSize - 1;
    if (!Number.isInteger(index) || index >= publish.chunkCount || range.end !== expectedEnd)
      return (refuse(res, 416, 'range_not_satisfiable', 'Content-Range is not a chunk of this upload.'), true);
    const body = await readBytes(req, 130 * mb);
    desk.received(publish.id, body.byteLength);
    if (body.byteLength !== range.end - range.start + 1) return (refuse(res, 400, 'invalid_params', 'The body length does not match Content-Range.'), true);
    const fault = desk.take('tiktok.chunk');
    if (fault?.kind === 'expired') {
      publish.uploadExpiresAt = 0;
      return (refuse(res, 404, 'not_found', 'The upload URL is expired or unknown.'), true);
    }
    if (fault?.kind === 'rate_limit')
      return (refuse(res, 429, 'rate_limit_exceeded', 'Too many requests.', { 'retry-after': String(fault.retryAfterSeconds ?? 1) }), true);
    if (fault) return (refuse(res, fault.kind === 'unavailable' ? 503 : 500, 'internal_error', 'The chunk was not stored. Please send it again.'), true);
    // A chunk sent again after the upload finished (a resume that did not know) changes nothing.
    if (publish.state !== 'uploading') return (res.writeHead(201).end(), true);
    publish.chunks.set(index, body);
    if (publish.chunks.size < publish.chunkCount) {
      res.writeHead(206, { 'content-range': `bytes ${range.start}-${range.end}/${publish.size}` }).end();
      return true;
    }
    publish.state = 'processing';
    res.writeHead(201).end();
    return true;
  };

  return {
    async handle(path: string, req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
      return (await api(path, req, res)) || (await upload(path, req, res, url));
    },
  };
}
