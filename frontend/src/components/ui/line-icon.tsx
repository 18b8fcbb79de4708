import { createIcon } from '@chakra-ui/react';
import type { ReactElement } from 'react';

/** The app's line icons are drawn with this stroke (no icon package is installed); 24×24, current colour. */
export const stroke = { fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

/** A line icon from its shapes, sized to the text around it unless `defaultProps` says otherwise. */
export function lineIcon(displayName: string, path: ReactElement | ReactElement[], defaultProps: { boxSize?: string } = { boxSize: '1em' }) {
  return createIcon({ displayName, defaultProps, path });
}
