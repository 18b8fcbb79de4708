import { Box, HStack, Stack, Table, Text } from '@chakra-ui/react';

import { StockCredit } from '@/components/stock-credit';
import { formatBytes } from '@/lib/format-bytes';
import type { PublicAsset } from '@contract/media';

import { formatDuration } from '../lib/file-rules';
import { ActiveSwitch, AssetMenu, AssetPreview, AssetTags, SelectBox, type AssetActions } from './asset-parts';

interface Props extends AssetActions {
  asset: PublicAsset;
  selecting: boolean;
  selected: boolean;
  onToggle: () => void;
}

/** Grid view: thumbnail or audio player, duration, title, size, tags, active switch and actions. */
export function AssetCard({ asset, selecting, selected, onToggle, ...actions }: Props) {
  return (
    <Box
      bg="bg"
      borderWidth={selected ? '2px' : '1px'}
      borderColor={selected ? 'brand.solid' : 'border'}
      rounded="l2"
      overflow="hidden"
      position="relative"
      data-testid="asset-card"
      data-title={asset.title}
    >
      {selecting && (
        <Box position="absolute" top="2" left="2" zIndex="1">
          <SelectBox asset={asset} selected={selected} onToggle={onToggle} />
        </Box>
      )}
      <AssetPreview asset={asset} />
      <Stack p="3" gap="2">
        <HStack justify="space-between" align="start">
          <Box minW="0">
            <Text fontWeight="medium" truncate title={asset.title} dir="auto">
              {asset.title}
            </Text>
            <Text fontSize="xs" color="fg.muted">
              {formatBytes(asset.fileSize)}
              {asset.fileType.includes('audio') ? ` · ${formatDuration(asset.duration)}` : ''}
            </Text>
            {asset.attribution && <StockCredit attribution={asset.attribution} />}
          </Box>
          <AssetMenu asset={asset} {...actions} />
        </HStack>
        <AssetTags asset={asset} onChanged={actions.onChanged} />
        <ActiveSwitch asset={asset} onChanged={actions.onChanged} />
      </Stack>
    </Box>
  );
}

/** List view: one row an asset, the same parts. */
export function AssetRow({ asset, selecting, selected, onToggle, ...actions }: Props) {
  return (
    <Table.Row data-testid="asset-row" data-title={asset.title} bg={selected ? 'brand.subtle' : undefined}>
      {selecting && (
        <Table.Cell w="8">
          <SelectBox asset={asset} selected={selected} onToggle={onToggle} />
        </Table.Cell>
      )}
      <Table.Cell w="40">
        <Box w="36" rounded="l1" overflow="hidden">
          <AssetPreview asset={asset} height="80px" />
        </Box>
      </Table.Cell>
      <Table.Cell>
        <Text fontWeight="medium" dir="auto">
          {asset.title}
        </Text>
        <Text fontSize="xs" color="fg.muted">
          {formatDuration(asset.duration)} · {formatBytes(asset.fileSize)}
        </Text>
        {asset.attribution && <StockCredit attribution={asset.attribution} />}
      </Table.Cell>
      <Table.Cell>
        <AssetTags asset={asset} onChanged={actions.onChanged} />
      </Table.Cell>
      <Table.Cell>
        <ActiveSwitch asset={asset} onChanged={actions.onChanged} />
      </Table.Cell>
      <Table.Cell textAlign="end">
        <AssetMenu asset={asset} {...actions} />
      </Table.Cell>
    </Table.Row>
  );
}
