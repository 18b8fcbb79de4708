import { Box, Flex, Stack } from '@chakra-ui/react';

import { ConfirmDialog } from '@/components/ui/confirm-dialog';

import { DropZone } from '../components/drop-zone';
import { FolderBrowser } from '../components/folder-browser';
import { AssetList, MediaHeader, MediaToolbar, SelectionBar } from '../components/media-library-parts';
import { UploadDialog } from '../components/upload-dialog';
import { useMediaLibrary } from '../hooks/use-media-library';
import { DROP_ZONE_MAX_MB, isMediaFile } from '../lib/file-rules';

/** /media: folder browser, grid or list of assets, uploads, tags, selection and bulk actions; a view over `useMediaLibrary`. */
export default function MediaRoute() {
  const library = useMediaLibrary();
  const { folderList, folderId, setFolderId, refresh, selecting, storageFull, setUpload, upload, storage, bulkQuestion, setBulkQuestion, deleteSelected } =
    library;

  return (
    <Stack gap="6">
      <MediaHeader {...library} />

      <Flex gap="6" direction={{ base: 'column', lg: 'row' }} align="start">
        <Box w={{ base: '100%', lg: '64' }} flexShrink={0}>
          <FolderBrowser folders={folderList} selected={folderId} onSelect={setFolderId} onChanged={refresh} />
        </Box>

        <Stack gap="4" flex="1" minW="0" w="100%">
          <MediaToolbar {...library} />
          {selecting && <SelectionBar {...library} />}
          {!storageFull && (
            <DropZone
              onFiles={(files) => setUpload({ mode: 'media', files })}
              accepts={isMediaFile}
              label={`Drop MP4, MOV or MP3 files here to upload (up to ${DROP_ZONE_MAX_MB} MB each)`}
            />
          )}
          <AssetList {...library} />
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
