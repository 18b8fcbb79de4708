import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useSWRConfig } from 'swr';

import { apiGet } from '@/lib/api-client';
import { RealtimeClient, realtimeUrl, type RealtimeHandler, type RealtimeState, type SocketLike } from '@/lib/realtime-client';
import type { SubscriptionType } from '@contract/realtime';

export interface RealtimeApi {
  state: RealtimeState;
  /** True once the server has accepted the ticket; features fall back to polling otherwise. */
  connected: boolean;
  /** Subscribes to server message types; returns the release function. */
  subscribe(types: readonly SubscriptionType[]): () => void;
  /** Registers a handler for non-protocol messages; returns its remover. */
  onMessage(handler: RealtimeHandler): () => void;
}

const disconnected: RealtimeApi = {
  state: 'closed',
  connected: false,
  subscribe: () => () => undefined,
  onMessage: () => () => undefined,
};

const RealtimeContext = createContext<RealtimeApi>(disconnected);

/** True when an SWR key (a string or an array whose first element is the path) is under `base`. */
export function keyIsUnder(key: unknown, base: string): boolean {
  const path = typeof key === 'string' ? key : Array.isArray(key) && typeof key[0] === 'string' ? key[0] : undefined;
  if (!path) return false;
  return path === base || path.startsWith(`${base}?`) || path.startsWith(`${base}/`);
}

async function fetchTicket(): Promise<string> {
  const { ticket } = await apiGet<{ ticket?: unknown }>('/api/ws-ticket');
  if (typeof ticket !== 'string' || !ticket) throw new Error('The realtime ticket answer has no ticket');
  return ticket;
}

/**
 * Holds the realtime connection while a user is signed in (made only when there
 * is a user; closed when there is none). `scripts` and `media` messages refresh those SWR lists.
 */
export function RealtimeProvider({ userId, children }: { userId: string | undefined; children: ReactNode }) {
  const { mutate } = useSWRConfig();
  const [client] = useState(
    () =>
      new RealtimeClient({
        url: realtimeUrl(window.location),
        // The browser's WebSocket has the shape the client needs (its handler types are narrower).
        createSocket: (url) => new WebSocket(url) as unknown as SocketLike,
        fetchTicket,
        refresh: (base) => void mutate((key) => keyIsUnder(key, base)),
      }),
  );
  const [state, setState] = useState<RealtimeState>(client.state);

  useEffect(() => client.onStateChange(setState), [client]);

  useEffect(() => {
    if (!userId) return undefined;
    client.start();
    return () => client.stop();
  }, [client, userId]);

  const api = useMemo<RealtimeApi>(
    () => ({
      state,
      connected: state === 'authenticated',
      subscribe: (types) => client.subscribe(types),
      onMessage: (handler) => client.onMessage(handler),
    }),
    [client, state],
  );

  return <RealtimeContext.Provider value={api}>{children}</RealtimeContext.Provider>;
}

export function useRealtime(): RealtimeApi {
  return useContext(RealtimeContext);
}
