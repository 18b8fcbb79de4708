import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { RECONNECT_DELAY_MS, RealtimeClient, realtimeUrl, type SocketLike } from '../../frontend/src/lib/realtime-client';
import type { ServerMessage } from '../../functions/contract/realtime';

/** A WebSocket stand-in the test drives by hand. */
class FakeSocket implements SocketLike {
  readyState = 0;
  sent: Record<string, unknown>[] = [];
  closed = false;
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;

  constructor(readonly url: string) {}

  send(data: string): void {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.readyState = 3;
    this.onclose?.({});
  }

  /** The server accepts the connection. */
  open(): void {
    this.readyState = 1;
    this.onopen?.({});
  }

  /** The server sends a message. */
  receive(message: Record<string, unknown> | string): void {
    this.onmessage?.({ data: typeof message === 'string' ? message : JSON.stringify(message) });
  }

  /** The connection drops from the server's side. */
  drop(): void {
    this.close();
  }
}

function setup(options: { ticket?: () => Promise<string> } = {}) {
  const sockets: FakeSocket[] = [];
  const refresh = vi.fn<(key: string) => void>();
  const logger = { warn: vi.fn() };
  const fetchTicket = vi.fn(options.ticket ?? (() => Promise.resolve('ticket-1')));
  const client = new RealtimeClient({
    url: 'ws://app.test/ws',
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    fetchTicket,
    refresh,
    logger,
  });
  const latest = (): FakeSocket => {
    const socket = sockets.at(-1);
    if (!socket) throw new Error('no socket was created');
    return socket;
  };
  return { client, sockets, latest, refresh, logger, fetchTicket };
}

/** Lets pending promise callbacks (the ticket request) run; setImmediate is not faked. */
const settle = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Opens the latest socket and lets the ticket promise settle. */
async function openAndAuthenticate(latest: () => FakeSocket, client: RealtimeClient): Promise<FakeSocket> {
  const socket = latest();
  socket.open();
  await settle();
  expect(socket.sent).toContainEqual({ action: 'authenticate', token: 'ticket-1' });
  socket.receive({ type: 'auth_success', userId: 'user-1' });
  expect(client.state).toBe('authenticated');
  return socket;
}

