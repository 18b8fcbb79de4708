import type { ResolvedSession } from '../../core/sessions/session-service';
import type { HttpRequestState } from './endpoint';
import { clearSessionCookie, serializeSessionCookie } from './cookies';

function isSecure(state: HttpRequestState): boolean {
  const origin = state.container.config.APP_ORIGIN;
  return origin ? origin.startsWith('https:') : true;
}

/** Sends the session's id in the HttpOnly cookie, living as long as the session may. */
export function setSessionCookie(state: HttpRequestState, session: ResolvedSession): void {
  const maxAgeSeconds = Math.max(0, session.session.expiresAt - Math.floor(Date.now() / 1000));
  state.responseCookies.push(serializeSessionCookie(session.id, { maxAgeSeconds, secure: isSecure(state) }));
}

export function expireSessionCookie(state: HttpRequestState): void {
  state.responseCookies.push(clearSessionCookie(isSecure(state)));
}
