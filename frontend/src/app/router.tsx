import type { ComponentType } from 'react';
import { Outlet, createBrowserRouter, type RouteObject } from 'react-router-dom';

import { PageFrame } from '@/app/frame/page-frame';
import { RouteError } from '@/app/routes/route-error';
import { FullScreenSpinner } from '@/components/full-screen-spinner';
import { paths } from '@/config/paths';
import { ProtectedRoute } from '@/lib/auth';

/** A route whose page is loaded on first visit (its module's default export). */
function page(load: () => Promise<{ default: ComponentType }>): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: (await load()).default }) };
}

const authPage = page(() => import('@/features/auth/routes/auth'));

export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <Outlet />,
    HydrateFallback: FullScreenSpinner,
    ErrorBoundary: RouteError,
    children: [
      // Public pages.
      { path: paths.auth.path, ...authPage },
      { path: paths.login.path, ...authPage },
      { path: paths.forgotPassword.path, ...page(() => import('@/features/auth/routes/forgot-password')) },
      { path: paths.resetPassword.path, ...page(() => import('@/features/auth/routes/reset-password')) },
      { path: paths.resetPasswordSteps.path, ...page(() => import('@/features/auth/routes/reset-password-steps')) },
      { path: paths.resetPasswordToken.path, ...page(() => import('@/features/auth/routes/reset-password-token')) },
      { path: paths.verifyEmail.path, ...page(() => import('@/features/auth/routes/verify-email')) },
      { path: paths.verifyEmailCode.path, ...page(() => import('@/features/auth/routes/verify-email-code')) },
      { path: paths.resendVerification.path, ...page(() => import('@/features/auth/routes/resend-verification')) },
      // A share link's page: anyone with the token, signed in or not, outside the page frame.
      { path: paths.share.path, ...page(() => import('@/features/share/routes/share')) },

      // Signed-in pages, inside the page frame.
      {
        element: (
          <ProtectedRoute>
            <PageFrame />
          </ProtectedRoute>
        ),
        children: [
          { index: true, ...page(() => import('@/features/dashboard/routes/dashboard')) },
          { path: paths.scripts.path, ...page(() => import('@/app/routes/scripts')) },
          { path: paths.templates.path, ...page(() => import('@/features/workflows/routes/workflows')) },
          { path: paths.media.path, ...page(() => import('@/features/media/routes/media')) },
          { path: paths.calendar.path, ...page(() => import('@/features/delivery/routes/delivery')) },
          { path: paths.settings.path, ...page(() => import('@/features/settings/routes/settings')) },
          { path: paths.testVoice.path, ...page(() => import('@/features/voice-test/routes/test-voice')) },
        ],
      },

      { path: paths.notFound.path, ...page(() => import('@/app/routes/not-found')) },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
