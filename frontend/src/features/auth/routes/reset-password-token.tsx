import { Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';

import { KeyIcon } from '@/components/icons';
import { paths } from '@/config/paths';

import { resetPasswordWithToken } from '../api/accounts';
import { AuthLayout, TextLink } from '../components/auth-layout';
import { AuthOutcome } from '../components/auth-outcome';
import { NewPasswordForm } from '../components/new-password-fields';
import { PasswordResetComplete } from '../components/password-reset-complete';
import { guestOnly } from '../components/redirect-if-signed-in';
import { isPlausibleResetToken } from '../lib/validation';

/**
 * /reset-password-token?token=…: the emailed link. A token of 10
 * characters or fewer is not even sent: the page says the link is invalid or expired.
 */
export default guestOnly(ResetPasswordTokenPage);

function ResetPasswordTokenPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  if (!isPlausibleResetToken(token)) return <InvalidLink />;
  return <TokenForm token={token} />;
}

function InvalidLink() {
  return (
    <AuthOutcome
      title="Invalid or Expired Link"
      tone="error"
      description="This password reset link is invalid or has expired. Request a new one to reset your password."
      footer={<TextLink to={paths.auth.href}>Back to login</TextLink>}
      to={paths.forgotPassword.href}
      action="Request a new link"
    />
  );
}

function TokenForm({ token }: { token: string }) {
  const [done, setDone] = useState(false);

  if (done) return <PasswordResetComplete />;

  return (
    <AuthLayout
      title="Reset Password"
      icon={<KeyIcon boxSize="7" />}
      description="Choose a new password for your account."
      footer={
        <Text>
          Remembered it? <TextLink to={paths.auth.href}>Back to login</TextLink>
        </Text>
      }
    >
      <NewPasswordForm label="Reset password" reset={(password) => resetPasswordWithToken(token, password)} onDone={() => setDone(true)} />
    </AuthLayout>
  );
}
