import { AuthLayout } from '../components/auth-layout';

/** /resend-verification: placeholder until the accounts issue builds it. */
export default function ResendVerificationRoute() {
  return <AuthLayout title="Resend Verification Email" description="This page arrives with the accounts issue." />;
}
