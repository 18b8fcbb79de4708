import type WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../bin/local/stack';
import { signUpAndIn, type SignedInUser } from './support/accounts';
import { codeIn, latestMail } from './support/mailbox';
import { clientFor, startTestStack } from './support/stack';
import { TestSocket } from './support/ws-client';
import type { TestClient } from './support/http-client';

/**
 * What a hostile client tried from outside against the running product: one oversized
 * frame, forged cursors, sockets outliving their session, and the headers of the server's own answers.
 */
let stack: LocalStack;
let wsUrl: string;

beforeAll(async () => {
  stack = await startTestStack();
  wsUrl = stack.url.replace(/^http/, 'ws') + '/ws';
});
afterAll(async () => {
  await stack?.stop();
});

function closeOf(ws: WebSocket): Promise<number> {
  return new Promise((resolve) => ws.once('close', (code) => resolve(code)));
}

async function authenticatedSocket(client: TestClient): Promise<TestSocket> {
  const ticket = await client.get<{ ticket: string }>('/api/ws-ticket');
  expect(ticket.status).toBe(200);
  const socket = await TestSocket.open(wsUrl, stack.url);
  socket.send({ action: 'authenticate', token: ticket.body.ticket });
  expect(await socket.next()).toMatchObject({ type: 'auth_success' });
  return socket;
}

const forge = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('an oversized WebSocket frame', () => {
  it('closes that socket with 1009 and nothing else: the server and other sockets keep working', async () => {
    const bystander = await TestSocket.open(wsUrl, stack.url);
    const attacker = await TestSocket.open(wsUrl, stack.url);
    attacker.ws.on('error', () => undefined);
    const closed = closeOf(attacker.ws);
    attacker.ws.send('x'.repeat(70 * 1024));
    expect(await closed).toBe(1009);

    bystander.send('not json');
    expect(await bystander.next()).toEqual({ type: 'error', message: 'Message must be JSON' });
    expect((await clientFor(stack).get('/api/health')).status).toBe(200);
    const again = await TestSocket.open(wsUrl, stack.url);
    again.send({ action: 'dance' });
    expect(await again.next()).toEqual({ type: 'error', message: 'Unknown action: dance' });
    await Promise.all([bystander.close(), again.close()]);
  });
});

describe('list cursors', () => {
  let owner: SignedInUser;
  let other: SignedInUser;

  beforeAll(async () => {
    [owner, other] = await Promise.all([signUpAndIn(stack, 'cursor'), signUpAndIn(stack, 'cursor')]);
    for (const user of [owner, other]) {
      for (let i = 0; i < 3; i += 1) {
        const saved = await user.client.post('/api/scripts', { title: `${user.username} ${i}`, scriptContent: 'A short script.' });
        expect(saved.status).toBe(201);
      }
    }
  });

  it("page through the owner's own scripts with the cursor the server gave", async () => {
    const first = await owner.client.get<{ title: string }[]>('/api/scripts?limit=2');
    const cursor = first.headers.get('x-next-cursor');
    expect(cursor).toBeTruthy();
    const second = await owner.client.get<{ title: string }[]>(`/api/scripts?limit=2&cursor=${cursor}`);
    expect(second.status).toBe(200);
    expect([...first.body, ...second.body].map((s) => s.title).sort()).toEqual([0, 1, 2].map((i) => `${owner.username} ${i}`).sort());
  });

  it("never reach another user's partition: another user's cursor pages only the caller's own scripts", async () => {
    const theirs = await other.client.get('/api/scripts?limit=1');
    const cursor = theirs.headers.get('x-next-cursor');
    const response = await owner.client.get<{ title: string }[]>(`/api/scripts?limit=10&cursor=${cursor}`);
    expect(response.status).toBeLessThan(500);
    if (response.status === 200) for (const script of response.body) expect(script.title.startsWith(owner.username)).toBe(true);
  });

  it.each([
    ['an old-style key naming another partition', () => forge({ pk: `USER#${other.id}`, sk: 'SCRIPT#01J' })],
    ['a key with a number for the partition', () => forge({ pk: 1 })],
    ['a sort key of another record type', () => forge({ x: 't', s: 'PROFILE' })],
    ['an index position on a table listing', () => forge({ x: 't', s: 'SCRIPT#01J', i: 5 })],
    ['a cursor of an index listing', () => forge({ x: 'gsi1', s: 'SCRIPT#01J', i: 'a' })],
    ['extra fields', () => forge({ x: 't', s: 'SCRIPT#01J', pk: 'USER#x' })],
    ['not JSON', () => Buffer.from('{nope').toString('base64url')],
    ['not base64url', () => '%%%***'],
  ])('answer 400 for %s on the scripts list', async (_, make) => {
    const response = await owner.client.get<{ message: string }>(`/api/scripts?cursor=${encodeURIComponent(make())}`);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Invalid cursor');
  });

  it.each([
    ['newest', () => forge({ pk: `USER#${other.id}`, sk: 'MEDIA#01J' })],
    ['newest', () => forge({ x: 't', s: 'SCRIPT#01J' })],
    ['name-asc', () => forge({ x: 'gsi1', s: 'MEDIA#01J' })],
    ['name-asc', () => forge({ x: 'gsi1', s: 'MEDIA#01J', i: 12 })],
    ['name-asc', () => forge({ x: 'gsi2', s: 'MEDIA#01J', i: '000001' })],
    ['size-desc', () => forge({ x: 'gsi2', s: 'MEDIA#01J' })],
  ])('answer 400 on the media list (sort %s)', async (sort, make) => {
    const response = await owner.client.get<{ message: string }>(`/api/media?sort=${sort}&cursor=${encodeURIComponent(make())}`);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Invalid cursor');
  });
});

