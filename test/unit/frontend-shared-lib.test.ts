import { afterEach, describe, expect, it, vi } from 'vitest';

import { ApiError } from '../../frontend/src/lib/api-client';
import { failureText } from '../../frontend/src/lib/failure-text';
import { formatBytes } from '../../frontend/src/lib/format-bytes';
import { thumbnailSrc } from '../../frontend/src/lib/thumbnails';
import { browserTimeZone } from '../../frontend/src/lib/time-zone';

/** The front end's shared helpers (frontend/src/lib), which every feature's toasts and cards use. */
describe('failureText', () => {
  const named = (status: number, message: string) => new ApiError(status, message, { message, error: message });

  it("shows the server's message for a refusal (4xx), from `message` or `error`", () => {
    expect(failureText(named(400, 'Email is required'), 'Please try again.')).toBe('Email is required');
    expect(failureText(new ApiError(409, 'x', { error: 'Folder in use' }), 'Please try again.')).toBe('Folder in use');
  });

  it('shows a named 5xx the server wrote for the user (a provider or an interrupted run)', () => {
    expect(failureText(named(502, 'The writer gave an answer that could not be read. Please try again.'), 'Failed to generate scripts')).toBe(
      'The writer gave an answer that could not be read. Please try again.',
    );
    expect(failureText(named(503, 'The run was interrupted'), 'Failed')).toBe('The run was interrupted');
  });

  it("keeps the screen's fallback for the catch-all 500 and a gateway's own 5xx, which say nothing a user can act on", () => {
    expect(failureText(new ApiError(500, 'x', { message: 'Internal server error' }), 'Failed to send test email')).toBe('Failed to send test email');
    expect(failureText(new ApiError(503, 'x', { message: 'Service Unavailable' }), 'Failed to schedule email')).toBe('Failed to schedule email');
  });

  it('keeps the fallback when the body has no message, or the failure is not an answer at all', () => {
    expect(failureText(new ApiError(400, 'x', 'plain text'), 'Please try again.')).toBe('Please try again.');
    expect(failureText(new ApiError(404, 'x', {}), '')).toBe('');
    expect(failureText(new TypeError('Failed to fetch'), 'Email Failed')).toBe('Email Failed');
    expect(failureText(undefined, 'Email Failed')).toBe('Email Failed');
  });
});

describe('formatBytes', () => {
  it('reads bytes, then KB and MB to one decimal, then GB to two (binary units)', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(1024)).toBe('1.0 KB');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(10 * 1024 * 1024)).toBe('10.0 MB');
    expect(formatBytes(460.4 * 1024 * 1024)).toBe('460.4 MB');
    expect(formatBytes(5 * 1024 * 1024 * 1024)).toBe('5.00 GB');
  });
});

describe('thumbnailSrc', () => {
  it('loads our own /api/ paths as they are and a remote https thumbnail through the proxy', () => {
    expect(thumbnailSrc('/api/media/a1/thumbnail')).toBe('/api/media/a1/thumbnail');
    expect(thumbnailSrc('https://images.pexels.com/v/1.jpg?w=400&h=300')).toBe(
      '/api/thumbnail-proxy?url=https%3A%2F%2Fimages.pexels.com%2Fv%2F1.jpg%3Fw%3D400%26h%3D300',
    );
    expect(thumbnailSrc('HTTPS://example.com/t.jpg')).toBe('/api/thumbnail-proxy?url=HTTPS%3A%2F%2Fexample.com%2Ft.jpg');
  });

  it('loads nothing for no address, plain http, or any other scheme', () => {
    expect(thumbnailSrc(undefined)).toBeUndefined();
    expect(thumbnailSrc(null)).toBeUndefined();
    expect(thumbnailSrc('')).toBeUndefined();
    expect(thumbnailSrc('http://example.com/t.jpg')).toBeUndefined();
    expect(thumbnailSrc('javascript:alert(1)')).toBeUndefined();
    expect(thumbnailSrc('data:image/png;base64,AAAA')).toBeUndefined();
  });
});

describe('browserTimeZone', () => {
  afterEach(() => vi.restoreAllMocks());

  it("is the runtime's IANA zone", () => {
    expect(browserTimeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it('is undefined when the runtime names no zone or cannot say', () => {
    const resolved = Intl.DateTimeFormat().resolvedOptions();
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({ ...resolved, timeZone: '' });
    expect(browserTimeZone()).toBeUndefined();
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(() => {
      throw new RangeError('no zone');
    });
    expect(browserTimeZone()).toBeUndefined();
  });
});
