import { lineIcon, stroke } from '@/components/ui/line-icon';

/* The logo section's line icons. */
export const UploadIcon = lineIcon('UploadIcon', [
  <path key="p" d="M12 15V3.5M7 8.5l5-5 5 5M4 15v3.5A2.5 2.5 0 0 0 6.5 21h11a2.5 2.5 0 0 0 2.5-2.5V15" {...stroke} />,
]);
export const ImageIcon = lineIcon('ImageIcon', [
  <rect key="r" x="3" y="3" width="18" height="18" rx="2.5" {...stroke} />,
  <circle key="c" cx="8.5" cy="8.5" r="1.8" {...stroke} />,
  <path key="p" d="m21 15.5-5-5L5 21" {...stroke} />,
]);
export const TrashIcon = lineIcon('TrashIcon', [
  <path key="p" d="M4 7h16M10 11v6M14 11v6M5.5 7l1 12.5a2 2 0 0 0 2 1.5h7a2 2 0 0 0 2-1.5l1-12.5M9 7V4.5a1 1 0 0 1 1-1h4a1 1 0 0 1 1 1V7" {...stroke} />,
]);
export const RefreshIcon = lineIcon('RefreshIcon', [
  <path key="p" d="M20 11a8 8 0 0 0-14.6-4.5L4 8M4 4v4h4M4 13a8 8 0 0 0 14.6 4.5L20 16M20 20v-4h-4" {...stroke} />,
]);