describe('sockets end with their session', () => {
  it('refuses a ticket taken before logout, and closes the sockets of that session at logout', async () => {
    const user = await signUpAndIn(stack, 'socket');
    const socket = await authenticatedSocket(user.client);
    const closed = closeOf(socket.ws);
    const spare = await user.client.get<{ ticket: string }>('/api/ws-ticket');
    expect((await user.client.post('/api/logout')).status).toBe(200);
    expect(await closed).toBeGreaterThanOrEqual(1000);

    const late = await TestSocket.open(wsUrl, stack.url);
    late.send({ action: 'authenticate', token: spare.body.ticket });
    expect(await late.next()).toEqual({ type: 'auth_error', message: 'Invalid or expired ticket' });
    await late.close();
  });

  it('closes every socket of the user when a password reset ends every session', async () => {
    const user = await signUpAndIn(stack, 'reset');
    const laptop = await authenticatedSocket(user.client);
    laptop.send({ action: 'subscribe', types: ['scripts'] });
    expect(await laptop.next()).toMatchObject({ type: 'subscription' });
    const closed = closeOf(laptop.ws);

    const email = `${user.username}@example.com`;
    await clientFor(stack).post('/api/forgot-password', { email });
    const code = codeIn(await latestMail(stack.url, email, /reset/i));
    const reset = await clientFor(stack).post('/api/reset-password-with-code', { email, code, password: 'a brand new pass 9' });
    expect(reset.status).toBe(200);
    expect(await closed).toBeGreaterThanOrEqual(1000);
  });
});

describe("the local server's own answers", () => {
  it.each([
    ['a 404', () => clientFor(stack).raw('/api/no-such-route')],
    ['a 405', () => clientFor(stack).raw('/api/health', { method: 'DELETE' })],
    [
      'a 413',
      () => clientFor(stack).raw('/api/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: 'x'.repeat(11 * 1024 * 1024) }),
    ],
  ])('carry nosniff on %s', async (_, send) => {
    const response = await send();
    expect([404, 405, 413]).toContain(response.status);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('serve pages with a Content-Security-Policy that forbids framing, and X-Frame-Options', async () => {
    for (const path of ['/', '/scripts', '/no/such/page.png']) {
      const response = await clientFor(stack).raw(path);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("frame-ancestors 'none'");
      // Scripts from the site only; 'wasm-unsafe-eval' lets the exact caption preview compile libass's
      // .wasm (served by the site), and no 'unsafe-eval' of JavaScript.
      expect(csp).toMatch(/script-src 'self' 'wasm-unsafe-eval'(;|"|$)/);
      expect(csp).not.toContain("'unsafe-eval'");
      expect(csp).toContain(stack.endpoints.s3);
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });
});
