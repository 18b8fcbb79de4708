import { getItem } from '../adapters/aws/dynamo/table';
import type { RealtimeService } from '../core/realtime/realtime-service';
import type { BearerAuthenticator } from '../core/api-keys/bearer-auth';
import type { SessionService } from '../core/sessions/session-service';
import type { EntryContext } from '../platform/entry-context';
import { tableOf } from './clients/table';
import { bearerAuthOf, realtimeOf, sessionsOf } from './shared';

/** Health (a table read), the CSRF token, WebSocket tickets. */
export interface SystemDeps {
  sessions: SessionService;
  apiKeys: BearerAuthenticator;
  /** One read of the table: throws when the database cannot be reached. */
  pingDatabase: () => Promise<void>;
  tickets: Pick<RealtimeService, 'issueTicket'>;
}

export function composeSystem(context: EntryContext): SystemDeps {
  const sessions = sessionsOf(context);
  const table = tableOf(context, 'read-write');
  const pingDatabase = async () => {
    await getItem(table, { pk: 'HEALTH', sk: 'HEALTH' });
  };
  return { sessions, apiKeys: bearerAuthOf(context), pingDatabase, tickets: realtimeOf(context, sessions) };
}
