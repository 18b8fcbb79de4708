import type { ResolvedSession } from '../../core/sessions/session-service';
import type { HttpRequestState } from './endpoint';
import { clearCookie, csrfCookieName, serializeCookie, sessionCookieName } from './cookies';

function isSecure(state: HttpRequestState): boolean {
  const origin = state.config.APP_ORIGIN;
  return origin ? origin.startsWith('https:') : true;
}

/** Sends the session's id in the HttpOnly cookie, living as long as the session may. */
export function setSessionCookie(state: HttpRequestState, session: ResolvedSession): void {
  const maxAgeSeconds = Math.max(0, session.session.expiresAt - Math.floor(Date.now() / 1000));
  state.responseCookies.push(serializeCookie(sessionCookieName, session.id, { maxAgeSeconds, secure: isSecure(state) }));
}

/** The browser's CSRF secret: HttpOnly, for the browser session (the token itself lives in session storage). */
export function setCsrfCookie(state: HttpRequestState, token: string): void {
  state.responseCookies.push(serializeCookie(csrfCookieName, token, { secure: isSecure(state) }));
}

/** Sign-out: both cookies go; the next visit starts with a new CSRF token. */
export function expireSessionCookies(state: HttpRequestState): void {
  state.responseCookies.push(clearCookie(sessionCookieName, isSecure(state)), clearCookie(csrfCookieName, isSecure(state)));
}
