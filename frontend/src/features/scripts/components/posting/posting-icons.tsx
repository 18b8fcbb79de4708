import { lineIcon, stroke } from '@/components/ui/line-icon';

/* Posting's line icons (the delivery feature's clock and send, drawn the same). */
export const ClockIcon = lineIcon('ClockIcon', [<circle key="c" cx="12" cy="12" r="9.5" {...stroke} />, <path key="p" d="M12 7v5l3 2" {...stroke} />]);

export const SendIcon = lineIcon('SendIcon', [<path key="p" d="M21.5 2.5 11 13M21.5 2.5 15 21.5l-4-8.5-8.5-4z" {...stroke} />]);

export const CheckIcon = lineIcon('CheckIcon', [<path key="p" d="m5 12.5 4.5 4.5L19 7.5" {...stroke} strokeWidth={3} />]);

export const OpenIcon = lineIcon('OpenIcon', [<path key="a" d="M15 3h6v6M10 14 21 3M18 13v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h6" {...stroke} />]);

export const AlertIcon = lineIcon('AlertIcon', [
  <circle key="c" cx="12" cy="12" r="9.5" {...stroke} />,
  <path key="p" d="M12 7.5v5.5M12 16.5v.01" {...stroke} />,
]);
