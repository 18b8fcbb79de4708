import { Box, Text } from '@chakra-ui/react';
import { useState, type DragEvent, type ReactNode } from 'react';

import { showToast } from '@/components/ui/toaster';

import { DROP_ZONE_MAX_MB, dropRefusalToast, screenDrop } from '../lib/file-rules';

/**
 * A drop zone with a per-file size limit (10 MB unless the page says otherwise) and
 * a type check; refused files are named in one toast ('File Size Exceeded', 'File Type Not
 * Supported') and left out.
 */
export function DropZone({
  onFiles,
  accepts,
  maxSizeMB = DROP_ZONE_MAX_MB,
  children,
  label = 'Drop files here',
}: {
  onFiles: (files: File[]) => void;
  accepts: (file: File) => boolean;
  maxSizeMB?: number;
  children?: ReactNode;
  label?: string;
}) {
  const [over, setOver] = useState(false);

  const drop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    const { kept, refused } = screenDrop(Array.from(event.dataTransfer.files), accepts, maxSizeMB);
    const toast = dropRefusalToast(refused);
    if (toast) showToast({ type: 'error', ...toast });
    if (kept.length > 0) onFiles(kept);
  };

  return (
    <Box
      data-testid="drop-zone"
      borderWidth="2px"
      borderStyle="dashed"
      borderColor={over ? 'brand.solid' : 'border'}
      bg={over ? 'brand.subtle' : 'bg'}
      rounded="l2"
      p="6"
      textAlign="center"
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
    >
      {children ?? <Text color="fg.muted">{label}</Text>}
    </Box>
  );
}
