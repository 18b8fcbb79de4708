import type { ConnectedAccountStatus, PublishingPlatform } from '../../contract/publishing';

/**
 * Connected accounts: what the publishing domain needs from the outside. Tokens cross these
 * ports only as `PlatformTokens` (in memory) or sealed (`TokenSealer`): no port stores or answers a
 * token in the clear.
 */

/** A platform's tokens as its token endpoint gave them; times in epoch milliseconds. */
export interface PlatformTokens {
  accessToken: string;
  /** Absent for Instagram (its long-lived access token refreshes itself). */
  refreshToken?: string;
  accessExpiresAt: number;
  refreshExpiresAt?: number;
  /** The scopes granted, as the platform wrote them. */
  scope?: string;
  /** Who they belong to when the token answer says (TikTok's open_id, Instagram's user_id). */
  providerUserId?: string;
}

/** Who the tokens belong to on the platform. */
export interface PlatformProfile {
  /** TikTok's open_id, the YouTube channel id, the Instagram user id. */
  providerUserId: string;
  displayName: string;
}

export interface AuthorizeRequest {
  state: string;
  redirectUri: string;
  /** PKCE S256 challenge (TikTok, YouTube); platforms without PKCE ignore it. */
  codeChallenge: string;
}

/** The platform refused a grant (a code or refresh token that is expired, used or revoked). */
export class InvalidGrantError extends Error {
  override name = 'InvalidGrantError';
  constructor(
    readonly platform: PublishingPlatform,
    /** The platform revoked the grant (the user removed the app), not just let it expire. */
    readonly revoked: boolean,
    detail: string,
  ) {
    super(`${platform} refused the grant: ${detail}`);
  }
}

/** The platform's client id/secret are not configured (503 to the caller). */
export class PlatformNotConfiguredError extends Error {
  override name = 'PlatformNotConfiguredError';
  constructor(readonly platform: PublishingPlatform) {
    super(`${platform} client id/secret are not configured`);
  }
}

/** One platform's OAuth: authorize URL, code exchange, refresh, who the tokens are, revocation. */
export interface PlatformOAuth {
  readonly platform: PublishingPlatform;
  /** Whether PKCE is sent (the state then keeps the verifier). */
  readonly usesPkce: boolean;
  /** How long before the access token's expiry it is refreshed (ms). */
  readonly refreshAheadMs: number;
  authorizeUrl(request: AuthorizeRequest): Promise<string>;
  exchange(code: string, redirectUri: string, codeVerifier: string | undefined): Promise<PlatformTokens>;
  /** New tokens (a rotated refresh token where the platform rotates); throws InvalidGrantError. */
  refresh(tokens: PlatformTokens): Promise<PlatformTokens>;
  profile(tokens: PlatformTokens): Promise<PlatformProfile>;
  /** Revokes the grant at the platform; 'unsupported' where it offers no revocation (Instagram). */
  revoke(tokens: PlatformTokens): Promise<'revoked' | 'unsupported'>;
}

/** Seals secrets with a key the stack owns (AES-256-GCM; KMS data key in the cloud, a key file locally). */
export interface TokenSealer {
  /** `context` is bound to the ciphertext (additional data): opening it under another record fails. */
  seal(plaintext: string, context: string): Promise<string>;
  open(sealed: string, context: string): Promise<string>;
}

/** A pending authorization: what the callback needs, bound to the user who started it. */
export interface OAuthState {
  userId: string;
  platform: PublishingPlatform;
  codeVerifier?: string;
  returnUrl: string;
  /** Epoch ms after which the state is refused. */
  expiresAt: number;
}

export interface OAuthStateStore {
  /** Stores a new state under the hash of its value (never overwrites). */
  save(stateHash: string, state: OAuthState): Promise<void>;
  /**
   * Takes a state once (a conditional delete): undefined when it does not exist, was taken already,
   * has expired at `now`, or (when `userId` is given) belongs to another user.
   */
  take(stateHash: string, now: number, userId?: string): Promise<OAuthState | undefined>;
}

/** A connected account as stored: the contract's fields, whose platform account it is, its sealed tokens. */
export interface StoredAccount {
  id: string;
  userId: string;
  platform: PublishingPlatform;
  displayName: string;
  status: ConnectedAccountStatus;
  providerUserId: string;
  /** `TokenSealer.seal` of the tokens' JSON, bound to `<userId>/<id>`. */
  sealedTokens: string;
  /** When the access token expires (epoch ms), readable without opening the seal. */
  accessExpiresAt: number;
  /** Raised by every token write: the compare-and-set that keeps one refresh's rotation. */
  tokenVersion: number;
  connectedAt: string;
  updatedAt: string;
}

export type CreateOutcome = 'written' | 'limit' | 'exists';

export interface TokenUpdate {
  sealedTokens: string;
  accessExpiresAt: number;
  displayName?: string;
}

export interface ConnectedAccountStore {
  list(userId: string): Promise<StoredAccount[]>;
  get(userId: string, accountId: string): Promise<StoredAccount | undefined>;
  count(userId: string): Promise<number>;
  /** Creates the account and counts it against `limit` in one transaction ('exists': it is there already). */
  create(account: StoredAccount, limit: number): Promise<CreateOutcome>;
  /**
   * Replaces the tokens and sets the status `connected`; with `expectedVersion`, only if nobody wrote
   * the tokens since (false otherwise). Raises the version.
   */
  replaceTokens(userId: string, accountId: string, update: TokenUpdate, expectedVersion?: number): Promise<boolean>;
  /**
   * Claims the right to refresh the tokens of `expectedVersion` until `until` (epoch ms): false when they
   * changed or another claim is still running at `now`. A token write or a status change ends the claim.
   */
  claimRefresh(userId: string, accountId: string, expectedVersion: number, now: number, until: number): Promise<boolean>;
  /** Sets `expired` or `revoked`, only if the tokens are still those of `expectedVersion`. */
  markStatus(userId: string, accountId: string, status: ConnectedAccountStatus, expectedVersion: number): Promise<boolean>;
  /** Deletes the account and steps its counter down; undefined when it was not there. */
  remove(userId: string, accountId: string): Promise<boolean>;
}
