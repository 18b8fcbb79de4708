import { lineIcon, stroke } from '@/components/ui/line-icon';

/* The scripts page's line icons. */
export const RefreshIcon = lineIcon(
  'RefreshIcon',
  [<path key="a" d="M20 11a8 8 0 0 0-14.9-4M4 4v4h4" {...stroke} />, <path key="b" d="M4 13a8 8 0 0 0 14.9 4M20 20v-4h-4" {...stroke} />],
  {},
);

export const TrashIcon = lineIcon('TrashIcon', [<path key="a" d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" {...stroke} />], {});

export const ExpandIcon = lineIcon('ExpandIcon', [<path key="a" d="M15 3h6v6M9 21H3v-6M21 3l-7 7M3 21l7-7" {...stroke} />], {});

export const ChevronIcon = lineIcon('ChevronIcon', [<path key="a" d="M6 9l6 6 6-6" {...stroke} />], {});

export const PlayIcon = lineIcon('PlayIcon', [
  <path key="a" d="M7 4.5v15a1 1 0 0 0 1.5.9l12-7.5a1 1 0 0 0 0-1.8l-12-7.5A1 1 0 0 0 7 4.5z" fill="currentColor" />,
]);

export const PauseIcon = lineIcon('PauseIcon', [
  <rect key="a" x="6" y="4" width="4" height="16" rx="1" fill="currentColor" />,
  <rect key="b" x="14" y="4" width="4" height="16" rx="1" fill="currentColor" />,
]);

export const DownloadIcon = lineIcon('DownloadIcon', [<path key="a" d="M12 3v12M7 10l5 5 5-5M4 17v3h16v-3" {...stroke} />]);

export const EditIcon = lineIcon('EditIcon', [<path key="a" d="M4 20h4L19 9l-4-4L4 16v4zM13.5 6.5l4 4" {...stroke} />]);
