/** An auth page that carries the account's email in its query (`?email=`), so the form starts filled in. */
function emailPage(path: string) {
  return { path, href: path, getHref: (email: string) => `${path}?email=${encodeURIComponent(email)}` };
}

/**
 * The one route map: every path of the app is named here once.
 * Components link with `paths.x.href` (or `getHref`), the router mounts `paths.x.path`.
 */
export const paths = {
  auth: { path: '/auth', href: '/auth' },
  login: { path: '/login', href: '/login' },
  forgotPassword: { path: '/forgot-password', href: '/forgot-password' },
  resetPassword: emailPage('/reset-password'),
  resetPasswordSteps: { path: '/reset-password-steps', href: '/reset-password-steps' },
  resetPasswordToken: { path: '/reset-password-token', href: '/reset-password-token' },
  verifyEmail: { path: '/verify-email', href: '/verify-email' },
  verifyEmailCode: emailPage('/verify-email-code'),
  resendVerification: { path: '/resend-verification', href: '/resend-verification' },
  /** A share link's public page: no session, outside the page frame. */
  share: { path: '/share/:token', getHref: (token: string) => `/share/${encodeURIComponent(token)}` },

  home: { path: '/', href: '/' },
  scripts: { path: '/scripts', href: '/scripts' },
  templates: { path: '/templates', href: '/templates' },
  media: { path: '/media', href: '/media' },
  calendar: { path: '/calendar', href: '/calendar' },
  settings: { path: '/settings', href: '/settings' },
  testVoice: { path: '/test-voice', href: '/test-voice' },

  notFound: { path: '*' },
} as const;

/**
 * The frame header's links, in the product's (docs/product.md#routes) order, with Workflows after Automations: the header
 * on a desktop and the phone menu list the same pages.
 */
export const frameLinks = [
  { label: 'Scripts', href: paths.scripts.href },
  { label: 'Automations', href: paths.calendar.href },
  { label: 'Workflows', href: paths.templates.href },
  { label: 'Media', href: paths.media.href },
  { label: 'Settings', href: paths.settings.href },
] as const;
