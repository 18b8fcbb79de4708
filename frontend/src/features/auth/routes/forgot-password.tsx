import { AuthLayout } from '../components/auth-layout';

/** /forgot-password: placeholder until the accounts issue builds it. */
export default function ForgotPasswordRoute() {
  return <AuthLayout title="Forgot Password" description="This page arrives with the accounts issue." />;
}