describe('realtime client', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('connects only when started, to the given URL', () => {
    const { client, sockets } = setup();
    expect(sockets).toHaveLength(0);
    expect(client.state).toBe('closed');

    client.start();

    expect(sockets.map((socket) => socket.url)).toEqual(['ws://app.test/ws']);
  });

  it('goes closed → open → authenticated, sending a fresh ticket on open', async () => {
    const { client, latest, fetchTicket } = setup();
    const states: string[] = [];
    client.onStateChange((state) => states.push(state));
    client.start();

    latest().open();
    expect(client.state).toBe('open');
    await settle();
    expect(latest().sent).toEqual([{ action: 'authenticate', token: 'ticket-1' }]);
    latest().receive({ type: 'auth_success', userId: 'user-1' });

    expect(fetchTicket).toHaveBeenCalledTimes(1);
    expect(states).toEqual(['open', 'authenticated']);
  });

  it('sends subscriptions made before authentication once authenticated', async () => {
    const { client, latest } = setup();
    client.subscribe(['scripts']);
    client.start();

    const socket = await openAndAuthenticate(latest, client);

    expect(socket.sent).toEqual([
      { action: 'authenticate', token: 'ticket-1' },
      { action: 'subscribe', types: ['scripts'] },
    ]);
  });

  it('subscribes at once when already authenticated, and unsubscribes when the last holder releases', async () => {
    const { client, latest } = setup();
    client.start();
    const socket = await openAndAuthenticate(latest, client);

    const releaseA = client.subscribe(['media']);
    const releaseB = client.subscribe(['media']);
    releaseA();
    releaseA();
    expect(client.subscribedTypes).toEqual(['media']);
    releaseB();

    expect(socket.sent.slice(1)).toEqual([
      { action: 'subscribe', types: ['media'] },
      { action: 'unsubscribe', types: ['media'] },
    ]);
    expect(client.subscribedTypes).toEqual([]);
  });

  it('reconnects 3 s after a close and re-sends the remembered subscriptions', async () => {
    const { client, sockets, latest } = setup();
    client.start();
    const first = await openAndAuthenticate(latest, client);
    client.subscribe(['scripts', 'media']);

    first.drop();
    expect(client.state).toBe('closed');
    vi.advanceTimersByTime(RECONNECT_DELAY_MS - 1);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);

    const second = await openAndAuthenticate(latest, client);
    expect(second.sent).toEqual([
      { action: 'authenticate', token: 'ticket-1' },
      { action: 'subscribe', types: ['scripts', 'media'] },
    ]);
  });

  it('closes on auth_error, then reconnects', async () => {
    const { client, sockets, latest } = setup();
    client.start();
    const socket = latest();
    socket.open();
    await settle();
    expect(socket.sent).toHaveLength(1);

    socket.receive({ type: 'auth_error', message: 'Invalid ticket' });

    expect(socket.closed).toBe(true);
    expect(client.state).toBe('closed');
    vi.advanceTimersByTime(RECONNECT_DELAY_MS);
    expect(sockets).toHaveLength(2);
  });

  it('closes (and later retries) when no ticket can be had', async () => {
    const { client, sockets, latest, logger } = setup({ ticket: () => Promise.reject(new Error('401: Unauthorized')) });
    client.start();
    const socket = latest();
    socket.open();

    await settle();
    expect(socket.closed).toBe(true);
    expect(socket.sent).toEqual([]);
    expect(logger.warn).toHaveBeenCalled();
    vi.advanceTimersByTime(RECONNECT_DELAY_MS);
    expect(sockets).toHaveLength(2);
  });

  it('refreshes the scripts and media lists and notifies handlers of their messages', async () => {
    const { client, latest, refresh } = setup();
    const received: ServerMessage[] = [];
    client.onMessage((message) => received.push(message));
    client.start();
    const socket = await openAndAuthenticate(latest, client);

    socket.receive({ type: 'scripts' });
    socket.receive({ type: 'media' });

    expect(refresh.mock.calls).toEqual([['/api/scripts'], ['/api/media']]);
    expect(received.map((message) => message.type)).toEqual(['scripts', 'media']);
  });

  it('passes other messages to handlers without refreshing, and keeps protocol messages to itself', async () => {
    const { client, latest, refresh } = setup();
    const handler = vi.fn();
    const remove = client.onMessage(handler);
    client.start();
    const socket = await openAndAuthenticate(latest, client);

    socket.receive({ type: 'subscription', subscribed: ['scripts'] });
    socket.receive({ type: 'script-update', scriptId: 's1', videoGenerationStatus: 'complete' });
    socket.receive('not json');
    remove();
    socket.receive({ type: 'script-update', scriptId: 's2' });

    expect(handler).toHaveBeenCalledTimes(1);
    expect(handler).toHaveBeenCalledWith({ type: 'script-update', scriptId: 's1', videoGenerationStatus: 'complete' });
    expect(refresh).not.toHaveBeenCalled();
  });

  it('does not reconnect after stop', async () => {
    const { client, sockets, latest } = setup();
    client.start();
    const socket = await openAndAuthenticate(latest, client);

    client.stop();

    expect(socket.closed).toBe(true);
    expect(client.state).toBe('closed');
    vi.advanceTimersByTime(RECONNECT_DELAY_MS * 3);
    expect(sockets).toHaveLength(1);
  });

  it('does not authenticate a socket stopped while its ticket was on the way', async () => {
    let resolveTicket: (ticket: string) => void = () => undefined;
    const { client, latest } = setup({ ticket: () => new Promise<string>((resolve) => (resolveTicket = resolve)) });
    client.start();
    const socket = latest();
    socket.open();

    client.stop();
    resolveTicket('late-ticket');
    await Promise.resolve();

    expect(socket.sent).toEqual([]);
  });

  it('builds ws:// or wss:// on the page host', () => {
    expect(realtimeUrl({ protocol: 'http:', host: 'localhost:3000' })).toBe('ws://localhost:3000/ws');
    expect(realtimeUrl({ protocol: 'https:', host: 'app.example.com' })).toBe('wss://app.example.com/ws');
  });
});
