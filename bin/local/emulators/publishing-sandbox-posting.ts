import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { z } from 'zod';
import type { PublishingPlatform } from '../../../functions/contract/publishing';

/**
 * The sandbox's posting desk, shared by the three platforms' upload endpoints: the posts made
 * (each video's bytes kept so the /posts page plays it), the faults a test or the bench asks for, and the
 * settings a test shortens (TikTok's smallest chunk, Instagram's container lifetime, status polls).
 */
export const faultPoints = [
  'tiktok.creator_info',
  'tiktok.init',
  'tiktok.chunk',
  'tiktok.status',
  'youtube.init',
  'youtube.chunk',
  'instagram.create',
  'instagram.status',
  'instagram.publish',
] as const;
export type FaultPoint = (typeof faultPoints)[number];
/**
 * What goes wrong: `server_error` (500), `unavailable` (503), `rate_limit` (429 with Retry-After; Instagram's
 * code 4), `spam_cap` (TikTok's spam_risk_too_many_posts), `quota` (YouTube's quotaExceeded), `upload_limit`
 * (YouTube's uploadLimitExceeded), `expired` (the upload URL, session or container is gone), `failed`
 * (processing fails), `format` (the file is refused), `publishing_limit` (Instagram's 2207042),
 * `token_invalid` (401 / code 190).
 */
export const faultKinds = [
  'server_error',
  'unavailable',
  'rate_limit',
  'spam_cap',
  'quota',
  'upload_limit',
  'expired',
  'failed',
  'format',
  'publishing_limit',
  'token_invalid',
] as const;
export type FaultKind = (typeof faultKinds)[number];

export const faultSchema = z.object({
  point: z.enum(faultPoints),
  kind: z.enum(faultKinds),
  /** How many calls at that point fail (default 1). */
  times: z.number().int().min(1).max(10_000).default(1),
  /** Calls at that point that pass before the fault strikes (fail the third chunk: after 2). */
  after: z.number().int().min(0).max(10_000).default(0),
  retryAfterSeconds: z.number().int().min(0).max(86_400).optional(),
});
export type Fault = z.infer<typeof faultSchema>;
export type FaultInput = z.input<typeof faultSchema>;

export const settingsSchema = z.object({
  /** TikTok's smallest chunk (5 MB); tests make it smaller to upload a small file in several chunks. */
  tiktokMinChunkBytes: z
    .number()
    .int()
    .min(1)
    .max(64 * 1024 ** 2),
  /** Instagram containers expire (24 h); tests shorten it. */
  containerLifetimeMs: z
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 3600 * 1000),
  /** Status reads answered "processing" before a post is done. */
  processingPolls: z.number().int().min(0).max(100),
  /** TikTok's posts per creator per 24 h before spam_risk_too_many_posts. */
  tiktokDailyCap: z.number().int().min(0).max(10_000),
  /** Instagram's API posts per account per 24 h (content_publishing_limit). */
  instagramQuota: z.number().int().min(0).max(10_000),
});
export type PostingSettings = z.infer<typeof settingsSchema>;
export const defaultPostingSettings: PostingSettings = {
  tiktokMinChunkBytes: 5 * 1024 ** 2,
  containerLifetimeMs: 24 * 3600 * 1000,
  processingPolls: 1,
  tiktokDailyCap: 15,
  instagramQuota: 100,
};

/** One video the sandbox "posted". */
export interface SandboxPost {
  platform: PublishingPlatform;
  /** The sandbox user (the name picked at consent) and the platform's id of the account. */
  account: string;
  providerUserId: string;
  postId: string;
  sha256: string;
  bytes: number;
  caption: string;
  title?: string;
  privacy: string;
  at: number;
}

/** What the sandbox object offers tests and the bench about posting. */
export interface SandboxPosting {
  /** Every post made, oldest first. */
  posts: SandboxPost[];
  /** Makes the next `times` calls at a point fail (after `after` calls that pass). */
  inject(fault: FaultInput): void;
  /** Faults asked for but not yet spent. */
  pendingFaults(): Fault[];
  /** Changes settings (see settingsSchema); answers them all. */
  configure(settings: Partial<PostingSettings>): PostingSettings;
  /** Bytes received per upload (publish id, session id or container), to tell what a resume sent again. */
  bytesReceived: Map<string, number>;
  /** A live access token (and the platform's id of the account) for a sandbox user, without the consent dance. */
  grantFor(platform: PublishingPlatform, user: string): { accessToken: string; providerUserId: string; username: string };
}

export const providerIdOf = (platform: PublishingPlatform, user: string) =>
  `${platform === 'youtube' ? 'UC' : ''}${createHash('sha256').update(`${platform}:${user}`).digest('hex').slice(0, 20)}`;
export const usernameOf = (user: string) => user.replace(/[^a-z0-9._]/gi, '').toLowerCase() || 'creator';
export const logId = () => randomBytes(12).toString('hex').toUpperCase();
export const newId = (prefix: string) => `${prefix}${randomBytes(9).toString('base64url')}`;

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers });
  res.end(JSON.stringify(body));
}

/** A request body as bytes, refused past `maxBytes` (the sandbox still holds what it reads). */
export async function readBytes(req: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const part of req) {
    const chunk = part as Buffer;
    size += chunk.byteLength;
    if (size > maxBytes) throw new Error('body too large');
    parts.push(chunk);
  }
  return Buffer.concat(parts);
}

