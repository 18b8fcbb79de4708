import type { TableRef } from '../adapters/aws/dynamo/table';
import type { RealtimeService } from '../core/realtime/realtime-service';
import type { SessionService } from '../core/sessions/session-service';
import type { EntryContext } from '../platform/entry-context';
import { tableOf } from './clients/table';
import { realtimeOf, sessionsOf } from './shared';

/** Health (a table read), the CSRF token, WebSocket tickets. */
export interface SystemDeps {
  sessions: SessionService;
  table: TableRef;
  tickets: Pick<RealtimeService, 'issueTicket'>;
}

export function composeSystem(context: EntryContext): SystemDeps {
  const sessions = sessionsOf(context);
  return { sessions, table: tableOf(context, 'read-write'), tickets: realtimeOf(context, sessions) };
}
