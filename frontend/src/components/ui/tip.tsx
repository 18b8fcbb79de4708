import { Box, IconButton, Portal, Tooltip } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A tooltip after the product's (docs/product.md#conventions) 700 ms. Disabled controls are wrapped so they still show it. */
export function Tip({ label, children, wrap = false }: { label: string; children: ReactNode; wrap?: boolean }) {
  return (
    <Tooltip.Root openDelay={700} closeDelay={100}>
      <Tooltip.Trigger asChild>
        {wrap ? (
          <Box as="span" display="inline-flex" tabIndex={0} aria-label={label}>
            {children}
          </Box>
        ) : (
          children
        )}
      </Tooltip.Trigger>
      <Portal>
        <Tooltip.Positioner>
          <Tooltip.Content>{label}</Tooltip.Content>
        </Tooltip.Positioner>
      </Portal>
    </Tooltip.Root>
  );
}

/** A card's small icon action (Edit, Delete) with its tip; `danger` for one that deletes. */
export function TipIconButton({
  tip,
  label,
  onClick,
  danger = false,
  disabled,
  children,
}: {
  tip: string;
  /** What a screen reader says: the action and its object. */
  label: string;
  onClick: () => void;
  danger?: boolean;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <Tip label={tip}>
      <IconButton size="sm" variant="ghost" colorPalette={danger ? 'red' : undefined} aria-label={label} onClick={onClick} disabled={disabled}>
        {children}
      </IconButton>
    </Tip>
  );
}
