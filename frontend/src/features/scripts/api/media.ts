import { useCallback, useMemo, useState } from 'react';
import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';

import { apiGet } from '@/lib/api-client';
import type { MediaPage, PublicAsset } from '@contract/media';

/**
 * The media the Video Generation Settings dialog reads: the audio list for
 * background music, a prefetch of 100 for auto-assignment, and pages of 60 for Select Media. Features
 * do not import each other, so these few calls live here rather than in features/media.
 */
export const PICKER_PAGE_SIZE = 60;
export const PREFETCH_LIMIT = 100;
/** Up to 24 thumbnails are preloaded. */
export const PRELOAD_THUMBNAILS = 24;

/** The dialog and the picker read the library as it is when they open (the app's cache never goes stale by itself). */
const fresh = { revalidateOnMount: true } as const;

export const AUDIO_KEY = '/api/media/audio';
export const PREFETCH_KEY = `/api/media?page=1&limit=${PREFETCH_LIMIT}`;

export function useAudioAssets() {
  return useSWR<PublicAsset[]>(AUDIO_KEY, () => apiGet<PublicAsset[]>(AUDIO_KEY), fresh);
}

/** The newest 100 assets, the pool auto-assignment scores. */
export function useMediaPrefetch() {
  return useSWR<MediaPage>(PREFETCH_KEY, () => apiGet<MediaPage>(PREFETCH_KEY), fresh);
}

export function pickerPageKey(page: number, folderId: string, cursor?: string | null): string {
  const query = new URLSearchParams({ page: String(page), limit: String(PICKER_PAGE_SIZE) });
  if (folderId) query.set('folderId', folderId);
  if (cursor) query.set('cursor', cursor);
  return `/api/media?${query.toString()}`;
}

/**
 * GET /api/media?page=n&limit=60, page after page (folderId '' means every folder). Each opening of
 * the picker has its own cache entries (the opening's id beside the URL), so it shows the library as
 * it is now without refetching page 1 whenever a later page loads.
 */
export function usePickerPages(folderId: string) {
  const [opening] = useState(() => `${Date.now()}-${Math.random()}`);
  const result = useSWRInfinite<MediaPage>(
    (index, previous: MediaPage | null) => {
      if (previous && previous.page >= previous.totalPages) return null;
      return [pickerPageKey(index + 1, folderId, previous?.nextCursor), opening] as const;
    },
    ([key]: readonly [string, string]) => apiGet<MediaPage>(key),
    { revalidateFirstPage: false, revalidateAll: false, persistSize: false },
  );
  const { data, size, setSize, isLoading, error } = result;
  const items = useMemo(() => (data ?? []).flatMap((page) => page.items), [data]);
  const last = data?.[data.length - 1];
  const loadingMore = isLoading || (size > 0 && data !== undefined && data[size - 1] === undefined);
  const loadMore = useCallback(() => void setSize((current) => current + 1), [setSize]);
  return { items, hasMore: last ? last.page < last.totalPages : false, loadingMore, error: error as unknown, loadMore };
}
