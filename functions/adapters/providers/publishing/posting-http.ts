import { platformNames, type PublishingPlatform } from '../../../contract/publishing';
import { PostingError, type PostingHooks, type PostingVideo } from '../../../core/ports/posting';

/**
 * The HTTP of the platforms' posting endpoints: one call with a deadline, the answer's status,
 * headers and (small) body. Redirects are not followed (YouTube's `308 Resume Incomplete` is an answer, not
 * a redirect). A network failure or a deadline is a transient PostingError; the posters read the rest.
 * Nothing here logs a URL, a header or a body: they carry tokens and upload ids.
 */
/** Answers of these endpoints are small JSON; a larger one is not theirs. */
const maxAnswerChars = 256 * 1024;

export interface PostingAnswer {
  status: number;
  headers: Headers;
  /** The raw text (TikTok's post ids are 64-bit integers that JSON numbers cannot hold). */
  text: string;
  json: unknown;
}

export interface PostingCall {
  method: 'GET' | 'POST' | 'PUT';
  headers?: Record<string, string>;
  body?: Uint8Array | string | URLSearchParams;
  /** A chunk's PUT may take long on a slow link. */
  deadlineMs?: number;
}

export async function postingCall(platform: PublishingPlatform, url: string, call: PostingCall): Promise<PostingAnswer> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: call.method,
      headers: call.headers,
      ...(call.body !== undefined ? { body: call.body } : {}),
      redirect: 'manual',
      signal: AbortSignal.timeout(call.deadlineMs ?? 30_000),
    });
  } catch {
    throw new PostingError(platform, 'network', `${platformNames[platform]} could not be reached.`, false);
  }
  let text: string;
  try {
    text = await response.text();
  } catch {
    throw new PostingError(platform, 'network', `${platformNames[platform]} stopped answering.`, false);
  }
  if (text.length > maxAnswerChars) text = '';
  let json: unknown = {};
  try {
    json = text ? JSON.parse(text) : {};
  } catch {
    json = {};
  }
  return { status: response.status, headers: response.headers, text, json };
}

/** `Retry-After` in seconds or as an HTTP date, as milliseconds; undefined when absent or unreadable. */
export function retryAfterOf(headers: Headers, now = Date.now()): number | undefined {
  const value = headers.get('retry-after');
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** A platform's words, cut to what a publication's error may hold (postingBounds.errorMax). */
export const reasonOf = (message: string | undefined, fallback: string) => (message?.trim() || fallback).slice(0, 400);

/** A status the platform answered that none of its documented answers explain: transient when 5xx, else permanent. */
export function unexpected(platform: PublishingPlatform, answer: PostingAnswer, what: string): PostingError {
  return new PostingError(
    platform,
    `HTTP_${answer.status}`,
    `${platformNames[platform]} answered ${answer.status} to ${what}.`,
    answer.status < 500 && answer.status !== 408,
    retryAfterOf(answer.headers),
  );
}

/**
 * One chunk of a resumable upload, bytes `start` to `end` (exclusive) PUT with its Content-Range, after
 * the progress up to `start` is told; the caller reads the platform's answer.
 */
export async function putChunk(
  platform: PublishingPlatform,
  uploadUrl: string,
  video: PostingVideo,
  range: { start: number; end: number },
  hooks: PostingHooks,
): Promise<PostingAnswer> {
  const { start, end } = range;
  await hooks.progress('uploading', Math.floor((start / video.sizeBytes) * 100));
  const bytes = await video.read(start, end);
  return postingCall(platform, uploadUrl, {
    method: 'PUT',
    headers: { 'content-type': 'video/mp4', 'content-range': `bytes ${start}-${end - 1}/${video.sizeBytes}`, 'content-length': String(bytes.byteLength) },
    body: bytes,
    deadlineMs: 10 * 60_000,
  });
}
