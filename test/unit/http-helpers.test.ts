import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { clientAddress } from '../../functions/platform/http/client-address';
import { parseCookies, serializeSessionCookie, clearSessionCookie } from '../../functions/platform/http/cookies';
import { describeIssues } from '../../functions/platform/http/zod-issues';
import { mapError } from '../../functions/platform/http/error-mapper';
import { LimitExceededError, NotFoundError } from '../../functions/core/errors';
import { CsrfError } from '../../functions/platform/http/transport-errors';
import { redact } from '../../functions/platform/observability/logging';

describe('cookies', () => {
  it('parses API Gateway cookie entries, first value winning', () => {
    expect(parseCookies(['a=1', 'rs_sid=abc%3D', 'a=2; b=3'])).toEqual({ a: '1', rs_sid: 'abc=', b: '3' });
  });

  it('serializes the session cookie HttpOnly and SameSite=Lax, Secure over https', () => {
    expect(serializeSessionCookie('x', { maxAgeSeconds: 60, secure: true })).toBe('rs_sid=x; Path=/; HttpOnly; SameSite=Lax; Max-Age=60; Secure');
    expect(clearSessionCookie(false)).toBe('rs_sid=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0');
  });
});

describe('validation messages', () => {
  it("keeps our own messages and names the field on zod's defaults", () => {
    const schema = z.object({ username: z.string().min(1, 'Username is required'), age: z.number() });
    const result = schema.safeParse({ username: '', age: 'x' });
    expect(result.success).toBe(false);
    if (result.success) return;
    const described = describeIssues(result.error);
    expect(described.message).toBe('Username is required');
    expect(described.details[1]?.message).toMatch(/^age: Invalid input/);
  });
});

describe('error mapping', () => {
  it('gives named errors their status and message, with code and details', () => {
    const response = mapError(new LimitExceededError('Script token limit reached', 'You have used 5000 of 5000 tokens'));
    expect(response.statusCode).toBe(403);
    expect(JSON.parse(String(response.body))).toEqual({
      message: 'Script token limit reached',
      error: 'Script token limit reached',
      details: 'You have used 5000 of 5000 tokens',
    });
    expect(mapError(new NotFoundError()).statusCode).toBe(404);
    expect(JSON.parse(String(mapError(new CsrfError()).body))).toEqual({ message: 'Invalid CSRF token', error: 'Invalid CSRF token', code: 'EBADCSRFTOKEN' });
  });

  it('says nothing internal on a 500', () => {
    const response = mapError(new Error('connect ECONNREFUSED 10.0.0.5:8000 table secret-table'));
    expect(response.statusCode).toBe(500);
    expect(response.body).toBe('{"message":"Internal server error"}');
  });
});

describe('log redaction', () => {
  it('hides secrets wherever they sit', () => {
    expect(redact({ user: 'a', password: 'p', nested: { csrfToken: 't', cookie: 'c', list: [{ apiKey: 'k' }] } })).toEqual({
      user: 'a',
      password: '[redacted]',
      nested: { csrfToken: '[redacted]', cookie: '[redacted]', list: [{ apiKey: '[redacted]' }] },
    });
  });
});

describe('clientAddress', () => {
  const event = (sourceIp: string, forwardedFor?: string) =>
    ({ requestContext: { http: { sourceIp } }, headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {} }) as unknown as APIGatewayProxyEventV2;

  it('is the socket peer locally, whatever the client claims', () => {
    expect(clientAddress(event('127.0.0.5', '1.2.3.4, 5.6.7.8'), false)).toBe('127.0.0.5');
  });

  it('is the viewer CloudFront saw in the cloud, not the edge and not what the client put first', () => {
    expect(clientAddress(event('130.176.0.1', '203.0.113.9, 130.176.0.1'), true)).toBe('203.0.113.9');
    expect(clientAddress(event('130.176.0.1', '6.6.6.6, 203.0.113.9, 130.176.0.1'), true)).toBe('203.0.113.9');
    expect(clientAddress(event('130.176.0.1', 'not-an-ip, 130.176.0.1'), true)).toBe('130.176.0.1');
    expect(clientAddress(event('130.176.0.1'), true)).toBe('130.176.0.1');
  });
});
