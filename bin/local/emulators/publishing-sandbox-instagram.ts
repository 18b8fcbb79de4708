import { randomBytes, randomInt } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { bearerOf, logId, looksLikeMp4, providerIdOf, readBytes, sendJson, type Fault, type PostingDesk, type UserOf } from './publishing-sandbox-posting';

/**
 * Instagram's content publishing (Instagram API with Instagram Login, graph.instagram.com/v21.0):
 * `POST /{ig-user-id}/media` (media_type=REELS, video_url, caption) answers a container id and the sandbox
 * then FETCHES video_url itself, as Instagram does; `GET /{container-id}?fields=status_code,status`
 * (IN_PROGRESS, FINISHED, ERROR, EXPIRED after the container lifetime, PUBLISHED); `POST
 * /{ig-user-id}/media_publish` (creation_id) answers the media id; `GET /{ig-user-id}/content_publishing_limit`;
 * `GET /{media-id}?fields=permalink`. Errors are `{error: {message, type, code, error_subcode, is_transient, fbtrace_id}}`.
 */
const maxVideoBytes = 1024 ** 3;
/** Graph ids are 17 digits. */
const graphId = (lead: string) => `${lead}${String(randomInt(0, 2 ** 47)).padStart(15, '0')}`;

interface Container {
  id: string;
  user: string;
  caption: string;
  createdAt: number;
  expiresAt: number;
  state: 'IN_PROGRESS' | 'FINISHED' | 'ERROR' | 'EXPIRED' | 'PUBLISHED';
  downloaded: boolean;
  polls: number;
  video?: Buffer;
  error?: string;
}

