import { lineIcon, stroke } from '@/components/ui/line-icon';

/* The Automations page's line icons. */
export const MailIcon = lineIcon('MailIcon', [
  <rect key="r" x="2.5" y="4.5" width="19" height="15" rx="2" {...stroke} />,
  <path key="p" d="m3 6 9 7 9-7" {...stroke} />,
]);

export const WebhookIcon = lineIcon('WebhookIcon', [
  <path key="a" d="M18 16.98h-5.99c-1.1 0-1.95.94-2.48 1.9A4 4 0 0 1 2 17c.01-.7.2-1.4.57-2" {...stroke} />,
  <path key="b" d="m6 17 3.13-5.78c.53-.97.1-2.18-.5-3.1a4 4 0 1 1 6.89-4.06" {...stroke} />,
  <path key="c" d="m12 6 3.13 5.73C15.66 12.7 16.9 13 18 13a4 4 0 0 1 0 8" {...stroke} />,
]);

export const CalendarIcon = lineIcon('CalendarIcon', [
  <rect key="r" x="3" y="4.5" width="18" height="16.5" rx="2" {...stroke} />,
  <path key="p" d="M16 2.5v4M8 2.5v4M3 10h18" {...stroke} />,
]);

export const ClockIcon = lineIcon('ClockIcon', [<circle key="c" cx="12" cy="12" r="9.5" {...stroke} />, <path key="p" d="M12 7v5l3 2" {...stroke} />]);

export const WorkflowIcon = lineIcon('WorkflowIcon', [
  <rect key="a" x="3" y="3" width="7" height="7" rx="1.5" {...stroke} />,
  <rect key="b" x="14" y="14" width="7" height="7" rx="1.5" {...stroke} />,
  <path key="p" d="M6.5 10v4a3 3 0 0 0 3 3H14" {...stroke} />,
]);

export const SparkIcon = lineIcon('SparkIcon', [
  <path key="p" d="M12 3v4M12 17v4M3 12h4M17 12h4M5.6 5.6l2.8 2.8M15.6 15.6l2.8 2.8M18.4 5.6l-2.8 2.8M8.4 15.6l-2.8 2.8" {...stroke} />,
]);

export const SendIcon = lineIcon('SendIcon', [<path key="p" d="M21.5 2.5 11 13M21.5 2.5 15 21.5l-4-8.5-8.5-4z" {...stroke} />]);

export const KeyIcon = lineIcon('KeyIcon', [
  <circle key="c" cx="7.5" cy="15.5" r="4.5" {...stroke} />,
  <path key="p" d="m10.7 12.3 9.8-9.8M17 6l3 3M14.5 8.5l2.5 2.5" {...stroke} />,
]);

export const EyeIcon = lineIcon('EyeIcon', [
  <path key="p" d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" {...stroke} />,
  <circle key="c" cx="12" cy="12" r="3" {...stroke} />,
]);

export const EyeOffIcon = lineIcon('EyeOffIcon', [
  <path
    key="a"
    d="M9.9 4.24A9.1 9.1 0 0 1 12 4c6.4 0 10 7 10 7a17.6 17.6 0 0 1-2.16 3.19M6.6 6.6C3.9 8.4 2 12 2 12s3.6 7 10 7a9.7 9.7 0 0 0 5.4-1.6"
    {...stroke}
  />,
  <path key="b" d="M14.12 14.12a3 3 0 1 1-4.24-4.24M2 2l20 20" {...stroke} />,
]);

export const RotateIcon = lineIcon('RotateIcon', [
  <path key="a" d="M20 11a8 8 0 0 0-14.9-4M4 4v4h4" {...stroke} />,
  <path key="b" d="M4 13a8 8 0 0 0 14.9 4M20 20v-4h-4" {...stroke} />,
]);

export const ChevronIcon = lineIcon('ChevronIcon', [<path key="a" d="M6 9l6 6 6-6" {...stroke} />]);

export const ArrowRightIcon = lineIcon('ArrowRightIcon', [<path key="a" d="M5 12h14M13 6l6 6-6 6" {...stroke} />]);

export const AlertIcon = lineIcon('AlertIcon', [
  <path key="a" d="M12 9v4M12 17h.01M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z" {...stroke} />,
]);

export const LinkIcon = lineIcon('LinkIcon', [
  <path key="a" d="M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7.1-7.1l-1.7 1.7" {...stroke} />,
  <path key="b" d="M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7.1 7.1l1.7-1.7" {...stroke} />,
]);

export const OpenIcon = lineIcon('OpenIcon', [<path key="a" d="M15 3h6v6M10 14 21 3M18 13v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h6" {...stroke} />]);
