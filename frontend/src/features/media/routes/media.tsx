import { Alert, Box, Button, Flex, Heading, HStack, Input, Menu, NativeSelect, Portal, SimpleGrid, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useRef, useState } from 'react';

import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { showToast } from '@/components/ui/toaster';
import { useRealtime } from '@/lib/realtime';
import type { MediaSort, PublicAsset } from '@contract/media';

import { bulkDelete, bulkMove } from '../api/assets';
import { useFolders } from '@/lib/folders';
import { useMediaPages } from '../api/get-media';
import { bulkDeleteQuestion, bulkDeleteSummary, mediaSorts } from '../lib/assets';
import { AssetCard, AssetRow } from '../components/asset-card';
import { DropZone } from '../components/drop-zone';
import { FolderBrowser } from '../components/folder-browser';
import { UploadDialog, type UploadMode } from '../components/upload-dialog';
import { DROP_ZONE_MAX_MB, isMediaFile } from '../lib/file-rules';
import { formatBytes } from '@/lib/format-bytes';
import { FolderSelect } from '@/components/folder-select';

/** Spec 001 §9: the bulk-delete toast lasts 10 s. */
const BULK_DELETE_TOAST_MS = 10_000;

/** Spec 001 §9: search debounced 300 ms. */
const SEARCH_DEBOUNCE_MS = 300;

