import type { IncomingMessage, ServerResponse } from 'node:http';
import type { PublishingPlatform } from '../../../functions/contract/publishing';
import { lifetimes, sandboxScopes, type SandboxClient, type SandboxGrants } from './publishing-sandbox-grants';
import { consentPage, errorPage } from './publishing-sandbox-pages';
import { bearerOf, logId, providerIdOf, sendJson, usernameOf } from './publishing-sandbox-posting';
import { readBody } from './stripe-state';

/**
 * The platform sandbox's OAuth endpoints, each platform's paths and wire format as the real one answers
 * them (the list is in publishing-sandbox.ts): the authorize page or redirect, token grants and
 * refreshes, revocation, and the account lookup the app makes after connecting.
 */

const titleOf = (user: string) => user.replace(/[._-]+/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());

function sendHtml(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(body);
}

function sendRedirect(res: ServerResponse, location: string): void {
  res.writeHead(302, { location, 'cache-control': 'no-store' });
  res.end();
}

/** The authorize endpoint of any platform: checks, then the page or (with consent=…) the redirect. */
function authorize(grants: SandboxGrants, clients: Record<PublishingPlatform, SandboxClient>, platform: PublishingPlatform, url: URL, res: ServerResponse) {
  const q = url.searchParams;
  const clientId = q.get(platform === 'tiktok' ? 'client_key' : 'client_id');
  const redirectUri = q.get('redirect_uri');
  const scope = q.get('scope') ?? '';
  const wanted = sandboxScopes[platform];
  const asked = scope.split(platform === 'youtube' ? ' ' : ',').filter(Boolean);
  if (clientId !== clients[platform].id) return sendHtml(res, 400, errorPage('Unknown client'));
  if (!redirectUri || !/^https?:\/\//.test(redirectUri)) return sendHtml(res, 400, errorPage('redirect_uri is required'));
  if (q.get('response_type') !== 'code') return sendHtml(res, 400, errorPage('response_type must be code'));
  if (!wanted.every((s) => asked.includes(s))) return sendHtml(res, 400, errorPage(`scope must include ${wanted.join(', ')}`));
  const challenge = q.get('code_challenge') ?? undefined;
  if (platform === 'tiktok' && (!challenge || q.get('code_challenge_method') !== 'S256'))
    return sendHtml(res, 400, errorPage('code_challenge with code_challenge_method=S256 is required'));
  if (platform === 'youtube' && q.get('access_type') !== 'offline') return sendHtml(res, 400, errorPage('access_type=offline is required for a refresh token'));
  const user = (q.get('sandbox_user') ?? 'sandbox.creator').slice(0, 60) || 'sandbox.creator';
  const consent = q.get('consent');
  const back = new URL(redirectUri);
  const stateValue = q.get('state');
  if (consent === 'deny') {
    back.searchParams.set('error', 'access_denied');
    if (platform === 'instagram') back.searchParams.set('error_reason', 'user_denied');
    back.searchParams.set('error_description', 'The user denied your request');
    if (stateValue) back.searchParams.set('state', stateValue);
    return sendRedirect(res, back.toString());
  }
  if (consent === 'allow') {
    const code = grants.newCode(
      { platform, user, redirectUri, ...(challenge ? { challenge } : {}), scope: asked.join(platform === 'youtube' ? ' ' : ',') },
      platform === 'youtube' ? '4/0sbx' : 'sbxcode_',
    );
    back.searchParams.set('code', platform === 'instagram' ? `${code}#_` : code);
    if (platform === 'tiktok') back.searchParams.set('scopes', asked.join(','));
    if (platform === 'youtube') back.searchParams.set('scope', asked.join(' '));
    if (stateValue) back.searchParams.set('state', stateValue);
    return sendRedirect(res, back.toString());
  }
  return sendHtml(res, 200, consentPage(platform, { action: url.pathname, params: q, appName: 'Reelsmith', scopes: asked, user }));
}

async function tiktok(grants: SandboxGrants, clients: Record<PublishingPlatform, SandboxClient>, path: string, req: IncomingMessage, res: ServerResponse) {
  if (path !== '/v2/oauth/token/' && path !== '/v2/oauth/revoke/')
    return sendJson(res, 404, { error: { code: 'not_found', message: 'Unknown path', log_id: logId() } });
  const form = req.method === 'POST' ? new URLSearchParams(await readBody(req)) : new URLSearchParams();
  const refuse = (error: string, description: string, status = 400) => sendJson(res, status, { error, error_description: description, log_id: logId() });
  if (path === '/v2/oauth/token/' && req.method === 'POST') {
    const grantType = form.get('grant_type') ?? '';
    if (form.get('client_key') !== clients.tiktok.id || form.get('client_secret') !== clients.tiktok.secret)
      return (grants.record('tiktok', grantType, 'refused'), refuse('invalid_client', 'Client key or secret is incorrect.', 401));
    if (grantType === 'authorization_code') {
      const code = grants.takeCode('tiktok', form);
      if (!code) return (grants.record('tiktok', grantType, 'refused'), refuse('invalid_grant', 'Authorization code is expired.'));
      const grant = grants.newGrant(code);
      grants.record('tiktok', grantType, 'issued');
      const answer = {
        access_token: grants.issue(grant, 'access', lifetimes.tiktok, 'act.'),
        expires_in: lifetimes.tiktok,
        open_id: providerIdOf('tiktok', code.user),
        refresh_expires_in: lifetimes.tiktokRefresh,
        refresh_token: grants.issue(grant, 'refresh', lifetimes.tiktokRefresh, 'rft.'),
        scope: code.scope,
        token_type: 'Bearer',
      };
      grants.save();
      return sendJson(res, 200, answer);
    }
    if (grantType === 'refresh_token') {
      const found = grants.live('tiktok', form.get('refresh_token') ?? undefined, 'refresh');
      if (!found) return (grants.record('tiktok', grantType, 'refused'), refuse('invalid_grant', 'Refresh token is invalid or expired.'));
      // Rotation: the refresh token used is spent; the answer carries the next one.
      found.token.spent = true;
      grants.record('tiktok', grantType, 'issued');
      const answer = {
        access_token: grants.issue(found.grantId, 'access', lifetimes.tiktok, 'act.'),
        expires_in: lifetimes.tiktok,
        open_id: providerIdOf('tiktok', found.grant.user),
        refresh_expires_in: lifetimes.tiktokRefresh,
        refresh_token: grants.issue(found.grantId, 'refresh', lifetimes.tiktokRefresh, 'rft.'),
        scope: found.grant.scope,
        token_type: 'Bearer',
      };
      grants.save();
      return sendJson(res, 200, answer);
    }
    return refuse('unsupported_grant_type', 'The grant type is not supported.');
  }
  if (path === '/v2/oauth/revoke/' && req.method === 'POST') {
    if (form.get('client_key') !== clients.tiktok.id || form.get('client_secret') !== clients.tiktok.secret)
      return refuse('invalid_client', 'Client key or secret is incorrect.', 401);
    const found = grants.live('tiktok', form.get('token') ?? undefined, 'access');
    if (found) {
      grants.revoke('tiktok', found.grant);
    }
    return sendJson(res, 200, {});
  }
  return sendJson(res, 404, { error: { code: 'not_found', message: 'Unknown path', log_id: logId() } });
}

async function youtube(
  grants: SandboxGrants,
  clients: Record<PublishingPlatform, SandboxClient>,
  path: string,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
) {
  const form = req.method === 'POST' ? new URLSearchParams(await readBody(req)) : new URLSearchParams();
  if (path === '/token' && req.method === 'POST') {
    const grantType = form.get('grant_type') ?? '';
    if (form.get('client_id') !== clients.youtube.id || form.get('client_secret') !== clients.youtube.secret)
      return (grants.record('youtube', grantType, 'refused'), sendJson(res, 401, { error: 'invalid_client', error_description: 'Unauthorized' }));
    if (grantType === 'authorization_code') {
      const code = grants.takeCode('youtube', form);
      if (!code) return (grants.record('youtube', grantType, 'refused'), sendJson(res, 400, { error: 'invalid_grant', error_description: 'Bad Request' }));
      const grant = grants.newGrant(code);
      grants.record('youtube', grantType, 'issued');
      const answer = {
        access_token: grants.issue(grant, 'access', lifetimes.youtube, 'ya29.sbx'),
        expires_in: lifetimes.youtube,
        refresh_token: grants.issue(grant, 'refresh', 10 * 365 * 24 * 3600, '1//sbx'),
        scope: code.scope,
        token_type: 'Bearer',
      };
      grants.save();
      return sendJson(res, 200, answer);
    }
    if (grantType === 'refresh_token') {
      const found = grants.live('youtube', form.get('refresh_token') ?? undefined, 'refresh');
      if (!found)
        return (
          grants.record('youtube', grantType, 'refused'),
          sendJson(res, 400, { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' })
        );
      grants.record('youtube', grantType, 'issued');
      const answer = {
        access_token: grants.issue(found.grantId, 'access', lifetimes.youtube, 'ya29.sbx'),
        expires_in: lifetimes.youtube,
        scope: found.grant.scope,
        token_type: 'Bearer',
      };
      grants.save();
      return sendJson(res, 200, answer);
    }
    return sendJson(res, 400, { error: 'unsupported_grant_type', error_description: 'Invalid grant_type' });
  }
  if (path === '/revoke' && req.method === 'POST') {
    const value = form.get('token') ?? url.searchParams.get('token') ?? undefined;
    const found = grants.live('youtube', value, 'refresh') ?? grants.live('youtube', value, 'access');
    if (!found) return sendJson(res, 400, { error: 'invalid_token', error_description: 'Token expired or revoked' });
    grants.revoke('youtube', found.grant);
    return sendJson(res, 200, {});
  }
  if (path === '/youtube/v3/channels' && req.method === 'GET') {
    const found = grants.live('youtube', bearerOf(req), 'access');
    if (!found) return sendJson(res, 401, { error: { code: 401, message: 'Request had invalid authentication credentials.', status: 'UNAUTHENTICATED' } });
    const user = found.grant.user;
    return sendJson(res, 200, {
      kind: 'youtube#channelListResponse',
      items: [{ kind: 'youtube#channel', id: providerIdOf('youtube', user), snippet: { title: titleOf(user), customUrl: `@${user}` } }],
    });
  }
  return sendJson(res, 404, { error: { code: 404, message: 'Not Found' } });
}

async function instagram(
  grants: SandboxGrants,
  clients: Record<PublishingPlatform, SandboxClient>,
  path: string,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
) {
  const form = req.method === 'POST' ? new URLSearchParams(await readBody(req)) : new URLSearchParams();
  const q = url.searchParams;
  const graphRefusal = (message: string) => sendJson(res, 400, { error: { message, type: 'OAuthException', code: 190, fbtrace_id: logId() } });
  if (path === '/oauth/access_token' && req.method === 'POST') {
    if (form.get('client_id') !== clients.instagram.id || form.get('client_secret') !== clients.instagram.secret)
      return (
        grants.record('instagram', 'authorization_code', 'refused'),
        sendJson(res, 400, { error_type: 'OAuthException', code: 400, error_message: 'Invalid client_id or client_secret' })
      );
    const code = grants.takeCode('instagram', form);
    if (!code)
      return (
        grants.record('instagram', 'authorization_code', 'refused'),
        sendJson(res, 400, { error_type: 'OAuthException', code: 400, error_message: 'This authorization code has been used' })
      );
    const grant = grants.newGrant(code);
    grants.record('instagram', 'authorization_code', 'issued');
    const answer = {
      data: [
        {
          access_token: grants.issue(grant, 'short', lifetimes.instagramShort, 'IGQWsbxS'),
          user_id: providerIdOf('instagram', code.user),
          permissions: code.scope,
        },
      ],
    };
    grants.save();
    return sendJson(res, 200, answer);
  }
  if (path === '/access_token' && req.method === 'GET') {
    if (q.get('grant_type') !== 'ig_exchange_token' || q.get('client_secret') !== clients.instagram.secret)
      return sendJson(res, 400, { error: { message: 'Invalid parameters', type: 'OAuthException', code: 100, fbtrace_id: logId() } });
    const found = grants.live('instagram', q.get('access_token') ?? undefined, 'short');
    if (!found) return (grants.record('instagram', 'ig_exchange_token', 'refused'), graphRefusal('Error validating access token: Session has expired.'));
    found.token.spent = true;
    grants.record('instagram', 'ig_exchange_token', 'issued');
    const answer = {
      access_token: grants.issue(found.grantId, 'access', lifetimes.instagramLong, 'IGQWsbxL'),
      token_type: 'bearer',
      expires_in: lifetimes.instagramLong,
    };
    grants.save();
    return sendJson(res, 200, answer);
  }
  if (path === '/refresh_access_token' && req.method === 'GET') {
    const found = q.get('grant_type') === 'ig_refresh_token' ? grants.live('instagram', q.get('access_token') ?? undefined, 'access') : undefined;
    if (!found)
      return (grants.record('instagram', 'ig_refresh_token', 'refused'), graphRefusal('Error validating access token: The session has been invalidated.'));
    grants.record('instagram', 'ig_refresh_token', 'issued');
    const answer = {
      access_token: grants.issue(found.grantId, 'access', lifetimes.instagramLong, 'IGQWsbxL'),
      token_type: 'bearer',
      expires_in: lifetimes.instagramLong,
    };
    grants.save();
    return sendJson(res, 200, answer);
  }
  if (/^\/v\d+\.\d+\/me$/.test(path) && req.method === 'GET') {
    const found = grants.live('instagram', q.get('access_token') ?? bearerOf(req), 'access');
    if (!found) return graphRefusal('Invalid OAuth access token - Cannot parse access token');
    const user = found.grant.user;
    return sendJson(res, 200, { user_id: providerIdOf('instagram', user), username: usernameOf(user), id: providerIdOf('instagram', user) });
  }
  return sendJson(res, 404, { error: { message: 'Unknown path', type: 'OAuthException', code: 803 } });
}

const authorizePaths: Record<PublishingPlatform, string> = { tiktok: '/v2/auth/authorize/', youtube: '/o/oauth2/v2/auth', instagram: '/oauth/authorize' };

/** Answers a platform's OAuth path (`path` below its prefix). */
export async function oauthRoute(
  grants: SandboxGrants,
  clients: Record<PublishingPlatform, SandboxClient>,
  platform: PublishingPlatform,
  path: string,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<void> {
  if (path === authorizePaths[platform] && req.method === 'GET') return authorize(grants, clients, platform, url, res);
  if (platform === 'tiktok') return tiktok(grants, clients, path, req, res);
  if (platform === 'youtube') return youtube(grants, clients, path, req, res, url);
  return instagram(grants, clients, path, req, res, url);
}

/** The sandbox's own 404 page. */
export const notFound = (res: ServerResponse) => sendHtml(res, 404, errorPage('Not found'));
