import type { ComponentType, ReactNode } from 'react';
import { Navigate } from 'react-router-dom';

import { FullScreenSpinner } from '@/components/full-screen-spinner';
import { paths } from '@/config/paths';
import { useUser } from '@/lib/auth';

/**
 * Auth and reset pages send a signed-in user to /. While the user loads a
 * spinner shows, so the form does not flash before the redirect.
 */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const { data: user, isLoading } = useUser();
  if (isLoading) return <FullScreenSpinner />;
  if (user) return <Navigate to={paths.home.href} replace />;
  return <>{children}</>;
}

/** A page for signed-out visitors only: `export default guestOnly(ForgotPasswordPage)`. */
export function guestOnly(Page: ComponentType): ComponentType {
  function GuestOnlyPage() {
    return (
      <RedirectIfSignedIn>
        <Page />
      </RedirectIfSignedIn>
    );
  }
  GuestOnlyPage.displayName = `GuestOnly(${Page.displayName ?? Page.name})`;
  return GuestOnlyPage;
}