function useDebounced<T>(value: T, ms: number): T {
  const [current, setCurrent] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setCurrent(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return current;
}

/** /media (spec 001 §2): folder browser, grid or list of assets, uploads, tags, selection and bulk actions. */
export default function MediaRoute() {
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
  // SWR binds a list's mutate to the filter it was made for. A move or delete that ends after the creator
  // has picked another folder must re-read the list on screen then, not the one from when it started.
  const reloaders = useRef({ media: media.mutate, folders: folders.mutate });
  reloaders.current = { media: media.mutate, folders: folders.mutate };
  const refresh = useCallback(() => {
    void reloaders.current.media();
    void reloaders.current.folders();
  }, []);

  // Live updates (spec 001 §7: media, token-usage and video-usage): another tab changed the library.
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
      // Spec 001 §9: the bulk-delete toast lasts 10 s; issue 15: it says what was deleted.
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

  return (
    <Stack gap="6">
      <Flex justify="space-between" align={{ base: 'start', md: 'center' }} direction={{ base: 'column', md: 'row' }} gap="4">
        <Box>
          <Heading as="h1" size="2xl">
            Media Library
          </Heading>
          <Text color="fg.muted">
            {storage ? `${formatBytes(storage.usedBytes)} of ${storage.limitMB} MB used` : 'Your videos and audio for b-roll and background music'}
          </Text>
        </Box>
        {storageFull ? (
          <Alert.Root status="warning" maxW="sm" data-testid="storage-full">
            <Alert.Indicator />
            <Alert.Title>Storage limit reached</Alert.Title>
          </Alert.Root>
        ) : (
          <HStack>
            <Button onClick={() => setUpload({ mode: 'media' })}>Upload Media</Button>
            <Button variant="outline" onClick={() => setUpload({ mode: 'audio' })}>
              Upload Audio
            </Button>
          </HStack>
        )}
      </Flex>

      <Flex gap="6" direction={{ base: 'column', lg: 'row' }} align="start">
        <Box w={{ base: '100%', lg: '64' }} flexShrink={0}>
          <FolderBrowser folders={folderList} selected={folderId} onSelect={setFolderId} onChanged={refresh} />
        </Box>

        <Stack gap="4" flex="1" minW="0" w="100%">
          <Flex gap="3" wrap="wrap" align="center">
            <Input
              flex="1"
              minW="48"
              bg="bg"
              placeholder="Search media..."
              aria-label="Search media"
              value={searchText}
              onChange={(event) => setSearchText(event.target.value)}
            />
            <FolderSelect w="48" bg="bg" label="Folder filter" folders={folderList} value={folderId} onChange={setFolderId} emptyValue="" emptyLabel="All folders" />
            <NativeSelect.Root w="44" bg="bg">
              <NativeSelect.Field aria-label="Sort" value={sort} onChange={(event) => setSort(event.target.value as MediaSort)}>
                {mediaSorts.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <HStack gap="0" borderWidth="1px" rounded="l2" bg="bg">
              <Button size="sm" variant={view === 'grid' ? 'subtle' : 'ghost'} onClick={() => setView('grid')} aria-pressed={view === 'grid'}>
                Grid
              </Button>
              <Button size="sm" variant={view === 'list' ? 'subtle' : 'ghost'} onClick={() => setView('list')} aria-pressed={view === 'list'}>
                List
              </Button>
            </HStack>
            <Button size="sm" variant={selecting ? 'solid' : 'outline'} onClick={toggleSelecting}>
              {selecting ? 'Cancel Selection' : 'Select'}
            </Button>
          </Flex>

          {selecting && (
            <HStack bg="bg" borderWidth="1px" rounded="l2" p="2" gap="3" data-testid="selection-bar">
              <Text fontSize="sm" flex="1">
                {selected.size} selected
              </Text>
              <Menu.Root>
                <Menu.Trigger asChild>
                  <Button size="sm" variant="outline" disabled={selected.size === 0}>
                    Move Selected
                  </Button>
                </Menu.Trigger>
                <Portal>
                  <Menu.Positioner>
                    <Menu.Content>
                      <Menu.Item value="root" onSelect={() => void move([...selected], null).then(() => setSelected(new Set()))}>
                        All Media (Root)
                      </Menu.Item>
                      {folderList.map((folder) => (
                        <Menu.Item key={folder.id} value={folder.id} onSelect={() => void move([...selected], folder.id).then(() => setSelected(new Set()))}>
                          {folder.name}
                        </Menu.Item>
                      ))}
                    </Menu.Content>
                  </Menu.Positioner>
                </Portal>
              </Menu.Root>
              <Button size="sm" colorPalette="red" disabled={selected.size === 0} onClick={askBulkDelete}>
                Delete Selected
              </Button>
            </HStack>
          )}

          {!storageFull && (
            <DropZone onFiles={(files) => setUpload({ mode: 'media', files })} accepts={isMediaFile} label={`Drop MP4, MOV or MP3 files here to upload (up to ${DROP_ZONE_MAX_MB} MB each)`} />
          )}

          {media.error && media.items.length === 0 ? (
            <Stack align="center" py="12" gap="3" data-testid="media-error">
              <Text color="fg.error">Failed to load media assets</Text>
              <Button variant="outline" onClick={() => void media.mutate()}>
                Retry
              </Button>
            </Stack>
          ) : media.isLoading ? (
            <HStack justify="center" py="12">
              <Spinner />
            </HStack>
          ) : media.items.length === 0 ? (
            <Text color="fg.muted" textAlign="center" py="12">
              {search ? 'No media matches your search.' : 'No media yet. Upload videos and audio to build your library.'}
            </Text>
          ) : view === 'grid' ? (
            <SimpleGrid columns={{ base: 1, sm: 2, xl: 3 }} gap="4">
              {media.items.map((asset) => (
                <AssetCard key={asset.id} asset={asset} selecting={selecting} selected={selected.has(asset.id)} onToggle={() => toggle(asset.id)} {...actions} />
              ))}
            </SimpleGrid>
          ) : (
            <Box bg="bg" borderWidth="1px" rounded="l2" overflowX="auto">
              <Table.Root size="sm">
                <Table.Body>
                  {media.items.map((asset) => (
                    <AssetRow key={asset.id} asset={asset} selecting={selecting} selected={selected.has(asset.id)} onToggle={() => toggle(asset.id)} {...actions} />
                  ))}
                </Table.Body>
              </Table.Root>
            </Box>
          )}
          <Box ref={sentinel} h="1px" />
          {media.hasMore && (
            <HStack justify="center">
              <Spinner size="sm" />
            </HStack>
          )}
          {media.items.length > 0 && (
            <Text fontSize="sm" color="fg.muted" textAlign="center">
              {media.items.length} of {media.totalCount}
            </Text>
          )}
        </Stack>
      </Flex>

      <ConfirmDialog open={bulkQuestion !== null} title="Delete Selected Items" onClose={() => setBulkQuestion(null)} onConfirm={deleteSelected}>
        {bulkQuestion ?? ''}
      </ConfirmDialog>
      <UploadDialog
        open={upload !== null}
        mode={upload?.mode ?? 'media'}
        initialFiles={upload?.files}
        onClose={() => setUpload(null)}
        storage={storage}
        folderId={folderId || null}
        onUploaded={refresh}
      />
    </Stack>
  );
}
