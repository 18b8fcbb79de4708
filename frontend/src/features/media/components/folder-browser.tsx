import { Box, Button, HStack, IconButton, Menu, Portal, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';

import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { showToast } from '@/components/ui/toaster';
import { ApiError } from '@/lib/api-client';
import type { PublicFolder } from '@contract/media';

import { createFolder, deleteFolder, forceDeleteFolder, renameFolder } from '../api/folders';
import { FolderInUseDialog, FolderNameDialog } from './folder-dialogs';

/** The server refuses a delete with a message about scripts using the folder as their preferred folder. */
function inUseMessage(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const message = error.serverMessage;
  return message && /preferred folder/i.test(message) ? message : undefined;
}

/** A delete tells what it did (the folder's media stays, in the root). */
function tellDeleted(folder: PublicFolder): void {
  showToast({ type: 'success', title: 'Folder deleted', description: `“${folder.name}” was deleted; its media is now in All Media (Root).` });
}

/** Folder browser: All Media plus each folder; create, rename, delete with the Folder in Use flow. */
export function FolderBrowser({
  folders,
  selected,
  onSelect,
  onChanged,
}: {
  folders: PublicFolder[];
  selected: string;
  onSelect: (folderId: string) => void;
  onChanged: () => void;
}) {
  const [creating, setCreating] = useState(false);
  const [renaming, setRenaming] = useState<PublicFolder | null>(null);
  const [deleting, setDeleting] = useState<PublicFolder | null>(null);
  const [inUse, setInUse] = useState<{ folder: PublicFolder; message: string } | null>(null);

  const item = (id: string, label: string, count?: number) => (
    <Button
      key={id || 'all'}
      variant={selected === id ? 'subtle' : 'ghost'}
      justifyContent="space-between"
      size="sm"
      flex="1"
      onClick={() => onSelect(id)}
      aria-pressed={selected === id}
    >
      <Text truncate>{label}</Text>
      {count !== undefined && (
        <Text as="span" color="fg.muted" fontSize="xs">
          {count}
        </Text>
      )}
    </Button>
  );

  return (
    <Box bg="bg" borderWidth="1px" rounded="l2" p="3" data-testid="folder-browser">
      <HStack justify="space-between" mb="2">
        <Text fontWeight="semibold">Folders</Text>
        <Button size="xs" variant="outline" onClick={() => setCreating(true)}>
          New Folder
        </Button>
      </HStack>
      <Stack gap="1">
        {item('', 'All Media')}
        {folders.map((folder) => (
          <HStack key={folder.id} gap="1">
            {item(folder.id, folder.name, folder.assetCount)}
            <Menu.Root>
              <Menu.Trigger asChild>
                <IconButton size="xs" variant="ghost" aria-label={`Folder actions for ${folder.name}`}>
                  ⋯
                </IconButton>
              </Menu.Trigger>
              <Portal>
                <Menu.Positioner>
                  <Menu.Content>
                    <Menu.Item value="rename" onSelect={() => setRenaming(folder)}>
                      Rename
                    </Menu.Item>
                    <Menu.Item value="delete" color="fg.error" onSelect={() => setDeleting(folder)}>
                      Delete
                    </Menu.Item>
                  </Menu.Content>
                </Menu.Positioner>
              </Portal>
            </Menu.Root>
          </HStack>
        ))}
      </Stack>

      <FolderNameDialog
        open={creating}
        title="Create Folder"
        initialName=""
        submitLabel="Create"
        onClose={() => setCreating(false)}
        onSubmit={async (name) => {
          try {
            await createFolder(name);
            setCreating(false);
            onChanged();
          } catch {
            showToast({ type: 'error', title: 'Failed to create folder' });
          }
        }}
      />
      <FolderNameDialog
        open={renaming !== null}
        title="Rename Folder"
        initialName={renaming?.name ?? ''}
        submitLabel="Save"
        onClose={() => setRenaming(null)}
        onSubmit={async (name) => {
          if (!renaming) return;
          try {
            await renameFolder(renaming.id, name);
            setRenaming(null);
            onChanged();
          } catch {
            showToast({ type: 'error', title: 'Failed to update folder' });
          }
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete Folder"
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          const folder = deleting;
          try {
            await deleteFolder(folder.id);
            setDeleting(null);
            tellDeleted(folder);
            if (selected === folder.id) onSelect('');
            onChanged();
          } catch (error) {
            setDeleting(null);
            const message = inUseMessage(error);
            if (message) setInUse({ folder, message });
            else showToast({ type: 'error', title: 'Failed to delete folder' });
          }
        }}
      >
        {`Delete the folder “${deleting?.name ?? ''}”? Its media moves to All Media (Root); nothing is deleted.`}
      </ConfirmDialog>
      <FolderInUseDialog
        folder={inUse?.folder ?? null}
        message={inUse?.message ?? ''}
        folders={folders}
        onClose={() => setInUse(null)}
        onConfirm={async (replacement) => {
          if (!inUse) return;
          try {
            await forceDeleteFolder(inUse.folder.id, replacement);
            tellDeleted(inUse.folder);
            if (selected === inUse.folder.id) onSelect('');
            setInUse(null);
            onChanged();
          } catch {
            showToast({ type: 'error', title: 'Failed to delete folder' });
          }
        }}
      />
    </Box>
  );
}
