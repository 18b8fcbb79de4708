import type { ShareLink, SharedVideo } from '../../contract/delivery';
import type { Script } from '../../contract/scripts';
import { ConflictError, NotFoundError } from '../errors';
import { hashSecret, newId, newSecret } from '../ids';
import type { ShareLinkRepository, SignedDownloads, StoredShareLink } from '../ports/delivery';
import { keyOfVideoUrl } from '../scripts/lifecycle';

export const shareLinkDays = 7;
/** The share page's presigned video and thumbnail URLs live an hour (the page asks again when opened). */
export const sharedFileSeconds = 60 * 60;
export const noVideoMessage = 'This script has no video yet. Create the video first.';
export const goneLinkMessage = 'This link has expired or was revoked.';
const tokenShape = /^[A-Za-z0-9_-]{43}$/;

export interface ShareLinkDeps {
  links: ShareLinkRepository;
  scripts: { get(userId: string, scriptId: string): Promise<Script | undefined> };
  files: SignedDownloads;
  /** The site's origin (read from SSM in the cloud on first use). */
  appOrigin: () => Promise<string>;
  clock: () => Date;
}

/**
 * Share links (DESIGN decision 15): a page of the app that plays one video, reached without signing in
 * through an unguessable token (256 random bits) that expires after a week and that the owner can
 * revoke. Only the token's hash is a key; the page shows the title, the caption and the video, nothing else.
 */
export class ShareLinkService {
  constructor(private readonly deps: ShareLinkDeps) {}

  private async toPublic(link: StoredShareLink): Promise<ShareLink> {
    return {
      id: link.id,
      scriptId: link.scriptId,
      url: `${await this.deps.appOrigin()}/share/${link.token}`,
      createdAt: link.createdAt,
      expiresAt: link.expiresAt,
      revokedAt: link.revokedAt,
    };
  }

  async scriptOf(userId: string, scriptId: string): Promise<Script | undefined> {
    return this.deps.scripts.get(userId, scriptId);
  }

  async scriptWithVideo(userId: string, scriptId: string): Promise<Script & { videoUrl: string }> {
    const script = await this.deps.scripts.get(userId, scriptId);
    if (!script) throw new NotFoundError('Script not found');
    if (!script.videoUrl || !keyOfVideoUrl(userId, script.videoUrl)) throw new ConflictError(noVideoMessage, undefined, 'NO_VIDEO');
    return { ...script, videoUrl: script.videoUrl };
  }

  async create(userId: string, scriptId: string): Promise<ShareLink> {
    await this.scriptWithVideo(userId, scriptId);
    const now = this.deps.clock();
    const token = newSecret(32);
    const link: StoredShareLink = {
      id: newId(),
      userId,
      scriptId,
      token,
      tokenHash: hashSecret(token),
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + shareLinkDays * 86_400_000).toISOString(),
      revokedAt: null,
    };
    await this.deps.links.create(link);
    return this.toPublic(link);
  }

  async list(userId: string, scriptId: string): Promise<ShareLink[]> {
    const script = await this.deps.scripts.get(userId, scriptId);
    if (!script) throw new NotFoundError('Script not found');
    return Promise.all((await this.deps.links.list(userId, scriptId, 50)).map((link) => this.toPublic(link)));
  }

  async revoke(userId: string, id: string): Promise<ShareLink> {
    const link = await this.deps.links.revoke(userId, id, this.deps.clock().toISOString());
    if (!link) throw new NotFoundError('Share link not found');
    return this.toPublic(link);
  }

  private async resolve(token: string): Promise<{ userId: string; script: Script & { videoUrl: string }; expiresAt: string }> {
    if (!tokenShape.test(token)) throw new NotFoundError(goneLinkMessage);
    const found = await this.deps.links.findByTokenHash(hashSecret(token));
    if (!found || new Date(found.expiresAt).getTime() <= this.deps.clock().getTime()) throw new NotFoundError(goneLinkMessage);
    const script = await this.deps.scripts.get(found.userId, found.scriptId);
    if (!script?.videoUrl || !keyOfVideoUrl(found.userId, script.videoUrl)) throw new NotFoundError(goneLinkMessage);
    return { userId: found.userId, script: { ...script, videoUrl: script.videoUrl }, expiresAt: found.expiresAt };
  }

  /** What the public share page shows. */
  async open(token: string): Promise<SharedVideo> {
    const { userId, script, expiresAt } = await this.resolve(token);
    const videoKey = keyOfVideoUrl(userId, script.videoUrl);
    if (!videoKey) throw new NotFoundError(goneLinkMessage);
    const thumbnailKey = keyOfVideoUrl(userId, script.thumbnailUrl);
    return {
      title: script.title,
      postCaption: script.postCaption ?? '',
      videoUrl: await this.deps.files.presignGet(videoKey, sharedFileSeconds),
      thumbnailUrl: thumbnailKey ? await this.deps.files.presignGet(thumbnailKey, sharedFileSeconds) : null,
      durationSeconds: script.videoMetadata?.totalDuration ?? script.audioDuration ?? null,
      expiresAt,
    };
  }

  /** The thumbnail behind a live token (mail clients load it long after a presigned URL would expire). */
  async thumbnail(token: string): Promise<string> {
    const { userId, script } = await this.resolve(token);
    const key = keyOfVideoUrl(userId, script.thumbnailUrl);
    if (!key) throw new NotFoundError('No thumbnail');
    return this.deps.files.presignGet(key, 300);
  }

  /** The thumbnail's stable address for mails. */
  async thumbnailUrlOf(link: ShareLink): Promise<string> {
    const token = link.url.slice(link.url.lastIndexOf('/') + 1);
    return `${await this.deps.appOrigin()}/api/share/${token}/thumbnail`;
  }
}
