import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** Whether a listener can take `port` on loopback right now (it is let go again at once). */
function tryPort(port: number): Promise<number | undefined> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(undefined));
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(address && typeof address === 'object' ? address.port : undefined));
    });
  });
}

/** The first port the OS hands out for outgoing connections (Linux), else the IANA default. */
function ephemeralStart(): number {
  try {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    return Number.isInteger(low) && low > 0 ? low : 49152;
  } catch {
    return 49152;
  }
}

const lowestPort = 10_000;

/** The ports this process has handed out. */
const handedOut = new Set<number>();

/**
 * The ports at or above `lowestPort` that browsers and Node's fetch refuse to reach ("bad port", the Fetch
 * standard's port blocking list): a server there could never be called.
 */
const blockedByFetch = new Set([10080]);

/**
 * A TCP port nothing listens on right now, for a server that must know its port before it starts
 * (DynamoDB Local's command line, cognito-local's issuer, the app's origin). It is chosen below the
 * ephemeral range, so no outgoing connection of this or another process can take it in the moment
 * between this check and the server's listen (a port from `listen(0)` could be: that race failed CI
 * runs with EADDRINUSE while parallel test files made many connections). Falls back to the OS's choice.
 */
export async function freePort(): Promise<number> {
  const highest = ephemeralStart() - 1;
  if (highest > lowestPort + 1_000) {
    // Each process draws from its own stripe of the range and never hands out a port twice: a port given out
    // is free when checked but taken only when its server listens (seconds later for a JVM), and once two
    // stacks starting side by side drew the same port (EADDRINUSE in a browser journey's set-up).
    const stripes = 16;
    const width = Math.floor((highest - lowestPort) / stripes);
    // Test workers are numbered (1, 2, …), so side-by-side workers never share a stripe; other processes go by pid.
    const worker = Number(process.env.VITEST_POOL_ID);
    const stripe = Number.isInteger(worker) && worker > 0 ? worker % stripes : process.pid % stripes;
    const start = lowestPort + stripe * width;
    for (let attempt = 0; attempt < 50; attempt++) {
      const candidate = start + Math.floor(Math.random() * width);
      if (blockedByFetch.has(candidate) || handedOut.has(candidate)) continue;
      // Taken before the check, so a call running beside this one cannot draw it too.
      handedOut.add(candidate);
      const port = await tryPort(candidate);
      if (port !== undefined) return port;
    }
  }
  const port = await tryPort(0);
  if (port === undefined) throw new Error('no free port');
  return port;
}

/** Resolves once something accepts TCP connections on the port, or rejects after `timeoutMs`. */
export async function waitForPort(port: number, timeoutMs: number, isAlive: () => boolean = () => true): Promise<void> {
  const { connect } = await import('node:net');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive()) throw new Error('process exited before it listened');
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`nothing listened on port ${port} within ${timeoutMs} ms`);
}
