import type { AddressInfo } from 'node:net';
import { createServer } from 'node:http';
import { dirname, join } from 'node:path';
import type { PublishingPlatform } from '../../../functions/contract/publishing';
import { instagramPosting } from './publishing-sandbox-instagram';
import { SandboxGrants, type SandboxClient, type TokenCall } from './publishing-sandbox-grants';
import { notFound, oauthRoute } from './publishing-sandbox-oauth';
import { controlRoute, PostingDesk, sendJson, type SandboxPosting } from './publishing-sandbox-posting';
import { postsRoute } from './publishing-sandbox-posts-page';
import { tiktokPosting } from './publishing-sandbox-tiktok';
import { youtubePosting } from './publishing-sandbox-youtube';

export type { SandboxClient, TokenCall } from './publishing-sandbox-grants';

/**
 * The local platform sandbox, OAuth part (like the local Stripe): TikTok, YouTube (Google) and
 * Instagram on one port, each under its own prefix (`/tiktok`, `/youtube`, `/instagram`), which the app
 * reaches through TIKTOK_BASE_URL, YOUTUBE_BASE_URL and INSTAGRAM_BASE_URL. Each platform's paths and
 * wire format as the real one answers them:
 *
 * - TikTok: GET /v2/auth/authorize/ (PKCE S256 required), POST /v2/oauth/token/ (authorization_code,
 *   refresh_token: access tokens 2 h, the refresh token rotates and the old one is refused after),
 *   POST /v2/oauth/revoke/, POST /v2/post/publish/creator_info/query/; refusals `{error, error_description, log_id}`.
 * - Google: GET /o/oauth2/v2/auth, POST /token (the refresh token does not rotate), POST /revoke,
 *   GET /youtube/v3/channels?mine=true; refusals `{error, error_description}`.
 * - Instagram: GET /oauth/authorize, POST /oauth/access_token (short-lived), GET /access_token
 *   (ig_exchange_token, 60 days), GET /refresh_access_token, GET /v21.0/me; refusals
 *   `{error_type, code, error_message}` and `{error: {message, type, code: 190, fbtrace_id}}`. No revocation.
 *
 * OAuth endpoints: publishing-sandbox-oauth.ts, over the grants of publishing-sandbox-grants.ts. Posting
 * (upload, status, publish; a /posts page that plays what was posted; faults for tests and the bench):
 * publishing-sandbox-{tiktok,youtube,instagram}.ts and publishing-sandbox-posting.ts.
 *
 * The authorize page has Allow and Deny; `&consent=allow` (or deny) appended to an authorize URL answers
 * the redirect at once, and `&sandbox_user=<name>` picks the platform account (default `sandbox.creator`).
 */
export interface PublishingSandboxOptions {
  /** Keeps grants across restarts (npm start): tokens the app stored stay valid. */
  stateFile?: string;
}

export interface PublishingSandbox extends SandboxPosting {
  url: string;
  clients: Record<PublishingPlatform, SandboxClient>;
  /** The app's settings that point it at the sandbox. */
  env: Record<string, string>;
  /** Every token call, in order (tests read rotations and refusals here). */
  tokenCalls: TokenCall[];
  /** Tokens revoked at the platform's revoke endpoint. */
  revocations: { platform: PublishingPlatform; user: string }[];
  /** Whether an access token is one the sandbox issued and still honours. */
  accessTokenIsLive(platform: PublishingPlatform, token: string): boolean;
  /** Makes every refresh token (Instagram: every token) of a platform refused from now on (invalid_grant). */
  expireGrants(platform: PublishingPlatform): void;
  close(): Promise<void>;
}

export async function startPublishingSandbox(options: PublishingSandboxOptions = {}): Promise<PublishingSandbox> {
  const clients: Record<PublishingPlatform, SandboxClient> = {
    tiktok: { id: 'sbx_tiktok_client_key', secret: 'sbx_tiktok_client_secret' },
    youtube: { id: 'sbx-youtube.apps.googleusercontent.com', secret: 'sbx_youtube_client_secret' },
    instagram: { id: '1000000000000001', secret: 'sbx_instagram_app_secret' },
  };
  const grants = new SandboxGrants(options.stateFile);
  const desk = new PostingDesk({ ...(options.stateFile ? { directory: join(dirname(options.stateFile), 'publishing-sandbox-posts') } : {}) });
  const userOf = (platform: PublishingPlatform, token: string | undefined) => grants.live(platform, token, 'access')?.grant.user;
  const posting = { tiktok: tiktokPosting(desk, userOf), youtube: youtubePosting(desk, userOf), instagram: instagramPosting(desk, userOf) };

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://sandbox');
    const [, prefix = '', ...rest] = url.pathname.split('/');
    const path = `/${rest.join('/')}`;
    const handle = async () => {
      if (postsRoute(desk, url.pathname, req, res) || (await controlRoute(desk, url.pathname, req, res))) return;
      if (prefix !== 'tiktok' && prefix !== 'youtube' && prefix !== 'instagram') return notFound(res);
      if (await posting[prefix].handle(path, req, res, url)) return;
      return oauthRoute(grants, clients, prefix, path, req, res, url);
    };
    handle().catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { error: 'server_error', error_description: error instanceof Error ? error.message : 'failed' });
    });
  });
  const listen = (wanted: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(wanted, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  // The same port as before a restart when it is free (a platform's upload URL outlives our process), else any.
  await (grants.port ? listen(grants.port).catch(() => listen(0)) : listen(0));
  const { port } = server.address() as AddressInfo;
  if (grants.port !== port) grants.port = port;
  const url = `http://127.0.0.1:${port}`;

  return {
    url,
    clients,
    env: {
      TIKTOK_BASE_URL: `${url}/tiktok`,
      TIKTOK_CLIENT_KEY: clients.tiktok.id,
      TIKTOK_CLIENT_SECRET: clients.tiktok.secret,
      YOUTUBE_BASE_URL: `${url}/youtube`,
      YOUTUBE_CLIENT_ID: clients.youtube.id,
      YOUTUBE_CLIENT_SECRET: clients.youtube.secret,
      INSTAGRAM_BASE_URL: `${url}/instagram`,
      INSTAGRAM_APP_ID: clients.instagram.id,
      INSTAGRAM_APP_SECRET: clients.instagram.secret,
    },
    tokenCalls: grants.tokenCalls,
    revocations: grants.revocations,
    accessTokenIsLive: (platform, token) => grants.live(platform, token, 'access') !== undefined,
    expireGrants: (platform) => grants.expireGrants(platform),
    posts: desk.posts,
    bytesReceived: desk.bytesReceived,
    inject: (fault) => desk.inject(fault),
    pendingFaults: () => desk.pendingFaults(),
    configure: (settings) => desk.configure(settings),
    grantFor: (platform, user) => grants.grantFor(platform, user),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
