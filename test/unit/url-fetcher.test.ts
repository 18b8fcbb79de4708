import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicAddress } from '../../functions/adapters/net/address-policy';
import { UrlFetcher } from '../../functions/adapters/net/url-fetcher';

describe('the address policy', () => {
  it.each(['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.0.10', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1', '::1', '::', 'fe80::1', 'fd00:ec2::254', '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:a9fe:a9fe', 'not-an-ip'])(
    'refuses %s',
    (address) => expect(isPublicAddress(address)).toBe(false),
  );
  it.each(['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111'])('allows %s', (address) => expect(isPublicAddress(address)).toBe(true));
});

describe('the URL fetcher', () => {
  let server: Server;
  let base: string;
  // Reaching this local server needs a widened policy; the default one refuses loopback (tested above).
  const fetcher = new UrlFetcher({ isAllowed: (address) => address === '127.0.0.1' });
  const limits = { maxBytes: 1000, timeoutMs: 500 };

  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/ok.mp3') return res.writeHead(200, { 'content-type': 'audio/mpeg' }).end(Buffer.alloc(100, 1));
      if (req.url === '/page') return res.writeHead(200, { 'content-type': 'text/html' }).end('<script>alert(1)</script>');
      if (req.url === '/redirect') return res.writeHead(302, { location: 'http://169.254.169.254/' }).end();
      if (req.url === '/big') return res.writeHead(200, { 'content-type': 'video/mp4' }).end(Buffer.alloc(5000));
      if (req.url === '/chunked-big') {
        res.writeHead(200, { 'content-type': 'video/mp4' });
        for (let i = 0; i < 10; i += 1) res.write(Buffer.alloc(500));
        return res.end();
      }
      if (req.url === '/slow') return setTimeout(() => res.writeHead(200, { 'content-type': 'audio/mpeg' }).end('late'), 2000);
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('fetches an audio file within the limits', async () => {
    const file = await fetcher.fetch(new URL(`${base}/ok.mp3`), limits);
    expect(file.contentType).toBe('audio/mpeg');
    expect(file.body.byteLength).toBe(100);
  });

  it.each([
    ['/redirect', 'redirect', 502],
    ['/page', 'type', 502],
    ['/big', 'too-large', 502],
    ['/chunked-big', 'too-large', 502],
    ['/slow', 'timeout', 504],
    ['/missing', 'status', 502],
  ])('refuses %s (%s)', async (path, code, status) => {
    await expect(fetcher.fetch(new URL(`${base}${path}`), limits)).rejects.toMatchObject({ code, status });
  });

  it('refuses other schemes and addresses outside the policy, even behind a name', async () => {
    const strict = new UrlFetcher({ resolve: async () => [{ address: '10.0.0.1', family: 4 }] });
    await expect(strict.fetch(new URL('http://innocent.example/a.mp3'), limits)).rejects.toMatchObject({ code: 'address', status: 400 });
    await expect(new UrlFetcher().fetch(new URL('file:///etc/passwd'), limits)).rejects.toMatchObject({ code: 'scheme', status: 400 });
    await expect(new UrlFetcher().fetch(new URL(`${base}/ok.mp3`), limits)).rejects.toMatchObject({ code: 'address' });
  });
});
