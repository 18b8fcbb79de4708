import { DynamoApiKeys } from '../adapters/aws/dynamo/api-keys';
import { DynamoUserRepository } from '../adapters/aws/dynamo/user-repository';
import { DynamoSessionStore } from '../adapters/aws/dynamo/session-store';
import { DynamoConnectionStore, DynamoTicketStore } from '../adapters/aws/dynamo/realtime-stores';
import { ApiGatewayConnectionSender } from '../adapters/aws/websocket-sender';
import { readSsmParameter } from '../adapters/aws/ssm-parameter';
import { BearerAuthenticator } from '../core/api-keys/bearer-auth';
import type { UserRepository } from '../core/ports/accounts';
import { RealtimeService } from '../core/realtime/realtime-service';
import { RecentSessions, RememberingSessionStore } from '../core/sessions/recent-sessions';
import { SessionService } from '../core/sessions/session-service';
import { getAppOrigin } from '../platform/app-origin';
import { connectionsOf } from './clients/connections';
import type { EntryContext } from '../platform/entry-context';
import { tableOf } from './clients/table';

/** The pieces several entry points build the same way: sessions, users, the realtime service. */

/** One memory of recent sessions per table and process, shared by every area the process serves. */
const recentSessions = new Map<string, RecentSessions>();

function recentSessionsOf(tableName: string, ttlMs: number): RecentSessions {
  const key = `${tableName}\u0000${ttlMs}`;
  let recent = recentSessions.get(key);
  if (!recent) {
    recent = new RecentSessions({ ttlMs });
    recentSessions.set(key, recent);
  }
  return recent;
}

export function sessionsOf(context: EntryContext): SessionService {
  const { config } = context;
  const table = tableOf(context, 'read-write');
  const store = new RememberingSessionStore(new DynamoSessionStore(table), recentSessionsOf(table.tableName, config.SESSION_RECALL_MS));
  return new SessionService(store, {
    idleMs: config.SESSION_IDLE_MINUTES * 60_000,
    absoluteMs: config.SESSION_ABSOLUTE_HOURS * 3_600_000,
  });
}

/** The bearer credential every edge takes: API keys resolved by their lookup, their calls counted per minute. */
export function bearerAuthOf(context: EntryContext): BearerAuthenticator {
  const users = usersOf(context, 'read');
  return new BearerAuthenticator({
    store: new DynamoApiKeys(tableOf(context, 'read-write')),
    tierOf: async (userId) => (await users.get(userId))?.subscriptionTier ?? 'free',
  });
}

export function usersOf(context: EntryContext, mode: 'read' | 'read-write' = 'read-write'): UserRepository {
  return new DynamoUserRepository(tableOf(context, mode));
}

/** Tickets, connections and pushes (the one publish port); tickets die with their session. */
export function realtimeOf(context: EntryContext, sessions: SessionService = sessionsOf(context)): RealtimeService {
  const table = tableOf(context, 'read-write');
  return new RealtimeService(new DynamoConnectionStore(table), new DynamoTicketStore(table), new ApiGatewayConnectionSender(connectionsOf(context)), (hash) =>
    sessions.isLive(hash),
  );
}

/** What a signed-in area's composition starts from: the table, its sessions, the realtime pushes over them, the users. */
export function signedInAreaOf(context: EntryContext) {
  const table = tableOf(context, 'read-write');
  const sessions = sessionsOf(context);
  return { table, sessions, apiKeys: bearerAuthOf(context), publisher: realtimeOf(context, sessions), users: usersOf(context) };
}

export function appOriginOf(context: EntryContext): () => Promise<string> {
  return () => getAppOrigin(context.config, readSsmParameter);
}
