import { apiDelete, apiPatch, apiPost } from '@/lib/api-client';
import { FOLDERS_KEY } from '@/lib/folders';
import type { PublicFolder } from '@contract/media';

export const createFolder = (name: string, parentFolderId: string | null = null) => apiPost<PublicFolder>(FOLDERS_KEY, { name, parentFolderId });

export const renameFolder = (id: string, name: string) => apiPatch<PublicFolder>(`${FOLDERS_KEY}/${encodeURIComponent(id)}`, { name });

export const deleteFolder = (id: string) => apiDelete<{ message: string }>(`${FOLDERS_KEY}/${encodeURIComponent(id)}`);

/** `replacementFolderId` null: the scripts keep no preferred folder. */
export const forceDeleteFolder = (id: string, replacementFolderId: string | null) =>
  apiDelete<{ message: string }>(`${FOLDERS_KEY}/${encodeURIComponent(id)}/force`, { replacementFolderId });
