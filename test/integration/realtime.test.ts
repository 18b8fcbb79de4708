import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../bin/local/stack';
import { services } from '../support/services';
import { clientFor, startTestStack } from './support/stack';
import { TestSocket } from './support/ws-client';
import type { TestClient } from './support/http-client';

let stack: LocalStack;
let wsUrl: string;

beforeAll(async () => {
  stack = await startTestStack();
  wsUrl = stack.url.replace(/^http/, 'ws') + '/ws';
});
afterAll(async () => {
  await stack?.stop();
});

/** A signed-in browser: the accounts issue makes sessions through login; here the service makes one. */
async function signedIn(userId: string): Promise<TestClient> {
  const client = clientFor(stack);
  const session = await services().sessions.start(userId, 'csrf-token-of-this-test-browser-000000000000');
  client.setCookie('rs_sid', session.id);
  return client;
}

async function authenticatedSocket(client: TestClient): Promise<TestSocket> {
  const ticket = await client.get<{ ticket: string }>('/api/ws-ticket');
  expect(ticket.status).toBe(200);
  const socket = await TestSocket.open(wsUrl, stack.url);
  socket.send({ action: 'authenticate', token: ticket.body.ticket });
  return socket;
}

describe('the realtime socket', () => {
  it('refuses a handshake from another origin or without one', async () => {
    await expect(TestSocket.open(wsUrl, 'https://evil.example')).rejects.toThrow(/403/);
    await expect(TestSocket.open(wsUrl, undefined)).rejects.toThrow(/403/);
  });

  it('answers bad frames with an error and stays usable', async () => {
    const socket = await TestSocket.open(wsUrl, stack.url);
    socket.send('not json');
    expect(await socket.next()).toEqual({ type: 'error', message: 'Message must be JSON' });
    socket.send({ action: 'dance' });
    expect(await socket.next()).toEqual({ type: 'error', message: 'Unknown action: dance' });
    socket.send({ action: 'subscribe', types: ['scripts'] });
    expect(await socket.next()).toEqual({ type: 'error', message: 'Not authenticated' });
    socket.send({ action: 'authenticate', token: 'made-up' });
    expect(await socket.next()).toEqual({ type: 'auth_error', message: 'Invalid or expired ticket' });
    await socket.close();
  });

  it('needs a signed-in session for a ticket', async () => {
    const response = await clientFor(stack).get('/api/ws-ticket');
    expect(response.status).toBe(401);
  });

  it('authenticates with a single-use ticket, confirms subscriptions and delivers published messages', async () => {
    const client = await signedIn('user-a');
    const ticket = await client.get<{ ticket: string }>('/api/ws-ticket');
    const socket = await TestSocket.open(wsUrl, stack.url);
    socket.send({ action: 'authenticate', token: ticket.body.ticket });
    expect(await socket.next()).toEqual({ type: 'auth_success', userId: 'user-a' });

    const reuse = await TestSocket.open(wsUrl, stack.url);
    reuse.send({ action: 'authenticate', token: ticket.body.ticket });
    expect(await reuse.next()).toEqual({ type: 'auth_error', message: 'Invalid or expired ticket' });
    await reuse.close();

    socket.send({ action: 'subscribe', types: ['scripts', 'media'] });
    expect(await socket.next()).toMatchObject({ type: 'subscription', subscribed: ['media', 'scripts'] });

    await services().publisher.publish('user-a', { type: 'scripts' });
    expect(await socket.next()).toEqual({ type: 'scripts', userId: 'user-a' });
    await services().publisher.publish('user-a', { type: 'script-update', scriptId: 's1', videoGenerationStatus: 'complete' });
    expect(await socket.next()).toMatchObject({ type: 'script-update', scriptId: 's1' });

    socket.send({ action: 'unsubscribe', types: ['scripts'] });
    expect(await socket.next()).toMatchObject({ type: 'subscription', subscribed: ['media'] });
    await services().publisher.publish('user-a', { type: 'scripts' });
    expect(await socket.silentFor(300)).toBe(true);
    await socket.close();
  });

  it("never delivers one user's messages to another user", async () => {
    const alice = await authenticatedSocket(await signedIn('alice'));
    const bob = await authenticatedSocket(await signedIn('bob'));
    expect(await alice.next()).toMatchObject({ type: 'auth_success', userId: 'alice' });
    expect(await bob.next()).toMatchObject({ type: 'auth_success', userId: 'bob' });
    alice.send({ action: 'subscribe', types: ['media'] });
    bob.send({ action: 'subscribe', types: ['media'] });
    await alice.next();
    await bob.next();
    await services().publisher.publish('alice', { type: 'media' });
    expect(await alice.next()).toEqual({ type: 'media', userId: 'alice' });
    expect(await bob.silentFor(300)).toBe(true);
    await Promise.all([alice.close(), bob.close()]);
  });

  it('forgets a closed connection', async () => {
    const socket = await authenticatedSocket(await signedIn('carol'));
    await socket.next();
    socket.send({ action: 'subscribe', types: ['scripts'] });
    await socket.next();
    await socket.close();
    await new Promise((resolve) => setTimeout(resolve, 200));
    await expect(services().publisher.publish('carol', { type: 'scripts' })).resolves.toBeUndefined();
  });
});
