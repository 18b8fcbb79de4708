import { Badge, Box, Button, Checkbox, HStack, IconButton, Image, Input, Menu, Portal, Switch, Tag, Text, Wrap } from '@chakra-ui/react';
import { useState } from 'react';

import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { showToast } from '@/components/ui/toaster';
import type { PublicAsset, PublicFolder } from '@contract/media';

import { deleteAsset, setAssetActive, setAssetTags, suggestTags } from '../api/assets';
import { isAudio } from '../lib/assets';
import { formatDuration } from '../lib/file-rules';

export interface AssetActions {
  folders: PublicFolder[];
  onMove: (asset: PublicAsset, folderId: string | null) => void;
  onChanged: () => void;
}

/** A frame of the video, or an audio player for audio. */
export function AssetPreview({ asset, height = '160px' }: { asset: PublicAsset; height?: string }) {
  if (isAudio(asset)) {
    return (
      <Box h={height} bg="bg.muted" display="flex" alignItems="center" justifyContent="center" px="3">
        <audio controls preload="none" src={asset.fileUrl} style={{ width: '100%' }} aria-label={`Play ${asset.title}`} />
      </Box>
    );
  }
  return (
    <Box h={height} bg="gray.900" position="relative" overflow="hidden">
      {asset.thumbnailUrl ? (
        <Image src={asset.thumbnailUrl} alt={asset.title} w="100%" h="100%" objectFit="cover" loading="lazy" />
      ) : (
        <Text color="white" p="3">
          No preview
        </Text>
      )}
      <Badge position="absolute" bottom="2" right="2" colorPalette="gray" variant="solid" data-testid="asset-duration">
        {formatDuration(asset.duration)}
      </Badge>
    </Box>
  );
}

export function ActiveSwitch({ asset, onChanged }: { asset: PublicAsset; onChanged: () => void }) {
  const [busy, setBusy] = useState(false);
  return (
    <Switch.Root
      size="sm"
      checked={asset.isActive}
      disabled={busy}
      onCheckedChange={(event) => {
        setBusy(true);
        setAssetActive(asset.id, event.checked)
          .then(onChanged)
          .catch(() => showToast({ type: 'error', title: 'Failed to update asset status' }))
          .finally(() => setBusy(false));
      }}
    >
      <Switch.HiddenInput aria-label={`Active: ${asset.title}`} />
      <Switch.Control />
      <Switch.Label fontSize="xs">Active</Switch.Label>
    </Switch.Root>
  );
}

/** Tags with removal, Add Tag and AI Tags. */
export function AssetTags({ asset, onChanged }: { asset: PublicAsset; onChanged: () => void }) {
  const [adding, setAdding] = useState(false);
  const [value, setValue] = useState('');
  const [suggesting, setSuggesting] = useState(false);

  const save = async (tags: string[], failure: string) => {
    try {
      await setAssetTags(asset.id, tags);
      onChanged();
    } catch {
      showToast({ type: 'error', title: failure });
    }
  };

  const add = async () => {
    const tag = value.trim();
    setAdding(false);
    setValue('');
    if (tag) await save([...asset.tags, tag], 'Failed to add tag');
  };

  return (
    <Box>
      <Wrap gap="1" mb="1">
        {asset.tags.map((tag) => (
          <Tag.Root key={tag} size="sm" variant="subtle" colorPalette="brand">
            <Tag.Label>{tag}</Tag.Label>
            <Tag.EndElement>
              <Tag.CloseTrigger
                aria-label={`Remove tag ${tag}`}
                onClick={() =>
                  void save(
                    asset.tags.filter((other) => other !== tag),
                    'Failed to remove tag',
                  )
                }
              />
            </Tag.EndElement>
          </Tag.Root>
        ))}
      </Wrap>
      {adding ? (
        <Input
          size="xs"
          autoFocus
          placeholder="New tag"
          aria-label={`New tag for ${asset.title}`}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') void add();
            if (event.key === 'Escape') setAdding(false);
          }}
          onBlur={() => void add()}
        />
      ) : (
        <HStack gap="1">
          <Button size="xs" variant="ghost" onClick={() => setAdding(true)}>
            Add Tag
          </Button>
          <Button
            size="xs"
            variant="ghost"
            loading={suggesting}
            onClick={() => {
              setSuggesting(true);
              suggestTags(asset.id)
                .then((answer) => {
                  onChanged();
                  showToast({ type: 'success', title: 'AI Tags added', description: answer.suggested.join(', ') || 'No new tags' });
                })
                .catch(() => showToast({ type: 'error', title: 'Failed to generate tags' }))
                .finally(() => setSuggesting(false));
            }}
          >
            AI Tags
          </Button>
        </HStack>
      )}
    </Box>
  );
}

/** Actions menu: Move to Folder with 'All Media (Root)' and each folder, Delete. */
export function AssetMenu({ asset, folders, onMove, onChanged }: { asset: PublicAsset } & AssetActions) {
  const [confirming, setConfirming] = useState(false);
  // A delete asks first, then tells.
  const remove = async () => {
    try {
      await deleteAsset(asset.id);
      setConfirming(false);
      showToast({ type: 'success', title: 'Asset deleted', description: `“${asset.title}” was deleted.` });
      onChanged();
    } catch {
      setConfirming(false);
      showToast({ type: 'error', title: 'Failed to delete asset' });
    }
  };
  return (
    <>
      <Menu.Root>
        <Menu.Trigger asChild>
          <IconButton size="xs" variant="ghost" aria-label={`Actions for ${asset.title}`}>
            ⋮
          </IconButton>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content>
              <Menu.ItemGroup>
                <Menu.ItemGroupLabel>Move to Folder</Menu.ItemGroupLabel>
                <Menu.Item value="root" disabled={asset.folderId === null} onSelect={() => onMove(asset, null)}>
                  All Media (Root)
                </Menu.Item>
                {folders.map((folder) => (
                  <Menu.Item key={folder.id} value={folder.id} disabled={asset.folderId === folder.id} onSelect={() => onMove(asset, folder.id)}>
                    {folder.name}
                  </Menu.Item>
                ))}
              </Menu.ItemGroup>
              <Menu.Separator />
              <Menu.Item value="delete" color="fg.error" onSelect={() => setConfirming(true)}>
                Delete
              </Menu.Item>
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
      <ConfirmDialog open={confirming} title="Delete Media" onClose={() => setConfirming(false)} onConfirm={remove}>
        {`Delete “${asset.title}”? This cannot be undone.`}
      </ConfirmDialog>
    </>
  );
}

export function SelectBox({ asset, selected, onToggle }: { asset: PublicAsset; selected: boolean; onToggle: () => void }) {
  return (
    <Checkbox.Root checked={selected} onCheckedChange={onToggle} size="md">
      <Checkbox.HiddenInput aria-label={`Select ${asset.title}`} />
      <Checkbox.Control bg={selected ? undefined : 'bg'}>
        <Checkbox.Indicator />
      </Checkbox.Control>
    </Checkbox.Root>
  );
}
