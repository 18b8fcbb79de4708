import { createIcon } from '@chakra-ui/react';

const stroke = { fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

export const RefreshIcon = createIcon({
  displayName: 'RefreshIcon',
  path: [<path key="a" d="M20 11a8 8 0 0 0-14.9-4M4 4v4h4" {...stroke} />, <path key="b" d="M4 13a8 8 0 0 0 14.9 4M20 20v-4h-4" {...stroke} />],
});

export const TrashIcon = createIcon({
  displayName: 'TrashIcon',
  path: [<path key="a" d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" {...stroke} />],
});

export const ExpandIcon = createIcon({
  displayName: 'ExpandIcon',
  path: [<path key="a" d="M15 3h6v6M9 21H3v-6M21 3l-7 7M3 21l7-7" {...stroke} />],
});

export const ChevronIcon = createIcon({
  displayName: 'ChevronIcon',
  path: [<path key="a" d="M6 9l6 6 6-6" {...stroke} />],
});

export const PlayIcon = createIcon({
  displayName: 'PlayIcon',
  defaultProps: { boxSize: '1em' },
  path: [<path key="a" d="M7 4.5v15a1 1 0 0 0 1.5.9l12-7.5a1 1 0 0 0 0-1.8l-12-7.5A1 1 0 0 0 7 4.5z" fill="currentColor" />],
});

export const PauseIcon = createIcon({
  displayName: 'PauseIcon',
  defaultProps: { boxSize: '1em' },
  path: [<rect key="a" x="6" y="4" width="4" height="16" rx="1" fill="currentColor" />, <rect key="b" x="14" y="4" width="4" height="16" rx="1" fill="currentColor" />],
});

export const DownloadIcon = createIcon({
  displayName: 'DownloadIcon',
  defaultProps: { boxSize: '1em' },
  path: [<path key="a" d="M12 3v12M7 10l5 5 5-5M4 17v3h16v-3" {...stroke} />],
});

export const EditIcon = createIcon({
  displayName: 'EditIcon',
  defaultProps: { boxSize: '1em' },
  path: [<path key="a" d="M4 20h4L19 9l-4-4L4 16v4zM13.5 6.5l4 4" {...stroke} />],
});
