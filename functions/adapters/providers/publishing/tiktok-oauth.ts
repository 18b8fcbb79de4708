import { z } from 'zod';
import { InvalidGrantError, type AuthorizeRequest, type PlatformOAuth, type PlatformProfile, type PlatformTokens } from '../../../core/ports/publishing';
import { ProviderError } from '../../../core/errors';
import { expectShape, postForm, requestJson, RefreshTokenOAuthClient } from './oauth-http';

/**
 * TikTok's OAuth v2 (Login Kit for Web + Content Posting API): authorize at
 * www.tiktok.com/v2/auth/authorize/ with PKCE S256 and scopes video.publish,video.upload; tokens at
 * open.tiktokapis.com/v2/oauth/token/ (access tokens live 2 h, refresh tokens rotate on every refresh:
 * the answer's refresh_token replaces the old one); revocation at /v2/oauth/revoke/. Who the account
 * is comes from creator_info (video.publish), so no user.info scope is asked for. `TIKTOK_BASE_URL`
 * replaces both hosts (the local sandbox).
 */
export const tiktokScopes = ['video.publish', 'video.upload'] as const;

const tokenAnswer = z.object({
  access_token: z.string().min(1),
  expires_in: z.number(),
  open_id: z.string().min(1),
  refresh_token: z.string().min(1),
  refresh_expires_in: z.number(),
  scope: z.string().optional(),
  token_type: z.string().optional(),
});
const errorAnswer = z.object({ error: z.string().min(1), error_description: z.string().optional(), log_id: z.string().optional() });
const creatorAnswer = z.object({
  data: z.object({ creator_username: z.string().optional(), creator_nickname: z.string().optional() }),
  error: z.object({ code: z.string(), message: z.string().optional() }),
});

export class TikTokOAuth extends RefreshTokenOAuthClient implements PlatformOAuth {
  readonly platform = 'tiktok' as const;
  readonly usesPkce = true;
  /** Access tokens last 2 hours: refreshed in their last 10 minutes. */
  readonly refreshAheadMs = 10 * 60 * 1000;
  private readonly host = this.hostsOf({ auth: 'https://www.tiktok.com', api: 'https://open.tiktokapis.com' });

  authorizeUrl(request: AuthorizeRequest): Promise<string> {
    return this.signInUrl(`${this.host.auth}/v2/auth/authorize/`, (clientId) => ({
      client_key: clientId,
      scope: tiktokScopes.join(','),
      response_type: 'code',
      redirect_uri: request.redirectUri,
      state: request.state,
      code_challenge: request.codeChallenge,
      code_challenge_method: 'S256',
    }));
  }

  protected async token(fields: Record<string, string | undefined>): Promise<PlatformTokens> {
    const { clientId, clientSecret } = await this.client();
    const answer = await postForm('tiktok', `${this.host.api}/v2/oauth/token/`, { client_key: clientId, client_secret: clientSecret, ...fields });
    // TikTok words a refusal as { error, error_description, log_id } (with a 200 or a 4xx).
    const refused = errorAnswer.safeParse(answer.json);
    if (refused.success) {
      if (refused.data.error === 'invalid_grant')
        throw new InvalidGrantError('tiktok', /revok/i.test(refused.data.error_description ?? ''), refused.data.error);
      throw new ProviderError('TikTok refused the request.', 502, `TIKTOK_${refused.data.error.toUpperCase().slice(0, 40)}`);
    }
    const token = expectShape('tiktok', tokenAnswer, answer);
    const now = this.clock();
    return {
      accessToken: token.access_token,
      refreshToken: token.refresh_token,
      accessExpiresAt: now + token.expires_in * 1000,
      refreshExpiresAt: now + token.refresh_expires_in * 1000,
      ...(token.scope ? { scope: token.scope } : {}),
      providerUserId: token.open_id,
    };
  }

  async profile(tokens: PlatformTokens): Promise<PlatformProfile> {
    const answer = await requestJson('tiktok', `${this.host.api}/v2/post/publish/creator_info/query/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.accessToken}` },
      body: {},
    });
    const info = expectShape('tiktok', creatorAnswer, answer);
    if (info.error.code !== 'ok') throw new ProviderError('TikTok did not say who the account is.', 502, 'TIKTOK_CREATOR_INFO');
    // creator_info has no open_id: the token answer's open_id is the account's id.
    if (!tokens.providerUserId) throw new ProviderError('TikTok did not say who the account is.', 502, 'TIKTOK_OPEN_ID');
    const name = info.data.creator_username ? `@${info.data.creator_username}` : (info.data.creator_nickname ?? 'TikTok account');
    return { providerUserId: tokens.providerUserId, displayName: name };
  }

  async revoke(tokens: PlatformTokens): Promise<'revoked' | 'unsupported'> {
    const { clientId, clientSecret } = await this.client();
    const answer = await postForm('tiktok', `${this.host.api}/v2/oauth/revoke/`, {
      client_key: clientId,
      client_secret: clientSecret,
      token: tokens.accessToken,
    });
    const refused = errorAnswer.safeParse(answer.json);
    if (answer.status >= 400 || (refused.success && refused.data.error !== ''))
      throw new ProviderError('TikTok did not revoke the grant.', 502, 'TIKTOK_REVOKE');
    return 'revoked';
  }
}