export function instagramPosting(desk: PostingDesk, userOf: UserOf) {
  const containers = new Map<string, Container>();
  const media = new Map<string, { user: string; code: string }>();
  const graphError = (res: ServerResponse, status: number, code: number, message: string, subcode?: number, transient = false) =>
    sendJson(res, status, {
      error: {
        message,
        type: code === 190 ? 'OAuthException' : 'IGApiException',
        code,
        ...(subcode ? { error_subcode: subcode } : {}),
        is_transient: transient,
        fbtrace_id: logId(),
      },
    });
  const faultAnswer = (res: ServerResponse, fault: Fault | undefined): boolean => {
    if (!fault) return false;
    if (fault.kind === 'format')
      return (graphError(res, 400, 352, 'The video format is not supported. Please check spec for supported video formats.', 2207026), true);
    if (fault.kind === 'publishing_limit')
      return (graphError(res, 400, 9, 'You reached maximum number of posts that is allowed to be published by Content Publishing API.', 2207042), true);
    if (fault.kind === 'rate_limit') return (graphError(res, 400, 4, 'Application request limit reached', undefined, true), true);
    if (fault.kind === 'token_invalid') return (graphError(res, 400, 190, 'Error validating access token: The session has been invalidated.'), true);
    if (fault.kind === 'server_error' || fault.kind === 'unavailable')
      return (
        graphError(res, fault.kind === 'server_error' ? 500 : 503, 2, 'An unexpected error has occurred. Please retry your request later.', undefined, true),
        true
      );
    return false;
  };
  const expireIfDue = (container: Container) => {
    if (container.state !== 'PUBLISHED' && container.expiresAt <= Date.now()) container.state = 'EXPIRED';
  };

  /** Instagram pulls the video from the URL it was given, after answering the container id. */
  const download = async (container: Container, videoUrl: string) => {
    try {
      const response = await fetch(videoUrl, { signal: AbortSignal.timeout(60_000) });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const bytes = Buffer.from(await response.arrayBuffer());
      if (bytes.byteLength > maxVideoBytes) throw new Error('too large');
      desk.received(container.id, bytes.byteLength);
      if (!looksLikeMp4(bytes)) {
        container.state = 'ERROR';
        container.error = 'Error: The video format is not supported. (2207026)';
      } else container.video = bytes;
    } catch {
      container.state = 'ERROR';
      container.error = "Error: Media download has failed. The media URI doesn't meet our requirements. (2207052)";
    }
    container.downloaded = true;
  };

  const statusText: Record<Container['state'], string> = {
    IN_PROGRESS: 'In Progress: Media is still being processed.',
    FINISHED: 'Finished: Media has been uploaded and it is ready to be published.',
    ERROR: 'Error',
    EXPIRED: 'Expired: The media container was not published within 24 hours.',
    PUBLISHED: 'Published: Media has been successfully published.',
  };

  return {
    async handle(path: string, req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
      const reel = /^\/reel\/([\w-]+)\/?$/.exec(path);
      if (reel && req.method === 'GET') {
        const found = [...media.entries()].find(([, m]) => m.code === reel[1]);
        res.writeHead(302, { location: `/posts#${found?.[0] ?? ''}` }).end();
        return true;
      }
      const match = /^\/v\d+\.\d+\/(\w+)(?:\/(media|media_publish|content_publishing_limit))?$/.exec(path);
      if (!match || match[1] === 'me') return false;
      const [, id = '', edge] = match;
      const form = req.method === 'POST' ? new URLSearchParams((await readBytes(req, 64 * 1024)).toString('utf8')) : new URLSearchParams();
      const param = (name: string) => form.get(name) ?? url.searchParams.get(name) ?? undefined;
      const user = userOf('instagram', param('access_token') ?? bearerOf(req));
      if (!user) return (graphError(res, 400, 190, 'Invalid OAuth access token - Cannot parse access token'), true);
      const own = providerIdOf('instagram', user);
      if (edge && id !== own)
        return (
          graphError(
            res,
            400,
            100,
            `Unsupported request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
            33,
          ),
          true
        );

      if (edge === 'media' && req.method === 'POST') {
        const fault = desk.take('instagram.create');
        if (fault?.kind !== 'expired' && faultAnswer(res, fault)) return true;
        const videoUrl = param('video_url') ?? '';
        const caption = param('caption') ?? '';
        if (param('media_type') !== 'REELS') return (graphError(res, 400, 100, 'The parameter media_type must be REELS for a video.', 2207023), true);
        if (!/^https?:\/\//.test(videoUrl)) return (graphError(res, 400, 100, 'The parameter video_url is required.'), true);
        if (caption.length > 2200 || (caption.match(/#[^\s#]+/g) ?? []).length > 30)
          return (graphError(res, 400, 100, 'The caption is too long or has more than 30 hashtags.', 2207010), true);
        const now = Date.now();
        const container: Container = {
          id: graphId('17'),
          user,
          caption,
          createdAt: now,
          expiresAt: fault ? now : now + desk.settings.containerLifetimeMs,
          state: 'IN_PROGRESS',
          downloaded: false,
          polls: 0,
        };
        containers.set(container.id, container);
        void download(container, videoUrl);
        return (sendJson(res, 200, { id: container.id }), true);
      }
      if (edge === 'media_publish' && req.method === 'POST') {
        const fault = desk.take('instagram.publish');
        const container = containers.get(param('creation_id') ?? '');
        if (container && fault?.kind === 'expired') container.expiresAt = Date.now();
        if (fault?.kind !== 'expired' && faultAnswer(res, fault)) return true;
        if (!container || container.user !== user) return (graphError(res, 400, 24, 'Media builder not found.', 2207008), true);
        expireIfDue(container);
        if (container.state === 'EXPIRED') return (graphError(res, 400, 24, 'The media container has expired. Create a new container.', 2207008), true);
        if (container.state === 'PUBLISHED') return (graphError(res, 400, 100, 'The media container has already been published.'), true);
        if (container.state === 'ERROR')
          return (graphError(res, 400, 352, container.error ?? 'Error', /2207026/.test(container.error ?? '') ? 2207026 : 2207001), true);
        if (container.state !== 'FINISHED' || !container.video)
          return (graphError(res, 400, 9007, 'The media is not ready for publishing, please wait for a moment.', 2207027), true);
        if (desk.postsToday('instagram', user) >= desk.settings.instagramQuota)
          return (graphError(res, 400, 9, 'You reached maximum number of posts that is allowed to be published by Content Publishing API.', 2207042), true);
        const mediaId = graphId('18');
        media.set(mediaId, { user, code: randomBytes(8).toString('base64url').slice(0, 11) });
        container.state = 'PUBLISHED';
        desk.record(
          { platform: 'instagram', account: user, providerUserId: own, postId: mediaId, caption: container.caption, privacy: 'public' },
          container.video,
        );
        container.video = undefined;
        return (sendJson(res, 200, { id: mediaId }), true);
      }
      if (edge === 'content_publishing_limit' && req.method === 'GET') {
        return (
          sendJson(res, 200, {
            data: [{ quota_usage: desk.postsToday('instagram', user), config: { quota_total: desk.settings.instagramQuota, quota_duration: 86400 } }],
          }),
          true
        );
      }
      if (edge || req.method !== 'GET') return false;
      const posted = media.get(id);
      if (posted && posted.user === user)
        return (
          sendJson(res, 200, {
            id,
            permalink: `http://${req.headers.host ?? '127.0.0.1'}/instagram/reel/${posted.code}/`,
            media_type: 'VIDEO',
            media_product_type: 'REELS',
          }),
          true
        );
      const container = containers.get(id);
      if (!container || container.user !== user)
        return (graphError(res, 400, 100, `Unsupported get request. Object with ID '${id}' does not exist.`, 33), true);
      const fault = desk.take('instagram.status');
      if (fault?.kind === 'expired') container.expiresAt = Date.now();
      else if (fault?.kind === 'failed' || fault?.kind === 'format') {
        container.state = 'ERROR';
        container.error =
          fault.kind === 'format' ? 'Error: The video format is not supported. (2207026)' : 'Error: Instagram server error. Try again. (2207001)';
      } else if (faultAnswer(res, fault)) return true;
      expireIfDue(container);
      if (container.state === 'IN_PROGRESS' && container.downloaded && container.video) {
        container.polls += 1;
        if (container.polls > desk.settings.processingPolls) container.state = 'FINISHED';
      }
      const status = container.state === 'ERROR' ? (container.error ?? 'Error') : statusText[container.state];
      return (sendJson(res, 200, { status_code: container.state, status, id }), true);
    },
  };
}
