import useSWR from 'swr';

/** The media library's folders, for the preferred-folder select (GET /api/media/folders); none until that library exists. */
export interface Folder {
  id: string;
  name: string;
}

export function useFolders() {
  const { data, error } = useSWR<Folder[] | { folders?: Folder[] }>('/api/media/folders');
  const folders = Array.isArray(data) ? data : (data?.folders ?? []);
  return { folders: error ? [] : folders };
}
