import { AuthLayout } from '../components/auth-layout';

/** /verify-email: placeholder until the accounts issue builds it. */
export default function VerifyEmailRoute() {
  return <AuthLayout title="Verify Email" description="This page arrives with the accounts issue." />;
}
