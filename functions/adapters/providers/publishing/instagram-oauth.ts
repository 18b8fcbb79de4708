import { z } from 'zod';
import { InvalidGrantError, type AuthorizeRequest, type PlatformOAuth, type PlatformProfile, type PlatformTokens } from '../../../core/ports/publishing';
import { ProviderError } from '../../../core/errors';
import { expectShape, postForm, requestJson, PlatformOAuthClient } from './oauth-http';

/**
 * Instagram API with Instagram Login (Business or Creator accounts): authorize at
 * www.instagram.com/oauth/authorize with scopes instagram_business_basic and
 * instagram_business_content_publish (no PKCE); the code gives a short-lived token at
 * api.instagram.com/oauth/access_token, exchanged at once for a long-lived one (60 days) at
 * graph.instagram.com/access_token; that token refreshes itself (ig_refresh_token) and there is no
 * refresh token. Instagram offers no revocation endpoint: disconnecting deletes our copy (the user
 * removes the app under Instagram's Settings › Apps and websites). `INSTAGRAM_BASE_URL` replaces the
 * three hosts (the local sandbox).
 */
export const instagramScopes = ['instagram_business_basic', 'instagram_business_content_publish'] as const;
export const instagramGraphVersion = 'v21.0';

const shortLived = z.object({
  access_token: z.string().min(1),
  user_id: z.union([z.string(), z.number()]).transform(String),
  permissions: z.unknown().optional(),
});
/** The documented answer wraps it in `data: [...]`; the live API answers it flat. Both are read. */
const codeAnswer = z.union([shortLived, z.object({ data: z.array(shortLived).min(1) }).transform((wrapped) => wrapped.data[0] as z.infer<typeof shortLived>)]);
const longLived = z.object({ access_token: z.string().min(1), token_type: z.string().optional(), expires_in: z.number() });
const graphError = z.object({
  error: z.object({ message: z.string().optional(), type: z.string().optional(), code: z.number().optional(), error_subtype: z.number().optional() }),
});
const oauthError = z.object({ error_type: z.string(), code: z.number().optional(), error_message: z.string().optional() });
const meAnswer = z.object({ user_id: z.union([z.string(), z.number()]).transform(String).optional(), id: z.string().optional(), username: z.string().min(1) });

export class InstagramOAuth extends PlatformOAuthClient implements PlatformOAuth {
  readonly platform = 'instagram' as const;
  readonly usesPkce = false;
  /** Long-lived tokens last 60 days: refreshed once fewer than 7 days are left. */
  readonly refreshAheadMs = 7 * 24 * 60 * 60 * 1000;
  private readonly host = this.hostsOf({ auth: 'https://www.instagram.com', api: 'https://api.instagram.com', graph: 'https://graph.instagram.com' });

  authorizeUrl(request: AuthorizeRequest): Promise<string> {
    return this.signInUrl(`${this.host.auth}/oauth/authorize`, (clientId) => ({
      client_id: clientId,
      redirect_uri: request.redirectUri,
      response_type: 'code',
      scope: instagramScopes.join(','),
      state: request.state,
      enable_fb_login: '0',
    }));
  }

  /** A refusal: code 190 (or an OAuthException on the code) means the grant is gone. */
  private refusal(json: unknown, what: string): Error {
    const graph = graphError.safeParse(json);
    if (graph.success && graph.data.error.code === 190)
      return new InvalidGrantError('instagram', graph.data.error.error_subtype === 460 || graph.data.error.error_subtype === 458, 'OAuthException 190');
    const oauth = oauthError.safeParse(json);
    if (oauth.success && oauth.data.error_type === 'OAuthException') return new InvalidGrantError('instagram', false, 'OAuthException');
    return new ProviderError(`Instagram refused ${what}.`, 502, 'INSTAGRAM_REFUSED');
  }

  private tokensOf(answer: z.infer<typeof longLived>, providerUserId: string | undefined): PlatformTokens {
    return { accessToken: answer.access_token, accessExpiresAt: this.clock() + answer.expires_in * 1000, ...(providerUserId ? { providerUserId } : {}) };
  }

  async exchange(code: string, redirectUri: string): Promise<PlatformTokens> {
    const { clientId, clientSecret } = await this.client();
    const first = await postForm('instagram', `${this.host.api}/oauth/access_token`, {
      client_id: clientId,
      client_secret: clientSecret,
      grant_type: 'authorization_code',
      redirect_uri: redirectUri,
      code,
    });
    if (first.status >= 400) throw this.refusal(first.json, 'the code');
    const short = expectShape('instagram', codeAnswer, first);
    const url = new URL(`${this.host.graph}/access_token`);
    url.search = new URLSearchParams({ grant_type: 'ig_exchange_token', client_secret: clientSecret, access_token: short.access_token }).toString();
    const second = await requestJson('instagram', url.toString());
    if (second.status >= 400) throw this.refusal(second.json, 'the long-lived token');
    return this.tokensOf(expectShape('instagram', longLived, second), short.user_id);
  }

  async refresh(tokens: PlatformTokens): Promise<PlatformTokens> {
    if (tokens.accessExpiresAt <= this.clock()) throw new InvalidGrantError('instagram', false, 'the long-lived token expired');
    const url = new URL(`${this.host.graph}/refresh_access_token`);
    url.search = new URLSearchParams({ grant_type: 'ig_refresh_token', access_token: tokens.accessToken }).toString();
    const answer = await requestJson('instagram', url.toString());
    if (answer.status >= 400) throw this.refusal(answer.json, 'the refresh');
    return this.tokensOf(expectShape('instagram', longLived, answer), tokens.providerUserId);
  }

  async profile(tokens: PlatformTokens): Promise<PlatformProfile> {
    const url = new URL(`${this.host.graph}/${instagramGraphVersion}/me`);
    url.search = new URLSearchParams({ fields: 'user_id,username', access_token: tokens.accessToken }).toString();
    const answer = await requestJson('instagram', url.toString());
    if (answer.status >= 400) throw this.refusal(answer.json, 'the profile');
    const me = expectShape('instagram', meAnswer, answer);
    const providerUserId = me.user_id ?? tokens.providerUserId ?? me.id;
    if (!providerUserId) throw new ProviderError('Instagram did not say who the account is.', 502, 'INSTAGRAM_PROFILE');
    return { providerUserId, displayName: `@${me.username}` };
  }

  revoke(): Promise<'revoked' | 'unsupported'> {
    return Promise.resolve('unsupported');
  }
}
