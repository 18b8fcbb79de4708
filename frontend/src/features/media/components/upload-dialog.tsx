import { Box, Button, HStack, Progress, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';

import { showToast } from '@/components/ui/toaster';
import { formatBytes } from '@/lib/format-bytes';
import type { StorageUsage } from '@contract/media';

import { uploadErrorMessage, uploadMedia } from '../api/upload-media';
import { AUDIO_ACCEPT, DROP_ZONE_MAX_MB, MAX_UPLOAD_BYTES, MAX_UPLOAD_MB, MEDIA_ACCEPT, isAudioFile, isMediaFile, messages } from '../lib/file-rules';
import { DropZone } from './drop-zone';
import { AppDialog } from '@/components/ui/app-dialog';

type Status = 'waiting' | 'uploading' | 'done' | 'failed';
interface Entry {
  file: File;
  progress: number;
  status: Status;
}

export type UploadMode = 'media' | 'audio';

/** Keeps the files the dialog takes, naming the others. */
function screen(files: File[], mode: UploadMode): File[] {
  const kept: File[] = [];
  for (const file of files) {
    if (mode === 'audio') {
      // Audio dialog: other files are filtered out.
      if (isAudioFile(file) && file.size <= MAX_UPLOAD_BYTES) kept.push(file);
      else if (isAudioFile(file)) showToast({ type: 'warning', title: 'File too large', description: messages.tooLarge(file.name) });
      continue;
    }
    if (!isMediaFile(file)) showToast({ type: 'warning', title: 'Unsupported file type', description: messages.unsupported(file.name) });
    else if (file.size > MAX_UPLOAD_BYTES) showToast({ type: 'warning', title: 'File too large', description: messages.tooLarge(file.name) });
    else kept.push(file);
  }
  return kept;
}

/**
 * The upload dialog (video MP4, MOV and MP3) and the audio upload dialog (mp3, wav, aac, m4a, flac):
 * one file per request, each with its own progress bar, capped at 95 until the server confirms.
 */
export function UploadDialog({
  open,
  mode,
  onClose,
  storage,
  folderId,
  initialFiles,
  onUploaded,
}: {
  open: boolean;
  mode: UploadMode;
  onClose: () => void;
  storage: StorageUsage | undefined;
  folderId: string | null;
  initialFiles?: File[];
  onUploaded: () => void;
}) {
  const [entries, setEntries] = useState<Entry[]>([]);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (open) setEntries(screen(initialFiles ?? [], mode).map((file) => ({ file, progress: 0, status: 'waiting' })));
  }, [open, initialFiles, mode]);

  const add = (files: File[]) => {
    const kept = screen(files, mode);
    setEntries((current) => [
      ...current.filter((entry) => entry.status !== 'done'),
      ...kept.map((file) => ({ file, progress: 0, status: 'waiting' as const })),
    ]);
  };

  const update = (file: File, change: Partial<Entry>) =>
    setEntries((current) => current.map((entry) => (entry.file === file ? { ...entry, ...change } : entry)));

  const start = async () => {
    const queue = entries.filter((entry) => entry.status === 'waiting' || entry.status === 'failed');
    if (queue.length === 0) {
      showToast({ type: 'error', title: messages.noFiles });
      return;
    }
    if (storage) {
      const selected = queue.reduce((sum, entry) => sum + entry.file.size, 0);
      if (storage.usedBytes + selected > storage.limitBytes) {
        showToast({
          type: 'error',
          title: 'Storage Limit Exceeded',
          description: `Would Be Exceeded: ${formatBytes(storage.usedBytes)} used + ${formatBytes(selected)} selected is more than your ${storage.limitMB} MB limit.`,
        });
        return;
      }
    }
    setBusy(true);
    let succeeded = 0;
    for (const entry of queue) {
      update(entry.file, { status: 'uploading', progress: 0 });
      try {
        await uploadMedia(entry.file, { folderId, onProgress: (progress) => update(entry.file, { progress }) });
        update(entry.file, { status: 'done', progress: 100 });
        succeeded += 1;
      } catch (error) {
        update(entry.file, { status: 'failed', progress: 0 });
        const limit = /storage limit/i.test(uploadErrorMessage(error, entry.file.name));
        showToast({
          type: 'error',
          title: limit ? 'Storage Limit Reached' : 'Upload failed',
          description: uploadErrorMessage(error, entry.file.name),
        });
      }
    }
    setBusy(false);
    if (succeeded > 0) {
      showToast({ type: 'success', title: 'Upload complete', description: `${succeeded} ${succeeded === 1 ? 'file' : 'files'} uploaded` });
      // The page refreshes 1 second after at least one file succeeded.
      setTimeout(onUploaded, 1000);
      if (succeeded === queue.length) setTimeout(onClose, 1000);
    }
  };

  const title = mode === 'audio' ? 'Upload Audio' : 'Upload Media';
  const types = mode === 'audio' ? 'MP3, WAV, AAC, M4A or FLAC' : 'MP4, MOV or MP3';
  const hint = `${types}: drop files up to ${DROP_ZONE_MAX_MB} MB each, or choose files up to ${MAX_UPLOAD_MB} MB each`;

  return (
    <AppDialog
      open={open}
      onClose={onClose}
      title={title}
      size="lg"
      placement="top"
      busy={busy}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={() => void start()} loading={busy} loadingText="Uploading...">
            Upload
          </Button>
        </>
      }
    >
      <Stack gap="4">
        <DropZone onFiles={add} accepts={mode === 'audio' ? isAudioFile : isMediaFile}>
          <Stack gap="2" align="center">
            <Text>Drag and drop files here, or</Text>
            <Button size="sm" variant="outline" onClick={() => input.current?.click()} disabled={busy}>
              Choose Files
            </Button>
            <Text fontSize="sm" color="fg.muted">
              {hint}
            </Text>
          </Stack>
        </DropZone>
        <input
          ref={input}
          type="file"
          multiple
          hidden
          data-testid={mode === 'audio' ? 'audio-file-input' : 'media-file-input'}
          accept={mode === 'audio' ? AUDIO_ACCEPT : MEDIA_ACCEPT}
          onChange={(event) => {
            add(Array.from(event.target.files ?? []));
            event.target.value = '';
          }}
        />
        {entries.map((entry) => (
          <Box key={`${entry.file.name}-${entry.file.size}-${entry.file.lastModified}`} data-testid="upload-entry">
            <HStack justify="space-between" fontSize="sm" mb="1">
              <Text truncate maxW="70%">
                {entry.file.name}
              </Text>
              <Text color={entry.status === 'failed' ? 'fg.error' : 'fg.muted'} data-testid="upload-progress">
                {entry.status === 'failed' ? 'Failed' : entry.status === 'waiting' ? formatBytes(entry.file.size) : `${entry.progress}%`}
              </Text>
            </HStack>
            <Progress.Root value={entry.progress} size="sm" colorPalette={entry.status === 'failed' ? 'red' : entry.status === 'done' ? 'green' : 'brand'}>
              <Progress.Track>
                <Progress.Range />
              </Progress.Track>
            </Progress.Root>
          </Box>
        ))}
      </Stack>
    </AppDialog>
  );
}
