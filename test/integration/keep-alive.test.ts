import { mkdtemp, rm } from 'node:fs/promises';
import { Agent, get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freePort } from '../../bin/local/free-port';
import { startLocalServer, type LocalServer } from '../../bin/local/http-server';

/**
 * The reset full runs saw on `/api/user` (docs/decisions/test-suite.md): the local server closed a keep-alive socket
 * after 6 s idle (Node's 5 s default plus its 1 s grace) while Playwright's request agent, which has no idle limit of
 * its own, reused it; on a busy event loop the server's close came after the request was written, and the client read
 * ECONNRESET. Reproduced here with that agent, a request written just before the old close, and a busy loop.
 */
let dir: string;
let server: LocalServer;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'reelsmith-keep-alive-'));
  server = await startLocalServer({ port: 0, staticRoot: dir, managementPort: await freePort(), outboxDir: dir });
});
afterAll(async () => {
  await server?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

function request(agent: Agent): Promise<{ status: number | undefined; reused: boolean }> {
  return new Promise((resolve, reject) => {
    // A path no route matches: answered by the server itself, so only the connection is under test.
    const req = get({ host: '127.0.0.1', port: server.port, path: '/api/keep-alive-probe', agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode, reused: req.reusedSocket }));
    });
    req.on('error', reject);
  });
}

/** Sends from the loop's check phase and keeps the loop busy: the server's next timers run before its next read. */
function sendWhileBusy(
  send: () => Promise<{ status: number | undefined; reused: boolean }>,
  busyMs: number,
): Promise<{ status: number | undefined; reused: boolean }> {
  return new Promise((resolve, reject) => {
    setImmediate(() => {
      send().then(resolve, reject);
      const end = Date.now() + busyMs;
      while (Date.now() < end);
    });
  });
}

it('keeps an idle keep-alive socket open for the client, who reuses it at the old close without a reset', async () => {
  // Playwright's APIRequestContext agent: keep-alive and no idle timeout (it ignores the Keep-Alive hint without one).
  const agent = new Agent({ keepAlive: true });
  try {
    expect(await request(agent)).toEqual({ status: 404, reused: false });
    await new Promise((resolve) => setTimeout(resolve, 5_960));
    expect(await sendWhileBusy(() => request(agent), 80)).toEqual({ status: 404, reused: true });
  } finally {
    agent.destroy();
  }
}, 30_000);
