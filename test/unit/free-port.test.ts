import { describe, expect, it } from 'vitest';
import { freePort } from '../../bin/local/free-port';

describe('free ports for the local stack', () => {
  it('never hands out one port twice, even to calls made side by side', async () => {
    const ports = await Promise.all(Array.from({ length: 250 }, () => freePort()));
    // One after another too: a port let go after its check is free again, and must still not come back.
    for (let i = 0; i < 250; i += 1) ports.push(await freePort());
    expect(new Set(ports).size).toBe(500);
    const later = await freePort();
    expect(ports).not.toContain(later);
    // Below the range the OS hands out for outgoing connections.
    for (const port of ports) expect(port).toBeGreaterThanOrEqual(10_000);
  });
});
