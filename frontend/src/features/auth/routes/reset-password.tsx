import { Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';

import { KeyIcon } from '@/components/icons';
import { paths } from '@/config/paths';

import { resetPasswordWithCode } from '../api/accounts';
import { AuthLayout, TextLink } from '../components/auth-layout';
import { CodeField, TextField, SubmitButton } from '../components/form-fields';
import { NewPasswordFields } from '../components/new-password-fields';
import { PasswordResetComplete } from '../components/password-reset-complete';
import { guestOnly } from '../components/redirect-if-signed-in';
import { useForm } from '../hooks/use-form';
import { toastSuccess } from '../lib/notify';
import { toastResetFailure } from '../lib/reset-failure';
import { validateResetWithCode, type ResetWithCodeValues } from '../lib/validation';

/**
 * /reset-password: one form with email (from ?email=), the 6-character
 * code, the new password and its confirmation; then "Password Reset Complete".
 */
export default guestOnly(ResetPasswordPage);

function ResetPasswordPage() {
  const [params] = useSearchParams();
  const { handleSubmit, field } = useForm<ResetWithCodeValues>(
    () => ({ email: params.get('email') ?? '', code: '', password: '', confirmPassword: '' }),
    validateResetWithCode,
  );
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  const submit = handleSubmit(async ({ email, code, password }) => {
    setBusy(true);
    try {
      await resetPasswordWithCode(email.trim(), code.trim(), password);
      toastSuccess('Password Reset Successful', 'You can now sign in with your new password.');
      setDone(true);
    } catch (error) {
      toastResetFailure(error);
    } finally {
      setBusy(false);
    }
  });

  if (done) return <PasswordResetComplete />;

  const hasEmail = Boolean(params.get('email'));
  return (
    <AuthLayout
      title="Reset Password"
      icon={<KeyIcon boxSize="7" />}
      description="Enter the 6-digit code from your email and choose a new password."
      footer={
        <>
          <Text>
            Didn&apos;t get a code? <TextLink to={paths.forgotPassword.href}>Request a new code</TextLink>
          </Text>
          <TextLink to={paths.auth.href}>Back to login</TextLink>
        </>
      }
    >
      <form onSubmit={submit} noValidate aria-label="Reset password">
        <Stack gap="4">
          <TextField label="Email" type="email" autoComplete="email" autoFocus={!hasEmail} {...field('email')} />
          <CodeField {...field('code')} autoFocus={hasEmail} />
          <NewPasswordFields field={field} />
          <SubmitButton busy={busy} loadingText="Resetting...">
            Reset Password
          </SubmitButton>
        </Stack>
      </form>
    </AuthLayout>
  );
}
