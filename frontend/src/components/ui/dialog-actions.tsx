import { Button, HStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A dialog's footer: Cancel (or `cancelLabel`) that closes it, then the dialog's own buttons. */
export function DialogActions({
  onCancel,
  cancelLabel = 'Cancel',
  cancelDisabled,
  children,
}: {
  onCancel: () => void;
  cancelLabel?: string;
  cancelDisabled?: boolean;
  children?: ReactNode;
}) {
  return (
    <HStack>
      <Button variant="outline" onClick={onCancel} disabled={cancelDisabled}>
        {cancelLabel}
      </Button>
      {children}
    </HStack>
  );
}
