import useSWR from 'swr';

import type { PublicFolder } from '@contract/media';

/** The media library's folders, for the preferred-folder select and the Switch Scenes filter (GET /api/media/folders). */
export function useFolders() {
  const { data, error } = useSWR<PublicFolder[]>('/api/media/folders');
  return { folders: error || !Array.isArray(data) ? [] : data };
}
