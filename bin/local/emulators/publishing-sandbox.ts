import { createHash, randomBytes } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import type { PublishingPlatform } from '../../../functions/contract/publishing';
import { consentPage, errorPage } from './publishing-sandbox-pages';
import { instagramPosting } from './publishing-sandbox-instagram';
import { controlRoute, PostingDesk, providerIdOf, type SandboxPosting } from './publishing-sandbox-posting';
import { postsRoute } from './publishing-sandbox-posts-page';
import { tiktokPosting } from './publishing-sandbox-tiktok';
import { youtubePosting } from './publishing-sandbox-youtube';
import { readBody } from './stripe-state';

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
 * Posting (upload, status, publish; a /posts page that plays what was posted; faults for tests and the
 * bench): publishing-sandbox-{tiktok,youtube,instagram}.ts and publishing-sandbox-posting.ts.
 *
 * The authorize page has Allow and Deny; `&consent=allow` (or deny) appended to an authorize URL answers
 * the redirect at once, and `&sandbox_user=<name>` picks the platform account (default `sandbox.creator`).
 */
export interface PublishingSandboxOptions {
  /** Keeps grants across restarts (npm start): tokens the app stored stay valid. */
  stateFile?: string;
}

export interface SandboxClient {
  id: string;
  secret: string;
}

export interface TokenCall {
  platform: PublishingPlatform;
  grantType: string;
  outcome: 'issued' | 'refused';
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

const tiktokScopes = ['video.publish', 'video.upload'];
const youtubeScopes = ['https://www.googleapis.com/auth/youtube.upload', 'https://www.googleapis.com/auth/youtube.readonly'];
const instagramScopes = ['instagram_business_basic', 'instagram_business_content_publish'];
const lifetimes = { tiktok: 7200, youtube: 3599, instagramShort: 3600, instagramLong: 60 * 24 * 3600, tiktokRefresh: 365 * 24 * 3600 };

interface Code {
  platform: PublishingPlatform;
  user: string;
  redirectUri: string;
  challenge?: string;
  scope: string;
  expiresAt: number;
}
interface Grant {
  platform: PublishingPlatform;
  user: string;
  scope: string;
  revoked: boolean;
}
interface Token {
  grant: string;
  kind: 'access' | 'refresh' | 'short';
  expiresAt: number;
  /** Rotated away (TikTok refresh tokens) or replaced. */
  spent: boolean;
}
interface State {
  codes: Record<string, Code>;
  grants: Record<string, Grant>;
  tokens: Record<string, Token>;
  /** The port it last listened on: taken again after a restart, so upload addresses handed out before still lead here. */
  port?: number;
}

const secret = (prefix: string) => `${prefix}${randomBytes(24).toString('base64url')}`;
const titleOf = (user: string) => user.replace(/[._-]+/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());

export async function startPublishingSandbox(options: PublishingSandboxOptions = {}): Promise<PublishingSandbox> {
  const clients: Record<PublishingPlatform, SandboxClient> = {
    tiktok: { id: 'sbx_tiktok_client_key', secret: 'sbx_tiktok_client_secret' },
    youtube: { id: 'sbx-youtube.apps.googleusercontent.com', secret: 'sbx_youtube_client_secret' },
    instagram: { id: '1000000000000001', secret: 'sbx_instagram_app_secret' },
  };
  let state: State = { codes: {}, grants: {}, tokens: {} };
  if (options.stateFile) {
    try {
      state = JSON.parse(readFileSync(options.stateFile, 'utf8')) as State;
    } catch {
      // first start
    }
  }
  const save = () => {
    if (!options.stateFile) return;
    writeFileSync(`${options.stateFile}.tmp`, JSON.stringify(state));
    renameSync(`${options.stateFile}.tmp`, options.stateFile);
  };
  const tokenCalls: TokenCall[] = [];
  const revocations: { platform: PublishingPlatform; user: string }[] = [];
  const now = () => Date.now();

  const issue = (grant: string, kind: Token['kind'], seconds: number, prefix: string) => {
    const value = secret(prefix);
    state.tokens[value] = { grant, kind, expiresAt: now() + seconds * 1000, spent: false };
    return value;
  };
  /** The grant behind a live token of the platform, or undefined. */
  const live = (platform: PublishingPlatform, value: string | undefined, kind: Token['kind']) => {
    const token = value ? state.tokens[value] : undefined;
    const grant = token ? state.grants[token.grant] : undefined;
    if (!token || !grant || grant.platform !== platform || token.kind !== kind || token.spent || grant.revoked || token.expiresAt <= now()) return undefined;
    return { token, grant, grantId: token.grant };
  };

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
    res.end(JSON.stringify(body));
  };
  const html = (res: ServerResponse, status: number, body: string) => {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(body);
  };
  const redirect = (res: ServerResponse, location: string) => {
    res.writeHead(302, { location, 'cache-control': 'no-store' });
    res.end();
  };
  const bearer = (req: IncomingMessage) => /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
  const logId = () => randomBytes(12).toString('hex').toUpperCase();

