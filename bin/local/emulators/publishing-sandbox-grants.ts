import { createHash, randomBytes } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { PublishingPlatform } from '../../../functions/contract/publishing';
import { providerIdOf } from './publishing-sandbox-posting';

/**
 * The platform sandbox's OAuth book: the codes, grants and tokens it issued, kept in a state file across
 * restarts (npm start) so tokens the app stored stay valid, and the token calls and revocations tests read.
 */
export interface SandboxClient {
  id: string;
  secret: string;
}

export interface TokenCall {
  platform: PublishingPlatform;
  grantType: string;
  outcome: 'issued' | 'refused';
}

export const sandboxScopes: Record<PublishingPlatform, string[]> = {
  tiktok: ['video.publish', 'video.upload'],
  youtube: ['https://www.googleapis.com/auth/youtube.upload', 'https://www.googleapis.com/auth/youtube.readonly'],
  instagram: ['instagram_business_basic', 'instagram_business_content_publish'],
};
export const lifetimes = { tiktok: 7200, youtube: 3599, instagramShort: 3600, instagramLong: 60 * 24 * 3600, tiktokRefresh: 365 * 24 * 3600 };

export interface Code {
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

export const secret = (prefix: string) => `${prefix}${randomBytes(24).toString('base64url')}`;
const now = () => Date.now();

export class SandboxGrants {
  readonly tokenCalls: TokenCall[] = [];
  readonly revocations: { platform: PublishingPlatform; user: string }[] = [];
  private state: State = { codes: {}, grants: {}, tokens: {} };

  constructor(private readonly stateFile?: string) {
    if (stateFile) {
      try {
        this.state = JSON.parse(readFileSync(stateFile, 'utf8')) as State;
      } catch {
        // first start
      }
    }
  }

  get port(): number | undefined {
    return this.state.port;
  }

  set port(port: number | undefined) {
    this.state.port = port;
    this.save();
  }

  save(): void {
    if (!this.stateFile) return;
    writeFileSync(`${this.stateFile}.tmp`, JSON.stringify(this.state));
    renameSync(`${this.stateFile}.tmp`, this.stateFile);
  }

  issue(grant: string, kind: Token['kind'], seconds: number, prefix: string): string {
    const value = secret(prefix);
    this.state.tokens[value] = { grant, kind, expiresAt: now() + seconds * 1000, spent: false };
    return value;
  }

  /** The grant behind a live token of the platform, or undefined. */
  live(platform: PublishingPlatform, value: string | undefined, kind: Token['kind']): { token: Token; grant: Grant; grantId: string } | undefined {
    const token = value ? this.state.tokens[value] : undefined;
    const grant = token ? this.state.grants[token.grant] : undefined;
    if (!token || !grant || grant.platform !== platform || token.kind !== kind || token.spent || grant.revoked || token.expiresAt <= now()) return undefined;
    return { token, grant, grantId: token.grant };
  }

  /** A new authorization code for the user, valid five minutes. */
  newCode(code: Omit<Code, 'expiresAt'>, prefix: string): string {
    const value = secret(prefix);
    this.state.codes[value] = { ...code, expiresAt: now() + 5 * 60_000 };
    this.save();
    return value;
  }

  /** Takes a code once: its record when the client, redirect URI and PKCE verifier match. */
  takeCode(platform: PublishingPlatform, form: URLSearchParams): Code | undefined {
    const value = (form.get('code') ?? '').replace(/#_$/, '');
    const code = this.state.codes[value];
    if (!code || code.platform !== platform) return undefined;
    delete this.state.codes[value];
    if (code.expiresAt <= now() || code.redirectUri !== form.get('redirect_uri')) return undefined;
    if (code.challenge) {
      const verifier = form.get('code_verifier') ?? '';
      if (createHash('sha256').update(verifier).digest('base64url') !== code.challenge) return undefined;
    }
    return code;
  }

  newGrant(code: Pick<Code, 'platform' | 'user' | 'scope'>): string {
    const id = secret('grant_');
    this.state.grants[id] = { platform: code.platform, user: code.user, scope: code.scope, revoked: false };
    return id;
  }

  record(platform: PublishingPlatform, grantType: string, outcome: TokenCall['outcome']): void {
    this.tokenCalls.push({ platform, grantType, outcome });
  }

  revoke(platform: PublishingPlatform, grant: Grant): void {
    grant.revoked = true;
    this.revocations.push({ platform, user: grant.user });
    this.save();
  }

  /** Makes every grant of a platform refused from now on. */
  expireGrants(platform: PublishingPlatform): void {
    for (const grant of Object.values(this.state.grants)) if (grant.platform === platform) grant.revoked = true;
    this.save();
  }

  /** A connected account without the consent dance (tests and the bench). */
  grantFor(platform: PublishingPlatform, user: string): { accessToken: string; providerUserId: string; username: string } {
    const grant = this.newGrant({ platform, user, scope: sandboxScopes[platform].join(',') });
    const accessToken = this.issue(
      grant,
      'access',
      platform === 'instagram' ? lifetimes.instagramLong : lifetimes[platform],
      platform === 'tiktok' ? 'act.' : platform === 'youtube' ? 'ya29.sbx' : 'IGQWsbxL',
    );
    this.save();
    return { accessToken, providerUserId: providerIdOf(platform, user), username: user };
  }
}