/** An MP4 (ISO base media) starts with a box whose type is `ftyp`. */
export const looksLikeMp4 = (bytes: Buffer) => bytes.byteLength > 12 && bytes.subarray(4, 8).toString('latin1') === 'ftyp';

/** `bytes a-b/total` or `bytes *\/total`. */
export function parseContentRange(header: string | undefined): { start: number; end: number; total: number } | { total: number } | undefined {
  const ranged = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(header ?? '');
  if (ranged) return { start: Number(ranged[1]), end: Number(ranged[2]), total: Number(ranged[3]) };
  const query = /^bytes \*\/(\d+)$/.exec(header ?? '');
  return query ? { total: Number(query[1]) } : undefined;
}

export interface PostingDeskOptions {
  /** Where posts (and their videos) are kept across restarts; in memory when absent. */
  directory?: string;
}

/** The shared state behind the three platforms' posting endpoints. */
export class PostingDesk {
  readonly posts: SandboxPost[] = [];
  readonly bytesReceived = new Map<string, number>();
  settings: PostingSettings = { ...defaultPostingSettings };
  private faults: Fault[] = [];
  private readonly videos = new Map<string, Buffer>();

  constructor(private readonly options: PostingDeskOptions = {}) {
    if (!options.directory) return;
    mkdirSync(options.directory, { recursive: true });
    try {
      this.posts.push(...(JSON.parse(readFileSync(join(options.directory, 'posts.json'), 'utf8')) as SandboxPost[]));
    } catch {
      // first start
    }
  }

  inject(input: FaultInput): void {
    this.faults.push(faultSchema.parse(input));
  }

  pendingFaults(): Fault[] {
    return this.faults.map((fault) => ({ ...fault }));
  }

  /** Spends one fault at the point, if any is pending. */
  take(point: FaultPoint): Fault | undefined {
    const index = this.faults.findIndex((fault) => fault.point === point);
    if (index < 0) return undefined;
    const fault = this.faults[index];
    if (!fault) return undefined;
    if (fault.after > 0) {
      fault.after -= 1;
      return undefined;
    }
    fault.times -= 1;
    if (fault.times <= 0) this.faults.splice(index, 1);
    return { ...fault };
  }

  configure(settings: Partial<PostingSettings>): PostingSettings {
    this.settings = settingsSchema.parse({ ...this.settings, ...settings });
    return { ...this.settings };
  }

  received(uploadId: string, bytes: number): void {
    this.bytesReceived.set(uploadId, (this.bytesReceived.get(uploadId) ?? 0) + bytes);
  }

  /** Posts of an account in the last 24 hours. */
  postsToday(platform: PublishingPlatform, account: string, now = Date.now()): number {
    return this.posts.filter((post) => post.platform === platform && post.account === account && post.at > now - 24 * 3600 * 1000).length;
  }

  /** Records a post and keeps its video. */
  record(post: Omit<SandboxPost, 'sha256' | 'bytes' | 'at'>, video: Buffer): SandboxPost {
    const made: SandboxPost = { ...post, sha256: createHash('sha256').update(video).digest('hex'), bytes: video.byteLength, at: Date.now() };
    this.posts.push(made);
    if (this.options.directory) {
      writeFileSync(join(this.options.directory, `${made.postId.replace(/[^\w-]/g, '_')}.mp4`), video);
      const file = join(this.options.directory, 'posts.json');
      writeFileSync(`${file}.tmp`, JSON.stringify(this.posts));
      renameSync(`${file}.tmp`, file);
    } else {
      this.videos.set(made.postId, video);
    }
    return made;
  }

  video(postId: string): Buffer | undefined {
    const kept = this.videos.get(postId);
    if (kept || !this.options.directory || !this.posts.some((post) => post.postId === postId)) return kept;
    try {
      return readFileSync(join(this.options.directory, `${postId.replace(/[^\w-]/g, '_')}.mp4`));
    } catch {
      return undefined;
    }
  }
}

/** `POST /__sandbox/faults` `{point, kind, times?, retryAfterSeconds?}` and `POST /__sandbox/settings`: the same as the object's methods, over HTTP (the bench). */
export async function controlRoute(desk: PostingDesk, path: string, req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  if (path === '/__sandbox/faults' && req.method === 'POST') {
    const parsed = faultSchema.safeParse(JSON.parse((await readBytes(req, 16 * 1024)).toString('utf8') || '{}'));
    if (!parsed.success) sendJson(res, 400, { error: parsed.error.issues.map((issue) => issue.message).join('; ') });
    else {
      desk.inject(parsed.data);
      sendJson(res, 200, { pending: desk.pendingFaults() });
    }
    return true;
  }
  if (path === '/__sandbox/faults' && req.method === 'GET') return (sendJson(res, 200, { pending: desk.pendingFaults() }), true);
  if (path === '/__sandbox/settings' && req.method === 'POST') {
    const parsed = settingsSchema.partial().safeParse(JSON.parse((await readBytes(req, 16 * 1024)).toString('utf8') || '{}'));
    if (!parsed.success) sendJson(res, 400, { error: parsed.error.issues.map((issue) => issue.message).join('; ') });
    else sendJson(res, 200, desk.configure(parsed.data));
    return true;
  }
  if (path === '/__sandbox/posts' && req.method === 'GET') return (sendJson(res, 200, { posts: desk.posts }), true);
  return false;
}

/** Who a bearer token (or `access_token` parameter) belongs to, as the OAuth part knows it. */
export type UserOf = (platform: PublishingPlatform, token: string | undefined) => string | undefined;
export const bearerOf = (req: IncomingMessage) => /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
