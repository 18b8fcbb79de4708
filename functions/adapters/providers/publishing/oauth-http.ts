import type { z } from 'zod';
import { ProviderError } from '../../../core/errors';
import { InvalidGrantError, PlatformNotConfiguredError, type PlatformTokens } from '../../../core/ports/publishing';
import type { PublishingPlatform } from '../../../contract/publishing';
import { platformNames } from '../../../contract/publishing';

/**
 * The HTTP of the platforms' OAuth endpoints: form posts and JSON reads with a deadline, the
 * answer parsed by the platform's own zod shape. A network failure or a 5xx is a ProviderError (502);
 * the caller reads 4xx bodies itself (each platform words its refusals differently). Nothing here logs a
 * request or a body: they carry secrets.
 */
const deadlineMs = 15_000;
/** An answer larger than this is not an OAuth answer. */
const maxAnswerBytes = 256 * 1024;

export interface PlatformAnswer {
  status: number;
  json: unknown;
}

async function send(platform: PublishingPlatform, url: string, init: RequestInit): Promise<PlatformAnswer> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(deadlineMs) });
  } catch {
    throw new ProviderError(`${platformNames[platform]} could not be reached. Please try again.`, 502, 'PLATFORM_UNREACHABLE');
  }
  const text = await response.text();
  if (response.status >= 500) throw new ProviderError(`${platformNames[platform]} is not answering right now. Please try again.`, 502, 'PLATFORM_ERROR');
  if (text.length > maxAnswerBytes) throw new ProviderError(`${platformNames[platform]} answered something unexpected.`, 502, 'PLATFORM_ANSWER');
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : {};
  } catch {
    json = { unparsed: true };
  }
  return { status: response.status, json };
}

export function postForm(
  platform: PublishingPlatform,
  url: string,
  fields: Record<string, string | undefined>,
  headers: Record<string, string> = {},
): Promise<PlatformAnswer> {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) body.set(name, value);
  return send(platform, url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', ...headers },
    body,
  });
}

export function requestJson(
  platform: PublishingPlatform,
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<PlatformAnswer> {
  return send(platform, url, {
    method: init.method ?? 'GET',
    headers: { accept: 'application/json', ...(init.body !== undefined ? { 'content-type': 'application/json; charset=UTF-8' } : {}), ...init.headers },
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
}

/** The answer in the expected shape, or a ProviderError naming the platform (never echoing the body). */
export function expectShape<T>(platform: PublishingPlatform, schema: z.ZodType<T>, answer: PlatformAnswer): T {
  const parsed = schema.safeParse(answer.json);
  if (!parsed.success) throw new ProviderError(`${platformNames[platform]} answered something unexpected.`, 502, 'PLATFORM_ANSWER');
  return parsed.data;
}

/** A base URL that replaces every host of a platform (the local sandbox), or the platform's own hosts. */
export function hostOf(base: string | undefined, real: string): string {
  return (base ?? real).replace(/\/+$/, '');
}

/** The platform's client id and secret (env locally, SSM in the cloud); undefined when not configured. */
export interface ClientCredentials {
  clientId: string;
  clientSecret: string;
}
export type CredentialsSource = () => Promise<ClientCredentials | undefined>;

/**
 * What the three platforms' OAuth clients share: their app's credentials, read when first needed (a
 * platform with none configured refuses with PlatformNotConfiguredError), and the clock tokens expire by.
 */
export abstract class PlatformOAuthClient {
  abstract readonly platform: PublishingPlatform;

  constructor(
    private readonly credentials: CredentialsSource,
    /** Replaces every host of the platform when set (the local sandbox). */
    private readonly baseUrl: string | undefined,
    protected readonly clock: () => number = Date.now,
  ) {}

  /** The platform's own hosts by role, each replaced by the base URL when one is set. */
  protected hostsOf<Role extends string>(real: Record<Role, string>): Record<Role, string> {
    return Object.fromEntries(Object.entries<string>(real).map(([role, host]) => [role, hostOf(this.baseUrl, host)])) as Record<Role, string>;
  }

  protected async client(): Promise<ClientCredentials> {
    const credentials = await this.credentials();
    if (!credentials) throw new PlatformNotConfiguredError(this.platform);
    return credentials;
  }

  /** The platform's sign-in page: `address` with the client id and the other query fields. */
  protected async signInUrl(address: string, fields: (clientId: string) => Record<string, string>): Promise<string> {
    const { clientId } = await this.client();
    const url = new URL(address);
    url.search = new URLSearchParams(fields(clientId)).toString();
    return url.toString();
  }
}

/**
 * A platform with the standard authorization-code and refresh-token grants (TikTok, Google): the code and
 * the refresh token go to the same token endpoint, which each platform words its own way in `token`.
 */
export abstract class RefreshTokenOAuthClient extends PlatformOAuthClient {
  protected abstract token(fields: Record<string, string | undefined>): Promise<PlatformTokens>;

  exchange(code: string, redirectUri: string, codeVerifier: string | undefined): Promise<PlatformTokens> {
    return this.token({ code, grant_type: 'authorization_code', redirect_uri: redirectUri, code_verifier: codeVerifier });
  }

  refresh(tokens: PlatformTokens): Promise<PlatformTokens> {
    if (!tokens.refreshToken) return Promise.reject(new InvalidGrantError(this.platform, false, 'no refresh token'));
    return this.token({ grant_type: 'refresh_token', refresh_token: tokens.refreshToken });
  }
}
