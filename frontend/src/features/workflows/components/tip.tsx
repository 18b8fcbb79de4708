import { Portal, Tooltip } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A tooltip after the spec's 700 ms (000 §9). */
export function Tip({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Tooltip.Root openDelay={700} closeDelay={100}>
      <Tooltip.Trigger asChild>{children}</Tooltip.Trigger>
      <Portal>
        <Tooltip.Positioner>
          <Tooltip.Content>{label}</Tooltip.Content>
        </Tooltip.Positioner>
      </Portal>
    </Tooltip.Root>
  );
}
