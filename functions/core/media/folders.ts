import { ConflictError, NotFoundError, ValidationError } from '../errors';
import { newId } from '../ids';
import type { FolderReferences, MediaFolderRepository } from '../ports/media';
import type { Publisher } from '../ports/realtime';
import { toPublicFolder, type MediaFolder } from './media';
import { announceMediaChange, mediaMessages } from './messages';

/** The user's folder, or a 404. */
export async function requireFolder(folders: Pick<MediaFolderRepository, 'getFolder'>, userId: string, folderId: string): Promise<MediaFolder> {
  const folder = await folders.getFolder(userId, folderId);
  if (!folder) throw new NotFoundError(mediaMessages.folderNotFound);
  return folder;
}

export interface FolderServiceDeps {
  folders: MediaFolderRepository;
  /** Scripts that name a folder as their preferred folder. */
  folderRefs: FolderReferences;
  publisher: Publisher;
  clock?: () => number;
}

/**
 * The media library's folders: names trimmed and non-empty, not unique; deleting one
 * moves its assets to the root and its subfolders to its parent, and is refused while scripts name it.
 */
export class FolderService {
  private readonly clock: () => number;

  constructor(private readonly deps: FolderServiceDeps) {
    this.clock = deps.clock ?? Date.now;
  }

  async listFolders(userId: string) {
    const folders = await this.deps.folders.listFolders(userId);
    return folders.sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id)).map(toPublicFolder);
  }

  async createFolder(userId: string, input: { name: string; parentFolderId?: string | null; description?: string | null; color?: string | null }) {
    const name = input.name.trim();
    if (!name) throw new ValidationError(mediaMessages.folderName);
    if (input.parentFolderId) await requireFolder(this.deps.folders, userId, input.parentFolderId);
    const now = new Date(this.clock()).toISOString();
    const folder: MediaFolder = {
      id: newId(),
      userId,
      name,
      parentId: input.parentFolderId ?? null,
      description: input.description ?? null,
      color: input.color ?? null,
      isDefault: false,
      assetCount: 0,
      createdAt: now,
      updatedAt: now,
    };
    await this.deps.folders.createFolder(folder);
    await announceMediaChange(this.deps.publisher, userId);
    return toPublicFolder(folder);
  }

  async renameFolder(userId: string, folderId: string, name: string) {
    const trimmed = name.trim();
    if (!trimmed) throw new ValidationError(mediaMessages.folderName);
    const folder = await this.deps.folders.renameFolder(userId, folderId, trimmed);
    await announceMediaChange(this.deps.publisher, userId);
    return toPublicFolder(folder);
  }

  /** Refused (409, FOLDER_IN_USE) while scripts name the folder as their preferred folder. */
  async deleteFolder(userId: string, folderId: string) {
    const folder = await requireFolder(this.deps.folders, userId, folderId);
    const scripts = await this.deps.folderRefs.scriptsUsing(userId, folderId);
    if (scripts.length > 0) {
      const count = scripts.length === 1 ? '1 script uses' : `${scripts.length} scripts use`;
      throw new ConflictError(`Cannot delete folder: ${count} it as their preferred folder. Choose a replacement folder.`, { scripts }, 'FOLDER_IN_USE');
    }
    await this.deps.folders.deleteFolder(folder);
    await announceMediaChange(this.deps.publisher, userId);
    return { message: 'Folder deleted', movedAssets: folder.assetCount };
  }

  /** Points the scripts at the replacement (or at no folder) and deletes the folder. */
  async forceDeleteFolder(userId: string, folderId: string, replacementFolderId: string | null) {
    const folder = await requireFolder(this.deps.folders, userId, folderId);
    if (replacementFolderId === folderId) throw new ValidationError('The replacement must be another folder');
    if (replacementFolderId) await requireFolder(this.deps.folders, userId, replacementFolderId);
    const scripts = await this.deps.folderRefs.scriptsUsing(userId, folderId);
    await this.deps.folderRefs.reassign(
      userId,
      scripts.map((script) => script.id),
      replacementFolderId,
    );
    await this.deps.folders.deleteFolder(folder);
    await announceMediaChange(this.deps.publisher, userId);
    return { message: 'Folder deleted', updatedScripts: scripts.length, movedAssets: folder.assetCount, replacementFolderId };
  }
}
