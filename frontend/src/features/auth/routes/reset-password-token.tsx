import { AuthLayout } from '../components/auth-layout';

/** /reset-password-token: placeholder until the accounts issue builds it. */
export default function ResetPasswordTokenRoute() {
  return <AuthLayout title="Reset Password" description="This page arrives with the accounts issue." />;
}
