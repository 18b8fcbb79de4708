import { Badge, Box, Button, Grid, HStack, Image, Spinner, Stack, Text, useBreakpointValue } from '@chakra-ui/react';
import { useEffect, useMemo, useRef, useState } from 'react';

import type { PublicAsset } from '@contract/media';

import { PRELOAD_THUMBNAILS, usePickerPages } from '../../api/media';
import { thumbnailSrc } from '@/lib/thumbnails';
import { orderForPicker, toggleQueued } from '../../lib/segments';
import { AppDialog } from '@/components/ui/app-dialog';
import { compactCreditText, stockCreditText } from '@/components/stock-credit';

/** The product's (docs/product.md#video-settings) columns by width (3/5/6/8). */
const PICKER_COLUMNS = { base: 3, md: 5, lg: 6, xl: 8 } as const;
/**
 * The widest a 9:16 tile may be: as tall as the dialog's body (the header, the bulk bar and the
 * footer above and below it), so a tile is never cut off at the bottom.
 */
const TILE_MAX_WIDTH = 'calc((100dvh - 15rem) * 9 / 16)';

/**
 * How many columns the grid has: the product's (docs/product.md#video-settings) count for the width, or fewer when there are fewer items,
 * so a small library fills the dialog with larger tiles, centred, instead of a corner of it.
 */
export function pickerColumns(specColumns: number, items: number): number {
  return Math.max(1, Math.min(specColumns, items));
}

export type PickerTarget = { mode: 'single'; index: number } | { mode: 'bulk'; count: number };

function MediaTile({ item, order, eager, onPick }: { item: PublicAsset; order: number | undefined; eager: boolean; onPick: () => void }) {
  const thumb = thumbnailSrc(item.thumbnailUrl);
  return (
    <Box
      as="button"
      data-testid="picker-item"
      data-title={item.title}
      aria-label={`Choose ${item.title}`}
      aria-pressed={order !== undefined}
      onClick={onPick}
      position="relative"
      rounded="md"
      overflow="hidden"
      borderWidth="2px"
      borderColor={order !== undefined ? 'brand.solid' : 'transparent'}
      outline={order !== undefined ? '3px solid' : undefined}
      outlineColor="brand.solid"
      outlineOffset="2px"
      bg="gray.900"
      textAlign="left"
      _hover={{ borderColor: 'brand.muted' }}
      _focusVisible={{ outline: '2px solid', outlineColor: 'blue.focusRing' }}
    >
      <Box style={{ aspectRatio: '9 / 16' }} w="full">
        {thumb ? (
          <Image src={thumb} alt="" w="full" h="full" objectFit="cover" loading={eager ? 'eager' : 'lazy'} />
        ) : (
          <Text color="gray.300" fontSize="xs" p="2">
            No preview
          </Text>
        )}
      </Box>
      <Box position="absolute" insetX="0" bottom="0" bg="blackAlpha.700" px="2" py="1">
        <Text color="white" fontSize="xs" lineClamp={1}>
          {item.title}
        </Text>
        {/* A stock clip's credit (Pexels' terms), as text: a tile is a button, so the links are in the media library. */}
        {item.attribution && (
          <Text color="whiteAlpha.800" fontSize="2xs" lineClamp={1} data-testid="stock-credit" title={stockCreditText(item.attribution)}>
            {compactCreditText(item.attribution)}
          </Text>
        )}
      </Box>
      {item.duration ? (
        <Badge position="absolute" top="1" right="1" size="xs" variant="solid" colorPalette="gray">{`${Math.round(item.duration)}s`}</Badge>
      ) : null}
      {order !== undefined && (
        <Badge position="absolute" top="1" left="1" variant="solid" colorPalette="brand" data-testid="queue-order">
          {order}
        </Badge>
      )}
    </Box>
  );
}

/**
 * Select Media for Segment N / Select Media for N Segments: a full-screen grid of
 * the library's videos, pages of 60, the next page when the sentinel is half visible or on Load More
 * Media. In bulk mode choices queue in order; when there is one per selected segment they apply.
 */
export function MediaPickerDialog({
  target,
  folderId,
  preferredFolderId,
  usedIds,
  onPick,
  onApply,
  onClose,
}: {
  target: PickerTarget;
  folderId: string;
  preferredFolderId: string | null;
  usedIds: ReadonlySet<string>;
  onPick: (index: number, media: PublicAsset) => void;
  onApply: (queue: PublicAsset[]) => void;
  onClose: () => void;
}) {
  const pages = usePickerPages(folderId);
  const items = useMemo(() => orderForPicker(pages.items, { usedIds, preferredFolderId }), [pages.items, usedIds, preferredFolderId]);
  const [queue, setQueue] = useState<PublicAsset[]>([]);
  const columns = pickerColumns(useBreakpointValue(PICKER_COLUMNS) ?? PICKER_COLUMNS.base, items.length);
  const title = target.mode === 'single' ? `Select Media for Segment ${target.index + 1}` : `Select Media for ${target.count} Segments`;

  // Infinite scroll: the next page when the sentinel is half visible.
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasMore, loadingMore, loadMore } = pages;
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasMore) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !loadingMore) loadMore();
      },
      { threshold: 0.5 },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasMore, loadingMore, loadMore]);

  function choose(item: PublicAsset) {
    if (target.mode === 'single') {
      onPick(target.index, item);
      return;
    }
    const next = toggleQueued(queue, item, target.count);
    if (next.ready) {
      onApply(next.queue);
      setQueue([]);
    } else {
      setQueue(next.queue);
    }
  }

  return (
    <AppDialog
      open
      onClose={onClose}
      title={title}
      size="full"
      scrollBehavior="inside"
      footer={
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
      }
    >
      {target.mode === 'bulk' && (
        <HStack justify="space-between" mb="3" bg="bg.subtle" rounded="md" px="3" py="2">
          <Text fontSize="sm" data-testid="queue-count">{`${queue.length} of ${target.count} chosen — they go to the selected segments in order`}</Text>
          <Button size="xs" variant="outline" onClick={() => setQueue([])} disabled={queue.length === 0}>
            Reset queue
          </Button>
        </HStack>
      )}
      {pages.error !== undefined ? (
        <Text color="red.600">Failed to load media assets</Text>
      ) : items.length === 0 && !loadingMore ? (
        <Stack align="center" py="16" gap="2">
          <Text fontWeight="semibold">No videos here</Text>
          <Text color="fg.muted" fontSize="sm">
            Upload clips on the Media page, or choose another folder.
          </Text>
        </Stack>
      ) : (
        <Grid
          templateColumns={`repeat(${columns}, minmax(0, ${TILE_MAX_WIDTH}))`}
          justifyContent="center"
          gap="3"
          data-testid="picker-grid"
          data-columns={columns}
        >
          {items.map((item, index) => {
            const position = queue.findIndex((queued) => queued.id === item.id);
            return (
              <MediaTile
                key={item.id}
                item={item}
                eager={index < PRELOAD_THUMBNAILS}
                order={position >= 0 ? position + 1 : undefined}
                onPick={() => choose(item)}
              />
            );
          })}
        </Grid>
      )}
      <Box ref={sentinel} h="4" data-testid="picker-sentinel" />
      <HStack justify="center" py="3">
        {loadingMore && <Spinner size="sm" />}
        {hasMore && (
          <Button variant="outline" size="sm" onClick={loadMore} disabled={loadingMore}>
            Load More Media
          </Button>
        )}
      </HStack>
    </AppDialog>
  );
}
