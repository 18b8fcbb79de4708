import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicAddress } from '../../functions/adapters/net/address-policy';
import { acceptedMediaType, UrlFetcher } from '../../functions/adapters/net/url-fetcher';
import { proxiedFile } from '../../functions/platform/http/proxied-file';

describe('the address policy', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.0.10',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '::1',
    '::',
    'fe80::1',
    'fd00:ec2::254',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:a9fe:a9fe',
    'not-an-ip',
  ])('refuses %s', (address) => expect(isPublicAddress(address)).toBe(false));
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
      if (req.url === '/svg') return res.writeHead(200, { 'content-type': 'image/svg+xml' }).end('<svg onload="alert(1)"/>');
      // Browsers read the last type of a list: this would be served as HTML if it were passed on.
      if (req.url === '/listed') return res.writeHead(200, { 'content-type': 'image/png, text/html' }).end('<script>alert(1)</script>');
      if (req.url === '/untyped') return res.writeHead(200).end('<script>alert(1)</script>');
      if (req.url === '/photo') return res.writeHead(200, { 'content-type': 'IMAGE/JPEG; charset=binary' }).end(Buffer.alloc(10, 2));
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
    ['/svg', 'type', 502],
    ['/listed', 'type', 502],
    ['/untyped', 'type', 502],
  ])('refuses %s (%s)', async (path, code, status) => {
    await expect(fetcher.fetch(new URL(`${base}${path}`), limits)).rejects.toMatchObject({ code, status });
  });

  it('answers the checked type alone, and lets a caller narrow the kinds but not widen them', async () => {
    expect((await fetcher.fetch(new URL(`${base}/photo`), limits)).contentType).toBe('image/jpeg');
    expect((await fetcher.fetch(new URL(`${base}/photo`), { ...limits, kinds: ['image'] })).contentType).toBe('image/jpeg');
    await expect(fetcher.fetch(new URL(`${base}/ok.mp3`), { ...limits, kinds: ['image'] })).rejects.toMatchObject({
      code: 'type',
      message: 'The address did not answer with an image',
    });
  });

  it('refuses other schemes and addresses outside the policy, even behind a name', async () => {
    const strict = new UrlFetcher({ resolve: async () => [{ address: '10.0.0.1', family: 4 }] });
    await expect(strict.fetch(new URL('http://innocent.example/a.mp3'), limits)).rejects.toMatchObject({ code: 'address', status: 400 });
    await expect(new UrlFetcher().fetch(new URL('file:///etc/passwd'), limits)).rejects.toMatchObject({ code: 'scheme', status: 400 });
    await expect(new UrlFetcher().fetch(new URL(`${base}/ok.mp3`), limits)).rejects.toMatchObject({ code: 'address' });
  });
});

describe('the media type allowlist', () => {
  it.each([
    ['audio/mpeg', 'audio/mpeg'],
    ['video/mp4; codecs="avc1"', 'video/mp4'],
    ['Image/PNG', 'image/png'],
    ['image/x-icon', 'image/x-icon'],
  ])('takes %s as %s', (header, type) => expect(acceptedMediaType(header)).toBe(type));

  it.each([
    'text/html',
    'application/javascript',
    'image/svg+xml',
    'image/svg+xml; charset=utf-8',
    'image/png, text/html',
    'image/',
    'image/png text/html',
    'audio/mpeg\r\nx: y',
    '',
    undefined,
  ])('refuses %s', (header) => expect(acceptedMediaType(header)).toBeUndefined());

  it('narrows to the asked kinds', () => {
    expect(acceptedMediaType('video/mp4', ['image'])).toBeUndefined();
    expect(acceptedMediaType('image/webp', ['image'])).toBe('image/webp');
  });
});

describe('a proxied answer', () => {
  it('carries its checked type with nosniff, a sandboxing CSP and Content-Disposition', () => {
    const answer = proxiedFile({ contentType: 'image/png', body: new Uint8Array([1, 2]) });
    expect(answer.binary?.contentType).toBe('image/png');
    expect(answer.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'content-disposition': 'attachment',
    });
  });
});