  /** The authorize endpoint of any platform: checks, then the page or (with consent=…) the redirect. */
  const authorize = (platform: PublishingPlatform, url: URL, res: ServerResponse) => {
    const q = url.searchParams;
    const clientId = q.get(platform === 'tiktok' ? 'client_key' : 'client_id');
    const redirectUri = q.get('redirect_uri');
    const scope = q.get('scope') ?? '';
    const wanted = platform === 'tiktok' ? tiktokScopes : platform === 'youtube' ? youtubeScopes : instagramScopes;
    const asked = scope.split(platform === 'youtube' ? ' ' : ',').filter(Boolean);
    if (clientId !== clients[platform].id) return html(res, 400, errorPage('Unknown client'));
    if (!redirectUri || !/^https?:\/\//.test(redirectUri)) return html(res, 400, errorPage('redirect_uri is required'));
    if (q.get('response_type') !== 'code') return html(res, 400, errorPage('response_type must be code'));
    if (!wanted.every((s) => asked.includes(s))) return html(res, 400, errorPage(`scope must include ${wanted.join(', ')}`));
    const challenge = q.get('code_challenge') ?? undefined;
    if (platform === 'tiktok' && (!challenge || q.get('code_challenge_method') !== 'S256')) return html(res, 400, errorPage('code_challenge with code_challenge_method=S256 is required'));
    if (platform === 'youtube' && q.get('access_type') !== 'offline') return html(res, 400, errorPage('access_type=offline is required for a refresh token'));
    const user = (q.get('sandbox_user') ?? 'sandbox.creator').slice(0, 60) || 'sandbox.creator';
    const consent = q.get('consent');
    const back = new URL(redirectUri);
    const stateValue = q.get('state');
    if (consent === 'deny') {
      back.searchParams.set('error', 'access_denied');
      if (platform === 'instagram') back.searchParams.set('error_reason', 'user_denied');
      back.searchParams.set('error_description', 'The user denied your request');
      if (stateValue) back.searchParams.set('state', stateValue);
      return redirect(res, back.toString());
    }
    if (consent === 'allow') {
      const code = secret(platform === 'youtube' ? '4/0sbx' : 'sbxcode_');
      state.codes[code] = { platform, user, redirectUri, ...(challenge ? { challenge } : {}), scope: asked.join(platform === 'youtube' ? ' ' : ','), expiresAt: now() + 5 * 60_000 };
      save();
      back.searchParams.set('code', platform === 'instagram' ? `${code}#_` : code);
      if (platform === 'tiktok') back.searchParams.set('scopes', asked.join(','));
      if (platform === 'youtube') back.searchParams.set('scope', asked.join(' '));
      if (stateValue) back.searchParams.set('state', stateValue);
      return redirect(res, back.toString());
    }
    return html(res, 200, consentPage(platform, { action: url.pathname, params: q, appName: 'Reelsmith', scopes: asked, user }));
  };

  /** Takes a code once: its record when the client, redirect URI and PKCE verifier match. */
  const takeCode = (platform: PublishingPlatform, form: URLSearchParams): Code | undefined => {
    const value = (form.get('code') ?? '').replace(/#_$/, '');
    const code = state.codes[value];
    if (!code || code.platform !== platform) return undefined;
    delete state.codes[value];
    if (code.expiresAt <= now() || code.redirectUri !== form.get('redirect_uri')) return undefined;
    if (code.challenge) {
      const verifier = form.get('code_verifier') ?? '';
      if (createHash('sha256').update(verifier).digest('base64url') !== code.challenge) return undefined;
    }
    return code;
  };
  const newGrant = (code: Code) => {
    const id = secret('grant_');
    state.grants[id] = { platform: code.platform, user: code.user, scope: code.scope, revoked: false };
    return id;
  };
  const record = (platform: PublishingPlatform, grantType: string, outcome: TokenCall['outcome']) => tokenCalls.push({ platform, grantType, outcome });

  const tiktok = async (path: string, req: IncomingMessage, res: ServerResponse) => {
    if (path !== '/v2/oauth/token/' && path !== '/v2/oauth/revoke/') return send(res, 404, { error: { code: 'not_found', message: 'Unknown path', log_id: logId() } });
    const form = req.method === 'POST' ? new URLSearchParams(await readBody(req)) : new URLSearchParams();
    const refuse = (error: string, description: string, status = 400) => send(res, status, { error, error_description: description, log_id: logId() });
    if (path === '/v2/oauth/token/' && req.method === 'POST') {
      const grantType = form.get('grant_type') ?? '';
      if (form.get('client_key') !== clients.tiktok.id || form.get('client_secret') !== clients.tiktok.secret) return record('tiktok', grantType, 'refused'), refuse('invalid_client', 'Client key or secret is incorrect.', 401);
      if (grantType === 'authorization_code') {
        const code = takeCode('tiktok', form);
        if (!code) return record('tiktok', grantType, 'refused'), refuse('invalid_grant', 'Authorization code is expired.');
        const grant = newGrant(code);
        record('tiktok', grantType, 'issued');
        const answer = { access_token: issue(grant, 'access', lifetimes.tiktok, 'act.'), expires_in: lifetimes.tiktok, open_id: providerIdOf('tiktok', code.user), refresh_expires_in: lifetimes.tiktokRefresh, refresh_token: issue(grant, 'refresh', lifetimes.tiktokRefresh, 'rft.'), scope: code.scope, token_type: 'Bearer' };
        save();
        return send(res, 200, answer);
      }
      if (grantType === 'refresh_token') {
        const found = live('tiktok', form.get('refresh_token') ?? undefined, 'refresh');
        if (!found) return record('tiktok', grantType, 'refused'), refuse('invalid_grant', 'Refresh token is invalid or expired.');
        // Rotation: the refresh token used is spent; the answer carries the next one.
        found.token.spent = true;
        record('tiktok', grantType, 'issued');
        const answer = { access_token: issue(found.grantId, 'access', lifetimes.tiktok, 'act.'), expires_in: lifetimes.tiktok, open_id: providerIdOf('tiktok', found.grant.user), refresh_expires_in: lifetimes.tiktokRefresh, refresh_token: issue(found.grantId, 'refresh', lifetimes.tiktokRefresh, 'rft.'), scope: found.grant.scope, token_type: 'Bearer' };
        save();
        return send(res, 200, answer);
      }
      return refuse('unsupported_grant_type', 'The grant type is not supported.');
    }
    if (path === '/v2/oauth/revoke/' && req.method === 'POST') {
      if (form.get('client_key') !== clients.tiktok.id || form.get('client_secret') !== clients.tiktok.secret) return refuse('invalid_client', 'Client key or secret is incorrect.', 401);
      const found = live('tiktok', form.get('token') ?? undefined, 'access');
      if (found) {
        found.grant.revoked = true;
        revocations.push({ platform: 'tiktok', user: found.grant.user });
        save();
      }
      return send(res, 200, {});
    }
    return send(res, 404, { error: { code: 'not_found', message: 'Unknown path', log_id: logId() } });
  };

  const youtube = async (path: string, req: IncomingMessage, res: ServerResponse, url: URL) => {
    const form = req.method === 'POST' ? new URLSearchParams(await readBody(req)) : new URLSearchParams();
    if (path === '/token' && req.method === 'POST') {
      const grantType = form.get('grant_type') ?? '';
      if (form.get('client_id') !== clients.youtube.id || form.get('client_secret') !== clients.youtube.secret) return record('youtube', grantType, 'refused'), send(res, 401, { error: 'invalid_client', error_description: 'Unauthorized' });
      if (grantType === 'authorization_code') {
        const code = takeCode('youtube', form);
        if (!code) return record('youtube', grantType, 'refused'), send(res, 400, { error: 'invalid_grant', error_description: 'Bad Request' });
        const grant = newGrant(code);
        record('youtube', grantType, 'issued');
        const answer = { access_token: issue(grant, 'access', lifetimes.youtube, 'ya29.sbx'), expires_in: lifetimes.youtube, refresh_token: issue(grant, 'refresh', 10 * 365 * 24 * 3600, '1//sbx'), scope: code.scope, token_type: 'Bearer' };
        save();
        return send(res, 200, answer);
      }
      if (grantType === 'refresh_token') {
        const found = live('youtube', form.get('refresh_token') ?? undefined, 'refresh');
        if (!found) return record('youtube', grantType, 'refused'), send(res, 400, { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' });
        record('youtube', grantType, 'issued');
        const answer = { access_token: issue(found.grantId, 'access', lifetimes.youtube, 'ya29.sbx'), expires_in: lifetimes.youtube, scope: found.grant.scope, token_type: 'Bearer' };
        save();
        return send(res, 200, answer);
      }
      return send(res, 400, { error: 'unsupported_grant_type', error_description: 'Invalid grant_type' });
    }
    if (path === '/revoke' && req.method === 'POST') {
      const value = form.get('token') ?? url.searchParams.get('token') ?? undefined;
      const found = live('youtube', value, 'refresh') ?? live('youtube', value, 'access');
      if (!found) return send(res, 400, { error: 'invalid_token', error_description: 'Token expired or revoked' });
      found.grant.revoked = true;
      revocations.push({ platform: 'youtube', user: found.grant.user });
      save();
      return send(res, 200, {});
    }
    if (path === '/youtube/v3/channels' && req.method === 'GET') {
      const found = live('youtube', bearer(req), 'access');
      if (!found) return send(res, 401, { error: { code: 401, message: 'Request had invalid authentication credentials.', status: 'UNAUTHENTICATED' } });
      const user = found.grant.user;
      return send(res, 200, { kind: 'youtube#channelListResponse', items: [{ kind: 'youtube#channel', id: providerIdOf('youtube', user), snippet: { title: titleOf(user), customUrl: `@${user}` } }] });
    }
    return send(res, 404, { error: { code: 404, message: 'Not Found' } });
  };

  const instagram = async (path: string, req: IncomingMessage, res: ServerResponse, url: URL) => {
    const form = req.method === 'POST' ? new URLSearchParams(await readBody(req)) : new URLSearchParams();
    const q = url.searchParams;
    const graphRefusal = (message: string) => send(res, 400, { error: { message, type: 'OAuthException', code: 190, fbtrace_id: logId() } });
    if (path === '/oauth/access_token' && req.method === 'POST') {
      if (form.get('client_id') !== clients.instagram.id || form.get('client_secret') !== clients.instagram.secret) return record('instagram', 'authorization_code', 'refused'), send(res, 400, { error_type: 'OAuthException', code: 400, error_message: 'Invalid client_id or client_secret' });
      const code = takeCode('instagram', form);
      if (!code) return record('instagram', 'authorization_code', 'refused'), send(res, 400, { error_type: 'OAuthException', code: 400, error_message: 'This authorization code has been used' });
      const grant = newGrant(code);
      record('instagram', 'authorization_code', 'issued');
      const answer = { data: [{ access_token: issue(grant, 'short', lifetimes.instagramShort, 'IGQWsbxS'), user_id: providerIdOf('instagram', code.user), permissions: code.scope }] };
      save();
      return send(res, 200, answer);
    }
    if (path === '/access_token' && req.method === 'GET') {
      if (q.get('grant_type') !== 'ig_exchange_token' || q.get('client_secret') !== clients.instagram.secret) return send(res, 400, { error: { message: 'Invalid parameters', type: 'OAuthException', code: 100, fbtrace_id: logId() } });
      const found = live('instagram', q.get('access_token') ?? undefined, 'short');
      if (!found) return record('instagram', 'ig_exchange_token', 'refused'), graphRefusal('Error validating access token: Session has expired.');
      found.token.spent = true;
      record('instagram', 'ig_exchange_token', 'issued');
      const answer = { access_token: issue(found.grantId, 'access', lifetimes.instagramLong, 'IGQWsbxL'), token_type: 'bearer', expires_in: lifetimes.instagramLong };
      save();
      return send(res, 200, answer);
    }
    if (path === '/refresh_access_token' && req.method === 'GET') {
      const found = q.get('grant_type') === 'ig_refresh_token' ? live('instagram', q.get('access_token') ?? undefined, 'access') : undefined;
      if (!found) return record('instagram', 'ig_refresh_token', 'refused'), graphRefusal('Error validating access token: The session has been invalidated.');
      record('instagram', 'ig_refresh_token', 'issued');
      const answer = { access_token: issue(found.grantId, 'access', lifetimes.instagramLong, 'IGQWsbxL'), token_type: 'bearer', expires_in: lifetimes.instagramLong };
      save();
      return send(res, 200, answer);
    }
    if (/^\/v\d+\.\d+\/me$/.test(path) && req.method === 'GET') {
      const found = live('instagram', q.get('access_token') ?? bearer(req), 'access');
      if (!found) return graphRefusal('Invalid OAuth access token - Cannot parse access token');
      const user = found.grant.user;
      return send(res, 200, { user_id: providerIdOf('instagram', user), username: user.replace(/[^a-z0-9._]/gi, '').toLowerCase() || 'creator', id: providerIdOf('instagram', user) });
    }
    return send(res, 404, { error: { message: 'Unknown path', type: 'OAuthException', code: 803 } });
  };

  const desk = new PostingDesk({ ...(options.stateFile ? { directory: join(dirname(options.stateFile), 'publishing-sandbox-posts') } : {}) });
  const userOf = (platform: PublishingPlatform, token: string | undefined) => live(platform, token, 'access')?.grant.user;
  const posting = { tiktok: tiktokPosting(desk, userOf), youtube: youtubePosting(desk, userOf), instagram: instagramPosting(desk, userOf) };

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://sandbox');
    const [, prefix = '', ...rest] = url.pathname.split('/');
    const path = `/${rest.join('/')}`;
    const handle = async () => {
      if (postsRoute(desk, url.pathname, req, res) || (await controlRoute(desk, url.pathname, req, res))) return;
      if ((prefix === 'tiktok' || prefix === 'youtube' || prefix === 'instagram') && (await posting[prefix].handle(path, req, res, url))) return;
      if (prefix === 'tiktok') return path === '/v2/auth/authorize/' && req.method === 'GET' ? authorize('tiktok', url, res) : tiktok(path, req, res);
      if (prefix === 'youtube') return path === '/o/oauth2/v2/auth' && req.method === 'GET' ? authorize('youtube', url, res) : youtube(path, req, res, url);
      if (prefix === 'instagram') return path === '/oauth/authorize' && req.method === 'GET' ? authorize('instagram', url, res) : instagram(path, req, res, url);
      return html(res, 404, errorPage('Not found'));
    };
    handle().catch((error: unknown) => {
      if (!res.headersSent) send(res, 500, { error: 'server_error', error_description: error instanceof Error ? error.message : 'failed' });
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
  await (state.port ? listen(state.port).catch(() => listen(0)) : listen(0));
  const { port } = server.address() as AddressInfo;
  if (state.port !== port) {
    state.port = port;
    save();
  }
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
    tokenCalls,
    revocations,
    accessTokenIsLive: (platform, token) => live(platform, token, 'access') !== undefined,
    expireGrants(platform) {
      for (const grant of Object.values(state.grants)) if (grant.platform === platform) grant.revoked = true;
      save();
    },
    posts: desk.posts,
    bytesReceived: desk.bytesReceived,
    inject: (fault) => desk.inject(fault),
    pendingFaults: () => desk.pendingFaults(),
    configure: (settings) => desk.configure(settings),
    grantFor(platform, user) {
      const grant = secret('grant_');
      state.grants[grant] = { platform, user, scope: (platform === 'tiktok' ? tiktokScopes : platform === 'youtube' ? youtubeScopes : instagramScopes).join(','), revoked: false };
      const accessToken = issue(grant, 'access', platform === 'instagram' ? lifetimes.instagramLong : lifetimes[platform], platform === 'tiktok' ? 'act.' : platform === 'youtube' ? 'ya29.sbx' : 'IGQWsbxL');
      save();
      return { accessToken, providerUserId: providerIdOf(platform, user), username: user };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
