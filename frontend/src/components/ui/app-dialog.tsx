import { CloseButton, Dialog, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A dialog with a title, body and footer; closes on Escape, the backdrop or the close button (unless `busy`). */
export function AppDialog({
  open,
  onClose,
  title,
  children,
  footer,
  size = 'md',
  placement = 'center',
  scrollBehavior,
  busy = false,
  maxW,
  nested,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg' | 'xl' | 'full';
  /** `top`: the dialog stands near the top of the screen (the media library's folder dialogs). */
  placement?: 'center' | 'top';
  /** `inside`: the body scrolls and the header and footer stay in view. */
  scrollBehavior?: 'inside' | 'outside';
  /** While something runs, Escape, the backdrop and the close button leave the dialog open. */
  busy?: boolean;
  /** A width other than the size's (the video settings' two columns). */
  maxW?: string;
  /** A dialog opened from this one: it stands in this dialog's root, outside its content. */
  nested?: ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={(details) => !details.open && !busy && onClose()} size={size} placement={placement} scrollBehavior={scrollBehavior}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content maxW={maxW}>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{children}</Dialog.Body>
            {footer && <Dialog.Footer>{footer}</Dialog.Footer>}
            <Dialog.CloseTrigger asChild disabled={busy}>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
      {nested}
    </Dialog.Root>
  );
}
