import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { ConnectedAccount, OAuthCallbackQuery, PublishingPlatform } from '../../contract/publishing';
import { platformNames, publishingMessages } from '../../contract/publishing';
import type { ConnectOutcome } from '../../contract/rules/publishing';
import { ConflictError, LimitExceededError, NotFoundError, ProviderError } from '../errors';
import {
  InvalidGrantError,
  PlatformNotConfiguredError,
  type ConnectedAccountStore,
  type OAuthStateStore,
  type PlatformOAuth,
  type PlatformTokens,
  type StoredAccount,
  type TokenSealer,
} from '../ports/publishing';
import { newState, stateHashOf, stateLifetimeMs } from './oauth-state';
import { codeChallengeOf, newCodeVerifier } from './pkce';
import type { Log } from '../ports/log';

/**
 * Connected accounts: connecting a TikTok, YouTube or Instagram account by the platform's
 * OAuth, listing and disconnecting them, and the one way to a usable access token (`accessTokenFor`),
 * which refreshes ahead of expiry and keeps a rotated refresh token. A publication names an account by
 * its id (`PUBACCT#<id>` under the same user); the posting step asks this service for the token.
 *
 * Tokens never leave this service in the clear except as `accessTokenFor`'s answer to the posting code;
 * they are sealed before they are stored and never logged (log lines name the platform and outcome only).
 */
export interface ConnectedAccountsDeps {
  store: ConnectedAccountStore;
  states: OAuthStateStore;
  sealer: TokenSealer;
  platforms: Readonly<Record<PublishingPlatform, PlatformOAuth>>;
  /** The user's plan's connected accounts limit. */
  limitOf(userId: string): Promise<number>;
  /** The app's public origin (the callback's redirect URI and the return). */
  origin(): Promise<string>;
  log: Log;
  clock?: () => number;
  /** Waits between reads while another process refreshes (tests shorten it). */
  pause?: (ms: number) => Promise<void>;
}

const defaultReturn = '/settings';
/** How long a refresh may hold its claim, how often a waiting caller reads again, and for how long. */
const refreshClaimMs = 20_000;
const refreshWaitMs = 200;
const refreshAttempts = 60;

/** The sealed JSON of an account's tokens. */
const sealedTokensSchema = z.object({
  accessToken: z.string().min(1),
  refreshToken: z.string().min(1).optional(),
  accessExpiresAt: z.number(),
  refreshExpiresAt: z.number().optional(),
  scope: z.string().optional(),
  providerUserId: z.string().optional(),
});

/** One id per (user, platform, platform account): connecting the same account again reconnects it. */
export function accountIdOf(userId: string, platform: PublishingPlatform, providerUserId: string): string {
  return createHash('sha256').update(`${userId}\u0000${platform}\u0000${providerUserId}`).digest('hex').slice(0, 26).toUpperCase();
}

export function toPublicAccount(account: StoredAccount): ConnectedAccount {
  return { id: account.id, platform: account.platform, displayName: account.displayName, status: account.status };
}

export function callbackPath(platform: PublishingPlatform): string {
  return `/api/publishing/oauth/${platform}/callback`;
}

/** The status an account gets when the platform refuses its refresh token. */
export class AccountNeedsReconnectError extends ConflictError {
  constructor(platform: PublishingPlatform) {
    super(`${platformNames[platform]} needs to be reconnected`, undefined, 'ACCOUNT_NEEDS_RECONNECT');
  }
}

export class ConnectedAccountsService {
  private readonly clock: () => number;
  private readonly pause: (ms: number) => Promise<void>;

