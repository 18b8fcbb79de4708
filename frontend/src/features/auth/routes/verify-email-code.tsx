import { AuthLayout } from '../components/auth-layout';

/** /verify-email-code: placeholder until the accounts issue builds it. */
export default function VerifyEmailCodeRoute() {
  return <AuthLayout title="Verify Email" description="This page arrives with the accounts issue." />;
}
