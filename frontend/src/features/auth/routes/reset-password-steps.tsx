import { AuthLayout } from '../components/auth-layout';

/** /reset-password-steps: placeholder until the accounts issue builds it. */
export default function ResetPasswordStepsRoute() {
  return <AuthLayout title="Reset Password" description="This page arrives with the accounts issue." />;
}
