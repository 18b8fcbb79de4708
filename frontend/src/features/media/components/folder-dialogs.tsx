import { Button, Field, Input, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { OptionSelect } from '@/components/ui/option-select';

import { AppDialog } from '@/components/ui/app-dialog';

import type { PublicFolder } from '@contract/media';

/** Create or rename: the name must not be empty after trimming. */
export function FolderNameDialog({
  open,
  title,
  initialName,
  submitLabel,
  onClose,
  onSubmit,
}: {
  open: boolean;
  title: string;
  initialName: string;
  submitLabel: string;
  onClose: () => void;
  onSubmit: (name: string) => Promise<void>;
}) {
  const [name, setName] = useState(initialName);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (open) setName(initialName);
  }, [open, initialName]);
  const empty = name.trim().length === 0;
  const submit = async () => {
    if (empty) return;
    setBusy(true);
    try {
      await onSubmit(name.trim());
    } finally {
      setBusy(false);
    }
  };
  return (
    <AppDialog
      placement="top"
      open={open}
      title={title}
      onClose={onClose}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} disabled={empty} loading={busy}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <Field.Root invalid={empty}>
        <Field.Label>Folder name</Field.Label>
        <Input
          autoFocus
          value={name}
          placeholder="Folder name"
          onChange={(event) => setName(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') void submit();
          }}
        />
      </Field.Root>
    </AppDialog>
  );
}

/** Scripts use the folder as their preferred folder; pick a replacement (or none) and force-delete. */
export function FolderInUseDialog({
  folder,
  message,
  folders,
  onClose,
  onConfirm,
}: {
  folder: PublicFolder | null;
  message: string;
  folders: PublicFolder[];
  onClose: () => void;
  onConfirm: (replacementFolderId: string | null) => Promise<void>;
}) {
  const [replacement, setReplacement] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => setReplacement(''), [folder]);
  const others = folders.filter((candidate) => candidate.id !== folder?.id);
  return (
    <AppDialog
      placement="top"
      open={folder !== null}
      title="Folder in Use"
      onClose={onClose}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button
            colorPalette="red"
            loading={busy}
            onClick={() => {
              setBusy(true);
              void onConfirm(replacement || null).finally(() => setBusy(false));
            }}
          >
            Delete Anyway
          </Button>
        </>
      }
    >
      <Stack gap="4">
        <Text>{message}</Text>
        <Field.Root>
          <Field.Label>Replacement folder for those scripts</Field.Label>
          <OptionSelect
            label="Replacement folder"
            value={replacement}
            onChange={(value) => setReplacement(value)}
            options={others.map((candidate) => ({ value: candidate.id, label: candidate.name }))}
          >
            <option value="">None (Uncategorized)</option>
          </OptionSelect>
        </Field.Root>
      </Stack>
    </AppDialog>
  );
}
