export const sessionCookieName = 'rs_sid';
export const csrfCookieName = 'rs_csrf';

export function parseCookies(cookies: readonly string[] | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const header of cookies ?? []) {
    for (const part of header.split(';')) {
      const eq = part.indexOf('=');
      if (eq <= 0) continue;
      const name = part.slice(0, eq).trim();
      const value = part.slice(eq + 1).trim();
      if (!(name in out)) {
        try {
          out[name] = decodeURIComponent(value);
        } catch {
          out[name] = value;
        }
      }
    }
  }
  return out;
}

export interface CookieOptions {
  /** Absent: a browser-session cookie. */
  maxAgeSeconds?: number;
  secure: boolean;
}

/** Both of our cookies are HttpOnly and SameSite=Lax on the whole site; Secure over https. */
export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, 'Path=/', 'HttpOnly', 'SameSite=Lax'];
  if (options.maxAgeSeconds !== undefined) parts.push(`Max-Age=${options.maxAgeSeconds}`);
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}

export function serializeSessionCookie(value: string, options: CookieOptions): string {
  return serializeCookie(sessionCookieName, value, options);
}

export function clearCookie(name: string, secure: boolean): string {
  return serializeCookie(name, '', { maxAgeSeconds: 0, secure });
}

export function clearSessionCookie(secure: boolean): string {
  return clearCookie(sessionCookieName, secure);
}
