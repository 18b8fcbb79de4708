import type { ShareLink, SharedVideo } from '../../contract/delivery';
import type { Script } from '../../contract/scripts';
import { ConflictError, NotFoundError } from '../errors';
import { hashSecret, newId, newSecret } from '../ids';
import type { ShareLinkRepository, SharedFiles, StoredShareLink } from '../ports/delivery';
import { ObjectTooLargeError } from '../ports/object-store';
import { objectKeys } from '../files/bucket-layout';
import { keyOfVideoUrl } from '../files/script-files';

export const shareLinkDays = 7;
/** The share page's presigned video URL lives an hour (the page asks again when opened). */
export const sharedFileSeconds = 60 * 60;
/** A thumbnail is answered through the API (a JPEG of one frame); past this it is not shown (an API answer is bounded). */
export const sharedThumbnailMaxBytes = 4 * 1024 * 1024;

/**
 * The public copies of a link's video: `shares/<link id>/<hash of the source key>.mp4`, so no
 * public URL carries the owner's id (`users/<id>/…`). Made when the page is first opened (most links a
 * mail or a webhook makes are never opened), again after a new render (a new source, a new name); all
 * removed when the link is revoked or the account closed, and by the bucket's lifecycle after the link
 * has expired (`bucketExpiry.shareCopyDays`).
 */
/** The thumbnail of a live link, answered as bytes by the API. */
export const sharedThumbnailPath = (token: string) => `/api/share/${token}/thumbnail`;
export const shareCopyKey = (linkId: string, sourceKey: string) => objectKeys.shareCopy(linkId, hashSecret(sourceKey).slice(0, 32));
export const noVideoMessage = 'This script has no video yet. Create the video first.';
export const goneLinkMessage = 'This link has expired or was revoked.';
const tokenShape = /^[A-Za-z0-9_-]{43}$/;

export interface ShareLinkDeps {
  links: ShareLinkRepository;
  scripts: { get(userId: string, scriptId: string): Promise<Script | undefined> };
  files: SharedFiles;
  /** The site's origin (read from SSM in the cloud on first use). */
  appOrigin: () => Promise<string>;
  clock: () => Date;
}

/**
 * Share links: a page of the app that plays one video, reached without signing in
 * through an unguessable token (256 random bits) that expires after a week and that the owner can
 * revoke. Only the token's hash is a key; the page shows the title, the caption and the video, nothing else,
 * and no address it answers names the owner: the video is a copy under `shares/<link id>/`
 * (`shareCopyKey`), the thumbnail is served by `/api/share/{token}/thumbnail` itself.
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
    // The public copy goes with the link (a presigned URL handed out before stops working at once).
    await this.deps.files.deletePrefix(objectKeys.shareCopyPrefix(link.id));
    return this.toPublic(link);
  }

  private async resolve(token: string): Promise<{ linkId: string; userId: string; script: Script & { videoUrl: string }; expiresAt: string }> {
    if (!tokenShape.test(token)) throw new NotFoundError(goneLinkMessage);
    const found = await this.deps.links.findByTokenHash(hashSecret(token));
    if (!found || new Date(found.expiresAt).getTime() <= this.deps.clock().getTime()) throw new NotFoundError(goneLinkMessage);
    const script = await this.deps.scripts.get(found.userId, found.scriptId);
    if (!script?.videoUrl || !keyOfVideoUrl(found.userId, script.videoUrl)) throw new NotFoundError(goneLinkMessage);
    return { linkId: found.linkId, userId: found.userId, script: { ...script, videoUrl: script.videoUrl }, expiresAt: found.expiresAt };
  }

  /** What the public share page shows: the video by its link's copy, the thumbnail by the token's own path. */
  async open(token: string): Promise<SharedVideo> {
    const { linkId, userId, script, expiresAt } = await this.resolve(token);
    const videoKey = keyOfVideoUrl(userId, script.videoUrl);
    if (!videoKey) throw new NotFoundError(goneLinkMessage);
    const copyKey = await this.publicCopy(linkId, videoKey);
    return {
      title: script.title,
      postCaption: script.postCaption ?? '',
      videoUrl: await this.deps.files.presignGet(copyKey, sharedFileSeconds),
      // The page's own origin serves it (the mails name it absolutely, thumbnailUrlOf).
      thumbnailUrl: keyOfVideoUrl(userId, script.thumbnailUrl) ? sharedThumbnailPath(token) : null,
      durationSeconds: script.videoMetadata?.totalDuration ?? script.audioDuration ?? null,
      expiresAt,
    };
  }

  /** The link's copy of the video (made on the first open after each render; two opens at once write the same bytes to the same key). */
  private async publicCopy(linkId: string, videoKey: string): Promise<string> {
    const copyKey = shareCopyKey(linkId, videoKey);
    if ((await this.deps.files.head(copyKey)) === undefined) {
      if ((await this.deps.files.head(videoKey)) === undefined) throw new NotFoundError(goneLinkMessage);
      await this.deps.files.copy(videoKey, copyKey);
    }
    return copyKey;
  }

  /** The thumbnail behind a live token, as bytes (mail clients load it long after a presigned URL would expire, and a redirect would name the owner's key). */
  async thumbnail(token: string): Promise<{ body: Uint8Array; contentType: string }> {
    const { userId, script } = await this.resolve(token);
    const key = keyOfVideoUrl(userId, script.thumbnailUrl);
    const body = key ? await this.deps.files.get(key, sharedThumbnailMaxBytes).catch(tooLargeAsNone) : undefined;
    if (!body) throw new NotFoundError('No thumbnail');
    return { body, contentType: 'image/jpeg' };
  }

  /** The thumbnail's stable address for mails. */
  async thumbnailUrlOf(link: ShareLink): Promise<string> {
    return `${await this.deps.appOrigin()}${sharedThumbnailPath(link.url.slice(link.url.lastIndexOf('/') + 1))}`;
  }
}

/** A thumbnail too large to answer is shown as none (any other failure stays one). */
function tooLargeAsNone(error: unknown): undefined {
  if (error instanceof ObjectTooLargeError) return undefined;
  throw error;
}
