import type { ServerMessage, SubscriptionType } from '@contract/realtime';

/**
 * The realtime connection's state machine, free of
 * React and of DOM types so it can be unit-tested with a fake socket.
 *
 * closed → open (socket connected; a single-use ticket is fetched from the API and sent as
 * `{action:'authenticate', token}`) → authenticated (after `{type:'auth_success'}`). Subscriptions are
 * remembered and re-sent after every authentication. `auth_error` closes the socket; any close
 * schedules a reconnect after 3 s until `stop()`.
 */

export type RealtimeState = 'closed' | 'open' | 'authenticated';

/** Receives every message from the server that is not part of the protocol ("Realtime message"). */
export type RealtimeHandler = (message: ServerMessage) => void;

/** The part of the browser's WebSocket the client uses. */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

/** List keys refreshed by server messages: `scripts` → /api/scripts, `media` → /api/media. */
export const REFRESH_KEYS: Readonly<Record<string, string>> = {
  scripts: '/api/scripts',
  media: '/api/media',
};

export const RECONNECT_DELAY_MS = 3000;
const SOCKET_OPEN = 1;

export interface RealtimeClientOptions {
  url: string;
  createSocket: (url: string) => SocketLike;
  /** Fetches a single-use ticket (`GET /api/ws-ticket` → `{ticket}`). */
  fetchTicket: () => Promise<string>;
  /** Called with a list key (`/api/scripts`, `/api/media`) the server says has changed. */
  refresh?: (key: string) => void;
  reconnectDelayMs?: number;
  logger?: Pick<Console, 'warn'>;
}

export class RealtimeClient {
  private readonly options: RealtimeClientOptions;
  private socket: SocketLike | undefined;
  private currentState: RealtimeState = 'closed';
  private running = false;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly subscriptions = new Map<SubscriptionType, number>();
  private readonly handlers = new Set<RealtimeHandler>();
  private readonly stateListeners = new Set<(state: RealtimeState) => void>();

  constructor(options: RealtimeClientOptions) {
    this.options = options;
  }

  get state(): RealtimeState {
    return this.currentState;
  }

  /** The message types currently subscribed to. */
  get subscribedTypes(): SubscriptionType[] {
    return [...this.subscriptions.keys()];
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.connect();
  }

  /** Closes the connection for good (no reconnect). */
  stop(): void {
    this.running = false;
    this.clearReconnect();
    const socket = this.socket;
    this.socket = undefined;
    if (socket) {
      this.detach(socket);
      socket.close();
    }
    this.setState('closed');
  }

  /**
   * Subscribes to message types; returns the function that releases this subscription. A type stays
   * subscribed while anyone holds it, and is sent to the server (again) after each authentication.
   */
  subscribe(types: readonly SubscriptionType[]): () => void {
    const added = types.filter((type) => {
      const count = this.subscriptions.get(type) ?? 0;
      this.subscriptions.set(type, count + 1);
      return count === 0;
    });
    if (added.length > 0 && this.currentState === 'authenticated') this.send({ action: 'subscribe', types: added });

    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.unsubscribe(types);
    };
  }

  /** Registers a handler for every message that is not part of the protocol; returns its remover. */
  onMessage(handler: RealtimeHandler): () => void {
    this.handlers.add(handler);
    return () => {
      this.handlers.delete(handler);
    };
  }

  onStateChange(listener: (state: RealtimeState) => void): () => void {
    this.stateListeners.add(listener);
    return () => {
      this.stateListeners.delete(listener);
    };
  }

  private unsubscribe(types: readonly SubscriptionType[]): void {
    const removed = types.filter((type) => {
      const count = this.subscriptions.get(type) ?? 0;
      if (count <= 1) {
        this.subscriptions.delete(type);
        return count === 1;
      }
      this.subscriptions.set(type, count - 1);
      return false;
    });
    if (removed.length > 0 && this.currentState === 'authenticated') this.send({ action: 'unsubscribe', types: removed });
  }

  private connect(): void {
    this.clearReconnect();
    let socket: SocketLike;
    try {
      socket = this.options.createSocket(this.options.url);
    } catch (error) {
      this.warn('Realtime connection failed:', error);
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      void this.handleOpen(socket);
    };
    socket.onmessage = (event) => this.handleMessage(socket, event.data);
    socket.onclose = () => this.handleClose(socket);
    socket.onerror = () => {
      // a close event follows; reconnecting is handled there
    };
  }

  private async handleOpen(socket: SocketLike): Promise<void> {
    if (socket !== this.socket) return;
    this.setState('open');
    let ticket: string;
    try {
      ticket = await this.options.fetchTicket();
    } catch (error) {
      this.warn('Realtime authentication failed: no ticket', error);
      if (socket === this.socket) socket.close();
      return;
    }
    if (socket !== this.socket || socket.readyState !== SOCKET_OPEN) return;
    socket.send(JSON.stringify({ action: 'authenticate', token: ticket }));
  }

  private handleMessage(socket: SocketLike, data: unknown): void {
    if (socket !== this.socket) return;
    const message = parseMessage(data);
    if (!message) {
      this.warn('Realtime: ignored a message that is not JSON with a type');
      return;
    }
    switch (message.type) {
      case 'auth_success':
        this.setState('authenticated');
        if (this.subscriptions.size > 0) this.send({ action: 'subscribe', types: this.subscribedTypes });
        return;
      case 'auth_error':
        this.warn('Realtime authentication refused:', message.message ?? '');
        socket.close();
        return;
      case 'subscription':
        return;
      default: {
        const key = REFRESH_KEYS[message.type];
        if (key) this.options.refresh?.(key);
        for (const handler of [...this.handlers]) {
          try {
            handler(message);
          } catch (error) {
            this.warn('Realtime handler failed:', error);
          }
        }
      }
    }
  }

  private handleClose(socket: SocketLike): void {
    if (socket !== this.socket) return;
    this.detach(socket);
    this.socket = undefined;
    this.setState('closed');
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (!this.running) return;
    this.clearReconnect();
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      if (this.running) this.connect();
    }, this.options.reconnectDelayMs ?? RECONNECT_DELAY_MS);
  }

  private clearReconnect(): void {
    if (this.reconnectTimer !== undefined) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
  }

  private send(message: Record<string, unknown>): void {
    const socket = this.socket;
    if (!socket || socket.readyState !== SOCKET_OPEN) return;
    socket.send(JSON.stringify(message));
  }

  private detach(socket: SocketLike): void {
    socket.onopen = null;
    socket.onmessage = null;
    socket.onclose = null;
    socket.onerror = null;
  }

  private setState(state: RealtimeState): void {
    if (state === this.currentState) return;
    this.currentState = state;
    for (const listener of [...this.stateListeners]) listener(state);
  }

  private warn(...args: unknown[]): void {
    (this.options.logger ?? console).warn(...args);
  }
}

function parseMessage(data: unknown): ServerMessage | undefined {
  if (typeof data !== 'string') return undefined;
  try {
    const value = JSON.parse(data) as unknown;
    if (typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string') {
      return value as ServerMessage;
    }
  } catch {
    // fall through
  }
  return undefined;
}

/** `ws://host/ws` or `wss://host/ws`, following the page's protocol. */
export function realtimeUrl(location: { protocol: string; host: string }): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
}
