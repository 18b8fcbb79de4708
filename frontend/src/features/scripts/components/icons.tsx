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

export const LinkIcon = createIcon({
  displayName: 'LinkIcon',
  defaultProps: { boxSize: '1em' },
  path: [<path key="a" d="M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7.1-7.1l-1.7 1.7" {...stroke} />, <path key="b" d="M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7.1 7.1l1.7-1.7" {...stroke} />],
});

export const OpenIcon = createIcon({
  displayName: 'OpenIcon',
  defaultProps: { boxSize: '1em' },
  path: [<path key="a" d="M15 3h6v6M10 14 21 3M18 13v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h6" {...stroke} />],
});

export const SendIcon = createIcon({
  displayName: 'SendIcon',
  defaultProps: { boxSize: '1em' },
  path: [<path key="a" d="M21.5 2.5 11 13M21.5 2.5 15 21.5l-4-8.5-8.5-4z" {...stroke} />],
});

export const ClockIcon = createIcon({
  displayName: 'ClockIcon',
  defaultProps: { boxSize: '1em' },
  path: [<circle key="c" cx="12" cy="12" r="9.5" {...stroke} />, <path key="p" d="M12 7v5l3 2" {...stroke} />],
});

export const MailIcon = createIcon({
  displayName: 'MailIcon',
  defaultProps: { boxSize: '1em' },
  path: [<rect key="r" x="2.5" y="4.5" width="19" height="15" rx="2" {...stroke} />, <path key="p" d="m3 6 9 7 9-7" {...stroke} />],
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
