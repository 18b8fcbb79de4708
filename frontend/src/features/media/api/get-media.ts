import { useRef } from 'react';
import useSWRInfinite from 'swr/infinite';

import { apiGet } from '@/lib/api-client';
import type { MediaPage, MediaSort } from '@contract/media';

import { useLibraryGeneration } from '../lib/library-generation';

/** Pages of 60. */
export const MEDIA_PAGE_SIZE = 60;

export interface MediaFilter {
  search: string;
  /** '' means every folder. */
  folderId: string;
  sort: MediaSort;
}

export function mediaPageKey(filter: MediaFilter, page: number, cursor?: string | null): string {
  const query = new URLSearchParams({ page: String(page), limit: String(MEDIA_PAGE_SIZE), sort: filter.sort });
  if (filter.search) query.set('search', filter.search);
  if (filter.folderId) query.set('folderId', filter.folderId);
  // The server continues from where the previous page ended instead of skipping the pages before.
  if (cursor) query.set('cursor', cursor);
  return `/api/media?${query.toString()}`;
}

/** A page's SWR key: its address and the library generation it was read at (see library-generation.ts). */
type MediaPageKey = readonly [url: string, generation: number];

/**
 * GET /api/media page by page, for infinite scroll. After a change to the library every filter's keys
 * are new: the list on screen reloads (keeping its pages in view meanwhile) and any other list is read
 * again when it is next shown.
 */
export function useMediaPages(filter: MediaFilter) {
  const generation = useLibraryGeneration();
  const result = useSWRInfinite<MediaPage, Error, (index: number, previous: MediaPage | null) => MediaPageKey | null>(
    (index, previous) => {
      if (previous && previous.page >= previous.totalPages) return null;
      return [mediaPageKey(filter, index + 1, previous?.nextCursor), generation] as const;
    },
    ([url]: MediaPageKey) => apiGet<MediaPage>(url),
    { revalidateFirstPage: false, revalidateAll: false, persistSize: false, keepPreviousData: true },
  );
  const pages = result.data ?? [];
  const last = pages[pages.length - 1];
  // SWR counts a new generation's read as loading (its key has no data yet) although the same list is in view:
  // the list then gave way to a spinner, unmounting the cards and any menu or dialog open in one. Only a list
  // not shown yet (another folder, search or sort) is loading; a reload of the one on screen keeps it.
  const list = mediaPageKey(filter, 1);
  const shown = useRef<string | null>(null);
  if (result.data !== undefined && !result.isLoading) shown.current = list;
  return {
    ...result,
    isLoading: result.isLoading && shown.current !== list,
    items: pages.flatMap((page) => page.items),
    totalCount: pages[0]?.totalCount ?? 0,
    storage: pages[0]?.storage,
    hasMore: last ? last.page < last.totalPages : false,
    isLoadingMore: result.isLoading || (result.size > 0 && result.data !== undefined && result.data[result.size - 1] === undefined),
  };
}
