import { Navigate } from 'react-router-dom';

import { paths } from '@/config/paths';
import { useUser } from '@/lib/auth';

import { AuthLayout } from '../components/auth-layout';

/** /auth and /login: placeholder until the accounts issue builds the Login and Register tabs. */
export default function AuthRoute() {
  const { data: user } = useUser();
  if (user) return <Navigate to={paths.home.href} replace />;

  return (
    <AuthLayout
      title="Sign in to Reelsmith"
      description="Accounts come next: signing in and registering arrive with the accounts issue."
    />
  );
}
