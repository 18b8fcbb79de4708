import { Button, HStack, Text } from '@chakra-ui/react';

import { AppDialog } from '@/components/ui/app-dialog';

/** A short "are you sure" before a delete. */
export function ConfirmDeleteDialog({ open, title, text, busy, onConfirm, onClose }: { open: boolean; title: string; text: string; busy: boolean; onConfirm: () => void; onClose: () => void }) {
  return (
    <AppDialog
      open={open}
      onClose={onClose}
      title={title}
      size="sm"
      footer={
        <HStack>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button colorPalette="red" onClick={onConfirm} loading={busy}>
            Delete
          </Button>
        </HStack>
      }
    >
      <Text>{text}</Text>
    </AppDialog>
  );
}
