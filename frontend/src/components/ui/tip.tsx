import { Box, Portal, Tooltip } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A tooltip after the spec's 700 ms (section 9). Disabled controls are wrapped so they still show it. */
export function Tip({ label, children, wrap = false }: { label: string; children: ReactNode; wrap?: boolean }) {
  return (
    <Tooltip.Root openDelay={700} closeDelay={100}>
      <Tooltip.Trigger asChild>{wrap ? <Box as="span" display="inline-flex" tabIndex={0} aria-label={label}>{children}</Box> : children}</Tooltip.Trigger>
      <Portal>
        <Tooltip.Positioner>
          <Tooltip.Content>{label}</Tooltip.Content>
        </Tooltip.Positioner>
      </Portal>
    </Tooltip.Root>
  );
}
