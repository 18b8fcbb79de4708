import { paths } from '@/config/paths';

import { AuthOutcome } from './auth-outcome';

/** The success screen of /reset-password and /reset-password-token. */
export function PasswordResetComplete() {
  return (
    <AuthOutcome
      title="Password Reset Complete"
      tone="success"
      description="Your password has been changed. You can now sign in with your new password."
      to={paths.auth.href}
      action="Continue to Login"
    />
  );
}