  constructor(private readonly deps: ConnectedAccountsDeps) {
    this.clock = deps.clock ?? Date.now;
    this.pause = deps.pause ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  private context(account: Pick<StoredAccount, 'userId' | 'id'>): string {
    return `${account.userId}/${account.id}`;
  }

  async list(userId: string): Promise<ConnectedAccount[]> {
    const accounts = await this.deps.store.list(userId);
    return accounts.map(toPublicAccount);
  }

  /**
   * The platform's authorize URL, with a new single-use state bound to the user. Refused early (403)
   * when the plan's limit is reached and the user has no account of this platform to reconnect; the
   * limit itself is held by the creation's transaction at the callback.
   */
  async startConnect(userId: string, platform: PublishingPlatform, returnUrl = defaultReturn): Promise<{ url: string }> {
    const oauth = this.deps.platforms[platform];
    const [accounts, limit] = await Promise.all([this.deps.store.list(userId), this.deps.limitOf(userId)]);
    if (accounts.length >= limit && !accounts.some((account) => account.platform === platform))
      throw new LimitExceededError(publishingMessages.limitReached, { limit }, 'CONNECTED_ACCOUNT_LIMIT');
    const state = newState();
    const codeVerifier = oauth.usesPkce ? newCodeVerifier() : undefined;
    const origin = await this.deps.origin();
    const url = await this.guard(platform, () =>
      oauth.authorizeUrl({
        state: state.value,
        redirectUri: `${origin}${callbackPath(platform)}`,
        codeChallenge: codeChallengeOf(codeVerifier ?? newCodeVerifier()),
      }),
    );
    await this.deps.states.save(state.hash, {
      userId,
      platform,
      ...(codeVerifier ? { codeVerifier } : {}),
      returnUrl,
      expiresAt: this.clock() + stateLifetimeMs,
    });
    this.deps.log.info('publishing connect started', { platform });
    return { url };
  }

  /**
   * The platform's redirect back: takes the state (once), exchanges the code, reads who the account is,
   * stores it sealed (counted against the plan in one transaction, or its tokens replaced when it is
   * connected already) and answers where the browser goes next.
   */
  async completeConnect(platform: PublishingPlatform, query: OAuthCallbackQuery, sessionUserId: string | undefined): Promise<{ location: string }> {
    const origin = await this.deps.origin();
    const back = (outcome: ConnectOutcome, returnUrl = defaultReturn) => {
      const url = new URL(returnUrl, origin);
      url.searchParams.set('publishing', outcome);
      url.searchParams.set('platform', platform);
      this.deps.log.info('publishing connect finished', { platform, outcome });
      return { location: `${url.pathname}${url.search}` };
    };
    if (!query.state) return back('failed');
    const state = await this.deps.states.take(stateHashOf(query.state), this.clock(), sessionUserId);
    if (!state) return back('expired');
    if (state.platform !== platform) return back('failed', state.returnUrl);
    if (query.error !== undefined) return back(query.error === 'access_denied' ? 'denied' : 'failed', state.returnUrl);
    if (!query.code) return back('failed', state.returnUrl);
    const oauth = this.deps.platforms[platform];
    let tokens: PlatformTokens;
    let profile;
    try {
      tokens = await oauth.exchange(query.code, `${origin}${callbackPath(platform)}`, state.codeVerifier);
      profile = await oauth.profile(tokens);
    } catch (error) {
      this.deps.log.warn('publishing code exchange failed', { platform, error: error instanceof Error ? error.name : 'unknown' });
      return back('failed', state.returnUrl);
    }
    const { userId } = state;
    const id = accountIdOf(userId, platform, profile.providerUserId);
    const now = new Date(this.clock()).toISOString();
    const sealedTokens = await this.deps.sealer.seal(JSON.stringify(tokens), this.context({ userId, id }));
    const account: StoredAccount = {
      id,
      userId,
      platform,
      displayName: profile.displayName.slice(0, 150),
      status: 'connected',
      providerUserId: profile.providerUserId,
      sealedTokens,
      accessExpiresAt: tokens.accessExpiresAt,
      tokenVersion: 1,
      connectedAt: now,
      updatedAt: now,
    };
    const outcome = await this.deps.store.create(account, await this.deps.limitOf(userId));
    if (outcome === 'exists') {
      await this.deps.store.replaceTokens(userId, id, { sealedTokens, accessExpiresAt: tokens.accessExpiresAt, displayName: account.displayName });
    } else if (outcome === 'limit') {
      // Not kept: the grant is given back so the platform does not list an app that holds nothing.
      await oauth.revoke(tokens).catch(() => undefined);
      return back('limit', state.returnUrl);
    }
    return back('connected', state.returnUrl);
  }

  /** Revokes the grant where the platform allows (a failure there does not keep the account) and deletes it. */
  async disconnect(userId: string, accountId: string): Promise<void> {
    const account = await this.deps.store.get(userId, accountId);
    if (!account) throw new NotFoundError(publishingMessages.accountNotFound);
    try {
      const tokens = await this.open(account);
      const outcome = await this.deps.platforms[account.platform].revoke(tokens);
      this.deps.log.info('publishing account revoked', { platform: account.platform, outcome });
    } catch (error) {
      this.deps.log.warn('publishing revoke failed', { platform: account.platform, error: error instanceof Error ? error.name : 'unknown' });
    }
    if (!(await this.deps.store.remove(userId, accountId))) throw new NotFoundError(publishingMessages.accountNotFound);
  }

  /**
   * Closing the account: every connected account's grant revoked where the platform allows
   * (a failure is logged, not fatal: the records go with the partition). Answers how many were revoked.
   */
  async revokeAll(userId: string): Promise<number> {
    let revoked = 0;
    for (const account of await this.deps.store.list(userId)) {
      try {
        const outcome = await this.deps.platforms[account.platform].revoke(await this.open(account));
        if (outcome === 'revoked') revoked += 1;
        this.deps.log.info('publishing account revoked at closure', { platform: account.platform, outcome });
      } catch (error) {
        this.deps.log.warn('publishing revoke at closure failed', { platform: account.platform, error: error instanceof Error ? error.name : 'unknown' });
      }
    }
    return revoked;
  }

  /**
   * A usable access token of the user's account, refreshed first when it expires within the platform's
   * margin. One caller per account refreshes (a claim with a deadline on the record); the others wait
   * and read its tokens. The new tokens (TikTok's rotated refresh token) are written only if nobody wrote
   * since (compare-and-set on `tokenVersion`); a refusal after another process rotated reads the winner's. A refusal of the current refresh token marks the account
   * `expired` (or `revoked`) and throws 409: the user reconnects.
   */
  async accessTokenFor(userId: string, accountId: string): Promise<{ accessToken: string; account: StoredAccount }> {
    for (let attempt = 0; attempt < refreshAttempts; attempt += 1) {
      const account = await this.deps.store.get(userId, accountId);
      if (!account) throw new NotFoundError(publishingMessages.accountNotFound);
      if (account.status !== 'connected') throw new AccountNeedsReconnectError(account.platform);
      const oauth = this.deps.platforms[account.platform];
      const tokens = await this.open(account);
      if (tokens.accessExpiresAt - this.clock() > oauth.refreshAheadMs) return { accessToken: tokens.accessToken, account };
      // One refresh at a time per account: a rotating refresh token works once. Others wait for its result.
      if (!(await this.deps.store.claimRefresh(userId, accountId, account.tokenVersion, this.clock(), this.clock() + refreshClaimMs))) {
        await this.pause(refreshWaitMs);
        continue;
      }
      let fresh: PlatformTokens;
      try {
        fresh = await this.guard(account.platform, () => oauth.refresh(tokens));
      } catch (error) {
        if (!(error instanceof InvalidGrantError)) throw error;
        const now = await this.deps.store.get(userId, accountId);
        if (now && now.tokenVersion !== account.tokenVersion) continue;
        await this.deps.store.markStatus(userId, accountId, error.revoked ? 'revoked' : 'expired', account.tokenVersion);
        this.deps.log.warn('publishing account needs reconnecting', { platform: account.platform, revoked: error.revoked });
        throw new AccountNeedsReconnectError(account.platform);
      }
      const merged: PlatformTokens = {
        ...fresh,
        refreshToken: fresh.refreshToken ?? tokens.refreshToken,
        refreshExpiresAt: fresh.refreshExpiresAt ?? tokens.refreshExpiresAt,
      };
      const sealedTokens = await this.deps.sealer.seal(JSON.stringify(merged), this.context(account));
      if (await this.deps.store.replaceTokens(userId, accountId, { sealedTokens, accessExpiresAt: merged.accessExpiresAt }, account.tokenVersion)) {
        return {
          accessToken: merged.accessToken,
          account: { ...account, sealedTokens, accessExpiresAt: merged.accessExpiresAt, tokenVersion: account.tokenVersion + 1 },
        };
      }
    }
    throw new ProviderError('The account changed while it was refreshed; try again', 503, 'ACCOUNT_BUSY');
  }

  private async open(account: StoredAccount): Promise<PlatformTokens> {
    const plain = await this.deps.sealer.open(account.sealedTokens, this.context(account));
    return sealedTokensSchema.parse(JSON.parse(plain));
  }

  /** A platform that is not configured is a 503 with a message for the user. */
  private async guard<T>(platform: PublishingPlatform, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof PlatformNotConfiguredError)
        throw new ProviderError(publishingMessages.notConfigured(platformNames[platform]), 503, 'PLATFORM_NOT_CONFIGURED');
      throw error;
    }
  }
}
