import { Box, createIcon } from '@chakra-ui/react';

import type { PublishingPlatform } from '@contract/rules/publishing';

/** Logo-ish marks of the three platforms (Connected accounts, posting); no icon package is installed; 24×24. */
const TikTokMark = createIcon({
  displayName: 'TikTokMark',
  defaultProps: { boxSize: '1em' },
  path: (
    <path
      fill="currentColor"
      d="M16.6 3c.3 2.2 1.6 3.8 3.9 4v3.1c-1.4.1-2.7-.3-3.9-1.1v5.6c0 3.7-2.9 6.4-6.3 6.4A6.3 6.3 0 0 1 4 14.6c0-3.8 3.3-6.7 7.1-6.2v3.2c-1.8-.4-3.7.8-3.7 2.9 0 1.7 1.3 3 3 3s3-1.3 3-3.2V3z"
    />
  ),
});

const YouTubeMark = createIcon({
  displayName: 'YouTubeMark',
  defaultProps: { boxSize: '1em' },
  path: [<rect key="r" x="2" y="5" width="20" height="14" rx="4" fill="currentColor" />, <path key="p" d="M10 9v6l5.2-3z" fill="white" />],
});

const InstagramMark = createIcon({
  displayName: 'InstagramMark',
  defaultProps: { boxSize: '1em' },
  path: [
    <rect key="r" x="3" y="3" width="18" height="18" rx="5" fill="none" stroke="currentColor" strokeWidth="2" />,
    <circle key="c" cx="12" cy="12" r="4" fill="none" stroke="currentColor" strokeWidth="2" />,
    <circle key="d" cx="17.3" cy="6.7" r="1.2" fill="currentColor" />,
  ],
});

const looks: Record<PublishingPlatform, { Mark: typeof TikTokMark; bg: string; color: string }> = {
  tiktok: { Mark: TikTokMark, bg: 'gray.950', color: 'white' },
  youtube: { Mark: YouTubeMark, bg: 'red.50', color: 'red.600' },
  instagram: { Mark: InstagramMark, bg: 'pink.50', color: 'pink.600' },
};

const tileSizes = { sm: { box: '6', mark: '4', rounded: 'md' }, md: { box: '10', mark: '6', rounded: 'lg' } } as const;

/** The platform's mark in a rounded tile (`sm`: 24 px, for a line of a list). */
export function PlatformTile({ platform, size = 'md' }: { platform: PublishingPlatform; size?: keyof typeof tileSizes }) {
  const { Mark, bg, color } = looks[platform];
  const dims = tileSizes[size];
  return (
    <Box
      aria-hidden="true"
      flexShrink={0}
      display="grid"
      placeItems="center"
      boxSize={dims.box}
      rounded={dims.rounded}
      bg={bg}
      color={color}
      _dark={{ bg: platform === 'tiktok' ? 'gray.800' : 'whiteAlpha.100' }}
    >
      <Mark boxSize={dims.mark} />
    </Box>
  );
}
