import { lineIcon, stroke } from '@/components/ui/line-icon';

/* The app's shared line icons. */
export const CheckCircleIcon = lineIcon(
  'CheckCircleIcon',
  [<circle key="c" cx="12" cy="12" r="10" {...stroke} />, <path key="p" d="m8 12.5 2.5 2.5L16 9.5" {...stroke} />],
  {},
);

export const XCircleIcon = lineIcon(
  'XCircleIcon',
  [<circle key="c" cx="12" cy="12" r="10" {...stroke} />, <path key="p" d="m15 9-6 6M9 9l6 6" {...stroke} />],
  {},
);

export const MailIcon = lineIcon(
  'MailIcon',
  [<rect key="r" x="2.5" y="4.5" width="19" height="15" rx="2" {...stroke} />, <path key="p" d="m3 6 9 7 9-7" {...stroke} />],
  {},
);

export const KeyIcon = lineIcon(
  'KeyIcon',
  [<circle key="c" cx="7.5" cy="15.5" r="4.5" {...stroke} />, <path key="p" d="m10.7 12.3 9.8-9.8M17 6l3 3M14.5 8.5l2.5 2.5" {...stroke} />],
  {},
);

export const MenuIcon = lineIcon('MenuIcon', <path d="M4 6h16M4 12h16M4 18h16" {...stroke} />, {});
