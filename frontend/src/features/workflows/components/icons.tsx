import { lineIcon, stroke } from '@/components/ui/line-icon';

/* The Workflows page's line icons. */
export const FilmIcon = lineIcon('FilmIcon', [
  <rect key="r" x="3" y="3" width="18" height="18" rx="2.5" {...stroke} />,
  <path key="p" d="M7 3v18M17 3v18M3 7.5h4M3 12h18M3 16.5h4M17 7.5h4M17 16.5h4" {...stroke} />,
]);

export const CalendarClockIcon = lineIcon('CalendarClockIcon', [
  <path key="a" d="M21 10V6.5a2 2 0 0 0-2-2H5a2 2 0 0 0-2 2V19a2 2 0 0 0 2 2h6" {...stroke} />,
  <path key="b" d="M16 2.5v4M8 2.5v4M3 10h9" {...stroke} />,
  <circle key="c" cx="17.5" cy="17.5" r="4" {...stroke} />,
  <path key="d" d="M17.5 16v1.6l1 .9" {...stroke} />,
]);

export const PlusIcon = lineIcon('PlusIcon', [<path key="p" d="M12 5v14M5 12h14" {...stroke} />]);

export const PencilIcon = lineIcon('PencilIcon', [<path key="p" d="M17 3.5a2.1 2.1 0 0 1 3 3L7.5 19 3 20.5 4.5 16z" {...stroke} />]);

export const TrashIcon = lineIcon('TrashIcon', [
  <path key="p" d="M4 7h16M10 11v6M14 11v6M5.5 7l1 12.5a2 2 0 0 0 2 1.5h7a2 2 0 0 0 2-1.5l1-12.5M9 7V4.5a1 1 0 0 1 1-1h4a1 1 0 0 1 1 1V7" {...stroke} />,
]);

export const PlayIcon = lineIcon('PlayIcon', [<path key="p" d="M7 4.5v15l12-7.5z" {...stroke} />]);

export const ClockIcon = lineIcon('ClockIcon', [<circle key="c" cx="12" cy="12" r="9.5" {...stroke} />, <path key="p" d="M12 7v5l3 2" {...stroke} />]);

export const MicIcon = lineIcon('MicIcon', [
  <rect key="r" x="9" y="2.5" width="6" height="12" rx="3" {...stroke} />,
  <path key="p" d="M5 11a7 7 0 0 0 14 0M12 18v3.5" {...stroke} />,
]);

export const MusicIcon = lineIcon('MusicIcon', [
  <path key="p" d="M9 18V5l12-2v13" {...stroke} />,
  <circle key="a" cx="6" cy="18" r="3" {...stroke} />,
  <circle key="b" cx="18" cy="16" r="3" {...stroke} />,
]);

export const CaptionsIcon = lineIcon('CaptionsIcon', [
  <rect key="r" x="2.5" y="5" width="19" height="14" rx="2.5" {...stroke} />,
  <path key="p" d="M7 11h3M13 11h4M7 15h6M15 15h2" {...stroke} />,
]);

export const FolderIcon = lineIcon('FolderIcon', [
  <path key="p" d="M3 7a2 2 0 0 1 2-2h4l2 2.5h8a2 2 0 0 1 2 2V18a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z" {...stroke} />,
]);

export const MailIcon = lineIcon('MailIcon', [
  <rect key="r" x="2.5" y="4.5" width="19" height="15" rx="2" {...stroke} />,
  <path key="p" d="m3 6 9 7 9-7" {...stroke} />,
]);

export const SparkIcon = lineIcon('SparkIcon', [
  <path key="p" d="M12 3l1.8 5.2L19 10l-5.2 1.8L12 17l-1.8-5.2L5 10l5.2-1.8zM19 15l.8 2.2L22 18l-2.2.8L19 21l-.8-2.2L16 18l2.2-.8z" {...stroke} />,
]);

export const LinkIcon = lineIcon('LinkIcon', [
  <path key="p" d="M10 14a4.5 4.5 0 0 0 6.4 0l3-3a4.5 4.5 0 0 0-6.4-6.4l-1 1M14 10a4.5 4.5 0 0 0-6.4 0l-3 3a4.5 4.5 0 0 0 6.4 6.4l1-1" {...stroke} />,
]);

export const AlertIcon = lineIcon('AlertIcon', [
  <circle key="c" cx="12" cy="12" r="9.5" {...stroke} />,
  <path key="p" d="M12 7.5v5.5M12 16.5v.01" {...stroke} />,
]);

export const CheckIcon = lineIcon('CheckIcon', [
  <circle key="c" cx="12" cy="12" r="9.5" {...stroke} />,
  <path key="p" d="m8 12.5 2.5 2.5L16 9.5" {...stroke} />,
]);
