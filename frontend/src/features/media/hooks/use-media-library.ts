import { useCallback, useEffect, useRef, useState } from 'react';

import { showToast } from '@/components/ui/toaster';
import { useFolders } from '@/lib/folders';
import { useRealtime } from '@/lib/realtime';
import type { MediaSort, PublicAsset } from '@contract/media';

import { bulkDelete, bulkMove } from '../api/assets';
import { useMediaPages } from '../api/get-media';
import type { UploadMode } from '../components/upload-dialog';
import { bulkDeleteQuestion, bulkDeleteSummary } from '../lib/assets';
import { bumpLibraryGeneration } from '../lib/library-generation';

/** The bulk-delete toast lasts 10 s. */
const BULK_DELETE_TOAST_MS = 10_000;

/** Search debounced 300 ms. */
const SEARCH_DEBOUNCE_MS = 300;

function useDebounced<T>(value: T, ms: number): T {
  const [current, setCurrent] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setCurrent(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return current;
}

/**
 * The media library's data and calls: the filtered, sorted pages of assets and the folders,
 * kept live over the realtime channel; the view, the selection and its bulk move and delete; the upload
 * dialog's state.
 */
export function useMediaLibrary() {
  const [view, setView] = useState<'grid' | 'list'>('grid');
  const [sort, setSort] = useState<MediaSort>('newest');
  const [searchText, setSearchText] = useState('');
  const search = useDebounced(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const [folderId, setFolderId] = useState('');
  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [upload, setUpload] = useState<{ mode: UploadMode; files?: File[] } | null>(null);
  // The question is fixed when the dialog opens, so it does not change while the dialog closes.
  const [bulkQuestion, setBulkQuestion] = useState<string | null>(null);

  const media = useMediaPages({ search, folderId, sort });
  const folders = useFolders();
  const folderList = folders.folders;
  // A change to the library makes every media list stale, not only the filter on screen (SWR binds a list's
  // mutate to the filter it was made for): the generation in every list's key goes up.
  const reloadFolders = useRef(folders.mutate);
  reloadFolders.current = folders.mutate;
  const refresh = useCallback(() => {
    bumpLibraryGeneration();
    void reloadFolders.current();
  }, []);

  // Live updates (media, token-usage and video-usage): another tab changed the library.
  const realtime = useRealtime();
  useEffect(() => realtime.subscribe(['media', 'token-usage', 'video-usage']), [realtime]);
  useEffect(
    () =>
      realtime.onMessage((message) => {
        if (message.type === 'media') refresh();
      }),
    [realtime, refresh],
  );

  useEffect(() => {
    if (media.error) showToast({ type: 'error', title: 'Failed to fetch media assets' });
  }, [media.error]);

  // Infinite scroll: the next page of 60 loads when the sentinel comes within 100px.
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasMore, isLoadingMore, setSize } = media;
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasMore) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !isLoadingMore) void setSize((size) => size + 1);
      },
      { rootMargin: '100px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasMore, isLoadingMore, setSize]);

  const storage = media.storage;
  const storageFull = storage !== undefined && storage.usedBytes >= storage.limitBytes;

  const toggleSelecting = () => {
    setSelecting((on) => !on);
    setSelected(new Set());
  };
  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const move = async (ids: string[], target: string | null) => {
    try {
      await bulkMove(ids, target);
      refresh();
    } catch {
      showToast({ type: 'error', title: 'Failed to move items' });
    }
  };

  const titleOf = useCallback((id: string) => media.items.find((asset) => asset.id === id)?.title, [media.items]);
  const askBulkDelete = () => {
    const titles = [...selected].map(titleOf).filter((title): title is string => Boolean(title));
    setBulkQuestion(bulkDeleteQuestion(selected.size, titles));
  };
  const deleteSelected = async () => {
    try {
      const answer = await bulkDelete([...selected]);
      // The bulk-delete toast lasts 10 s: it says what was deleted.
      showToast({ type: 'success', ...bulkDeleteSummary(answer, titleOf), duration: BULK_DELETE_TOAST_MS });
      setSelected(new Set());
      setBulkQuestion(null);
      refresh();
    } catch {
      setBulkQuestion(null);
      showToast({ type: 'error', title: 'Failed to delete selected items' });
    }
  };

  const actions = {
    folders: folderList,
    onMove: (asset: PublicAsset, target: string | null) => void move([asset.id], target),
    onChanged: refresh,
  };

  return {
    view,
    setView,
    sort,
    setSort,
    searchText,
    setSearchText,
    search,
    folderId,
    setFolderId,
    selecting,
    selected,
    toggleSelecting,
    toggle,
    clearSelection: () => setSelected(new Set()),
    upload,
    setUpload,
    bulkQuestion,
    setBulkQuestion,
    media,
    folderList,
    refresh,
    sentinel,
    storage,
    storageFull,
    move,
    askBulkDelete,
    deleteSelected,
    actions,
  };
}

export type MediaLibrary = ReturnType<typeof useMediaLibrary>;
