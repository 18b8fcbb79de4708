import { Button, Text } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';

import { AppDialog } from './app-dialog';
import { DialogActions } from './dialog-actions';

/**
 * "Are you sure?" before something that cannot be undone (deletes ask first). Confirm runs
 * `onConfirm`; while it runs both buttons wait, and the caller closes the dialog (or leaves it open
 * on a failure it reports). Cancel, Escape, the backdrop and the close button do nothing else.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel = 'Delete',
  cancelLabel,
  destructive = true,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  /** The question: a string is shown as one paragraph. */
  children: ReactNode;
  confirmLabel?: string;
  /** The button that leaves without doing it (default Cancel; another word where the action is itself a cancel). */
  cancelLabel?: string;
  destructive?: boolean;
  onConfirm: () => Promise<void> | void;
  onClose: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
    }
  };
  return (
    <AppDialog
      open={open}
      onClose={onClose}
      busy={busy}
      title={title}
      size="sm"
      footer={
        <DialogActions onCancel={onClose} cancelLabel={cancelLabel} cancelDisabled={busy}>
          <Button colorPalette={destructive ? 'red' : undefined} onClick={() => void confirm()} loading={busy} data-testid="confirm-action">
            {confirmLabel}
          </Button>
        </DialogActions>
      }
    >
      {typeof children === 'string' ? <Text>{children}</Text> : children}
    </AppDialog>
  );
}
