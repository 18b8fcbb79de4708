import { z } from 'zod';
import { InvalidGrantError, type AuthorizeRequest, type PlatformOAuth, type PlatformProfile, type PlatformTokens } from '../../../core/ports/publishing';
import { ProviderError } from '../../../core/errors';
import { expectShape, postForm, requestJson, RefreshTokenOAuthClient } from './oauth-http';

/**
 * Google OAuth 2.0 for YouTube: authorize at accounts.google.com/o/oauth2/v2/auth with
 * access_type=offline and prompt=consent (so a refresh token is given even on a reconnect) and PKCE S256;
 * tokens at oauth2.googleapis.com/token (refresh tokens do not rotate: a refresh answers no new one);
 * revocation at oauth2.googleapis.com/revoke. Scopes: youtube.upload to post, youtube.readonly to name
 * the channel (channels.list mine=true) and, in the posting step, read a video's processing status.
 * `YOUTUBE_BASE_URL` replaces all three hosts (the local sandbox).
 */
export const youtubeScopes = ['https://www.googleapis.com/auth/youtube.upload', 'https://www.googleapis.com/auth/youtube.readonly'] as const;

const tokenAnswer = z.object({
  access_token: z.string().min(1),
  expires_in: z.number(),
  refresh_token: z.string().min(1).optional(),
  scope: z.string().optional(),
  token_type: z.string().optional(),
});
const errorAnswer = z.object({ error: z.string().min(1), error_description: z.string().optional() });
const channelsAnswer = z.object({ items: z.array(z.object({ id: z.string().min(1), snippet: z.object({ title: z.string() }) })).optional() });

export class YouTubeOAuth extends RefreshTokenOAuthClient implements PlatformOAuth {
  readonly platform = 'youtube' as const;
  readonly usesPkce = true;
  readonly refreshAheadMs = 5 * 60 * 1000;
  private readonly host = this.hostsOf({ auth: 'https://accounts.google.com', token: 'https://oauth2.googleapis.com', api: 'https://www.googleapis.com' });

  authorizeUrl(request: AuthorizeRequest): Promise<string> {
    return this.signInUrl(`${this.host.auth}/o/oauth2/v2/auth`, (clientId) => ({
      client_id: clientId,
      redirect_uri: request.redirectUri,
      response_type: 'code',
      scope: youtubeScopes.join(' '),
      access_type: 'offline',
      prompt: 'consent',
      include_granted_scopes: 'true',
      state: request.state,
      code_challenge: request.codeChallenge,
      code_challenge_method: 'S256',
    }));
  }

  protected async token(fields: Record<string, string | undefined>): Promise<PlatformTokens> {
    const { clientId, clientSecret } = await this.client();
    const answer = await postForm('youtube', `${this.host.token}/token`, { client_id: clientId, client_secret: clientSecret, ...fields });
    if (answer.status >= 400) {
      const refused = errorAnswer.safeParse(answer.json);
      if (refused.success && refused.data.error === 'invalid_grant')
        // Google words every refusal "Token has been expired or revoked.": it cannot tell which, so expired.
        throw new InvalidGrantError('youtube', false, refused.data.error);
      throw new ProviderError('Google refused the request.', 502, `GOOGLE_${(refused.data?.error ?? String(answer.status)).toUpperCase().slice(0, 40)}`);
    }
    const token = expectShape('youtube', tokenAnswer, answer);
    return {
      accessToken: token.access_token,
      ...(token.refresh_token ? { refreshToken: token.refresh_token } : {}),
      accessExpiresAt: this.clock() + token.expires_in * 1000,
      ...(token.scope ? { scope: token.scope } : {}),
    };
  }

  async profile(tokens: PlatformTokens): Promise<PlatformProfile> {
    const answer = await requestJson('youtube', `${this.host.api}/youtube/v3/channels?part=snippet&mine=true`, {
      headers: { authorization: `Bearer ${tokens.accessToken}` },
    });
    if (answer.status >= 400) throw new ProviderError('YouTube did not say which channel this is.', 502, 'YOUTUBE_CHANNEL');
    const channel = expectShape('youtube', channelsAnswer, answer).items?.[0];
    if (!channel) throw new ProviderError('This Google account has no YouTube channel. Create one, then connect again.', 502, 'YOUTUBE_NO_CHANNEL');
    return { providerUserId: channel.id, displayName: channel.snippet.title || 'YouTube channel' };
  }

  async revoke(tokens: PlatformTokens): Promise<'revoked' | 'unsupported'> {
    // Revoking the refresh token ends the whole grant (and its access tokens).
    const answer = await postForm('youtube', `${this.host.token}/revoke`, { token: tokens.refreshToken ?? tokens.accessToken });
    if (answer.status >= 400 && errorAnswer.safeParse(answer.json).data?.error !== 'invalid_token')
      throw new ProviderError('Google did not revoke the grant.', 502, 'GOOGLE_REVOKE');
    return 'revoked';
  }
}
