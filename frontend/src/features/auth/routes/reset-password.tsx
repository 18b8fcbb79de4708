import { AuthLayout } from '../components/auth-layout';

/** /reset-password: placeholder until the accounts issue builds it. */
export default function ResetPasswordRoute() {
  return <AuthLayout title="Reset Password" description="This page arrives with the accounts issue." />;
}
