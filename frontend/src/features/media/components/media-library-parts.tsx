import { Alert, Box, Button, Flex, Heading, HStack, Input, Menu, Portal, SimpleGrid, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import { OptionSelect } from '@/components/ui/option-select';

import { FolderSelect } from '@/components/folder-select';
import { formatBytes } from '@/lib/format-bytes';

import type { MediaLibrary } from '../hooks/use-media-library';
import { mediaSorts } from '../lib/assets';
import { AssetCard, AssetRow } from './asset-card';

/** The media library's views over `useMediaLibrary`. */

/** The title, the storage used, and Upload Media / Upload Audio (or the notice that storage is full). */
export function MediaHeader({ storage, storageFull, setUpload }: MediaLibrary) {
  return (
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
  );
}

/** Search, folder filter, sort, grid or list, and Select. */
export function MediaToolbar({
  searchText,
  setSearchText,
  folderList,
  folderId,
  setFolderId,
  sort,
  setSort,
  view,
  setView,
  selecting,
  toggleSelecting,
}: MediaLibrary) {
  return (
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
      <OptionSelect w="44" bg="bg" label="Sort" value={sort} onChange={(value) => setSort(value)} options={mediaSorts} />
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
  );
}

/** While selecting: how many are selected, Move Selected and Delete Selected. */
export function SelectionBar({ selected, folderList, move, clearSelection, askBulkDelete }: MediaLibrary) {
  return (
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
              <Menu.Item value="root" onSelect={() => void move([...selected], null).then(clearSelection)}>
                All Media (Root)
              </Menu.Item>
              {folderList.map((folder) => (
                <Menu.Item key={folder.id} value={folder.id} onSelect={() => void move([...selected], folder.id).then(clearSelection)}>
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
  );
}

/** The assets as a grid or a list, loaded page by page as the sentinel comes into view, with the failure, loading and empty states. */
export function AssetList({ media, search, view, selecting, selected, toggle, actions, sentinel }: MediaLibrary) {
  return (
    <>
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
    </>
  );
}
