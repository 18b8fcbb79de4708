import { useMemo } from 'react';
import useSWR from 'swr';

import type { PublicFolder } from '@contract/media';

import { apiGet } from './api-client';

/** The media library's folders (GET /api/media/folders): the library's browser, the preferred-folder selects and the scene filter. */
export const FOLDERS_KEY = '/api/media/folders';

/**
 * The creator's folders, one SWR entry for every screen, so a folder made in the library shows in the
 * script generator's select without a reload. `folders` is empty while loading or after a failure.
 * `enabled: false` reads nothing (a closed dialog); `fresh` reads again when the screen mounts.
 */
export function useFolders({ enabled = true, fresh = false }: { enabled?: boolean; fresh?: boolean } = {}) {
  const { data, error, isLoading, mutate } = useSWR<PublicFolder[]>(
    enabled ? FOLDERS_KEY : null,
    () => apiGet<PublicFolder[]>(FOLDERS_KEY),
    fresh ? { revalidateOnMount: true } : undefined,
  );
  const folders = useMemo(() => (Array.isArray(data) ? data : []), [data]);
  return { folders, error: error as unknown, isLoading, mutate };
}
