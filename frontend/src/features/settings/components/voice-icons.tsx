import { lineIcon, stroke } from '@/components/ui/line-icon';

export const MicIcon = lineIcon('MicIcon', [
  <rect key="r" x="9" y="2.5" width="6" height="12" rx="3" {...stroke} />,
  <path key="p" d="M5 11a7 7 0 0 0 14 0M12 18v3.5M8.5 21.5h7" {...stroke} />,
]);

export const UploadIcon = lineIcon('UploadIcon', [<path key="p" d="M12 15V3.5M7 8l5-5 5 5M4 15v4a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-4" {...stroke} />]);

export const WaveIcon = lineIcon('WaveIcon', [<path key="p" d="M3 12h2M7 8v8M11 4v16M15 7v10M19 10v4M21 12h0" {...stroke} />]);

export const TrashIcon = lineIcon('TrashIcon', [
  <path key="p" d="M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3" {...stroke} />,
]);

export const StarIcon = lineIcon('StarIcon', [<path key="p" d="m12 3 2.8 5.7 6.2.9-4.5 4.4 1 6.2-5.5-2.9-5.5 2.9 1-6.2L3 9.6l6.2-.9z" {...stroke} />]);

export const CloseIcon = lineIcon('CloseIcon', [<path key="p" d="M6 6l12 12M18 6 6 18" {...stroke} />]);
