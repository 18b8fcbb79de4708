import { apiDelete, apiPatch, apiPost } from '@/lib/api-client';
import type { PublicAsset } from '@contract/media';

import type { BulkDeleteAnswer } from '../lib/assets';

const asset = (id: string) => `/api/media/${encodeURIComponent(id)}`;

export const setAssetActive = (id: string, isActive: boolean) => apiPatch<PublicAsset>(asset(id), { isActive });

export const setAssetTags = (id: string, tags: string[]) => apiPatch<PublicAsset>(`${asset(id)}/tags`, { tags });

export const suggestTags = (id: string) => apiPost<{ tags: string[]; suggested: string[]; source: string }>(`${asset(id)}/ai-tags`);

export const deleteAsset = (id: string) => apiDelete<{ message: string }>(asset(id));

/** folderId null: back to the root. */
export const bulkMove = (assetIds: string[], folderId: string | null) =>
  apiPatch<{ message: string; moved: number }>('/api/media/bulk-move', { assetIds, folderId });

export const bulkDelete = (ids: string[]) => apiPost<BulkDeleteAnswer>('/api/media/bulk-delete', { ids });
