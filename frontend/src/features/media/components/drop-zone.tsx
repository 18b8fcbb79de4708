import { Box, Text } from '@chakra-ui/react';
import { useState, type DragEvent, type ReactNode } from 'react';

import { showToast } from '@/components/ui/toaster';

/**
 * A drop zone with a per-file size limit (spec 001 §2, §5: 10 MB unless the page says otherwise) and
 * a type check; refused files are named in a toast and left out.
 */
export function DropZone({
  onFiles,
  accepts,
  maxSizeMB = 10,
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
    const kept: File[] = [];
    for (const file of Array.from(event.dataTransfer.files)) {
      if (!accepts(file)) {
        showToast({ type: 'error', title: 'File Type Not Supported', description: `${file.name} is not a supported file type.` });
      } else if (file.size > maxSizeMB * 1024 * 1024) {
        showToast({ type: 'error', title: 'File Size Exceeded', description: `${file.name} is larger than ${maxSizeMB} MB.` });
      } else kept.push(file);
    }
    if (kept.length > 0) onFiles(kept);
  };

  return (
    <Box
      data-testid="drop-zone"
      borderWidth="2px"
      borderStyle="dashed"
      borderColor={over ? 'blue.solid' : 'border'}
      bg={over ? 'blue.subtle' : 'bg'}
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
