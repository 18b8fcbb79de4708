import { Flex } from '@chakra-ui/react';
import type { ReactNode } from 'react';

const sizes = {
  sm: { boxSize: '8', fontSize: 'md' },
  md: { boxSize: '9', fontSize: 'lg' },
  lg: { boxSize: '10', fontSize: 'xl' },
} as const;

/** An icon on a tinted square of its palette: what stands before a section's or a card's title. */
export function IconTile({ palette = 'brand', size = 'md', children }: { palette?: string; size?: keyof typeof sizes; children: ReactNode }) {
  return (
    <Flex colorPalette={palette} bg="colorPalette.subtle" color="colorPalette.fg" rounded="lg" flexShrink="0" align="center" justify="center" {...sizes[size]}>
      {children}
    </Flex>
  );
}
