import { apiKeyMessages, type ApiKeyScope } from '../../contract/rules/api-keys';
import { ForbiddenError } from '../../core/errors';
import type { HttpRequestState } from './endpoint';

/** A call's need of a scope beyond its route's, decided by what it asks (a schedule that posts needs `publish`); a session passes. */
export function requireKeyScope(request: HttpRequestState, scope: ApiKeyScope): void {
  if (request.apiKey && !request.apiKey.scopes.includes(scope)) throw new ForbiddenError(apiKeyMessages.needsScope(scope), { scope }, 'API_KEY_SCOPE');
}
