import { Button, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { useSWRConfig } from 'swr';

import { MailIcon } from '@/components/icons';
import { showToast } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { USER_KEY, useUser } from '@/lib/auth';

import { resendVerificationCode, verifyEmailCode } from '../api/accounts';
import { AuthLayout, TextLink } from '../components/auth-layout';
import { AuthOutcome } from '../components/auth-outcome';
import { CodeField, TextField, SubmitButton } from '../components/form-fields';
import { useForm } from '../hooks/use-form';
import { toastFailure, toastSuccess } from '../lib/notify';
import { announceEmailVerified } from '../lib/verified-signal';
import { validateEmailCode } from '../lib/validation';

/**
 * /verify-email-code: email (from ?email=, else the signed-in user's)
 * and the 6-digit code; a resend button; a verified screen. A signed-in user whose email is already
 * verified goes to /.
 */
export default function VerifyEmailCodeRoute() {
  const [params] = useSearchParams();
  const { data: user } = useUser();
  const { mutate } = useSWRConfig();
  const { values, setField, handleSubmit, field } = useForm(() => ({ email: params.get('email') ?? '', code: '' }), validateEmailCode);
  const [busy, setBusy] = useState<'verify' | 'resend' | null>(null);
  const [verified, setVerified] = useState(false);

  const userEmail = user?.email;
  useEffect(() => {
    if (userEmail && !params.get('email')) setField('email', userEmail);
  }, [userEmail, params, setField]);

  if (user?.emailVerified && !verified) return <Navigate to={paths.home.href} replace />;

  if (verified) {
    return (
      <AuthOutcome
        title="Email Verified!"
        tone="success"
        description="Your email address has been verified. You can now sign in to your account."
        to={paths.auth.href}
        action="Go to Login"
      />
    );
  }

  const submit = handleSubmit(async ({ email, code }) => {
    setBusy('verify');
    try {
      await verifyEmailCode(email.trim(), code.trim());
      toastSuccess('Email Verified Successfully', 'Your email address has been verified.');
      setVerified(true);
      // A signed-in user's cached record still says unverified; other tabs hear it too.
      announceEmailVerified();
      if (user) void mutate(USER_KEY);
    } catch (error) {
      toastFailure(error, {
        title: 'Verification Failed',
        fallback: 'Invalid verification code. Please check your email and try again.',
        network: { description: "We couldn't verify your email. Please try again." },
      });
    } finally {
      setBusy(null);
    }
  });

  const resend = async () => {
    const email = values.email.trim();
    if (!email) {
      showToast({ type: 'warning', title: 'Email Required', description: 'Please enter your email address first.' });
      return;
    }
    setBusy('resend');
    try {
      const answer = await resendVerificationCode(email);
      toastSuccess('Verification Code Sent', answer?.message ?? 'Please check your email for a new 6-digit code.');
    } catch (error) {
      toastFailure(error, {
        title: 'Failed to Send Code',
        fallback: 'Please try again later.',
        network: { description: "We couldn't send the verification code. Please try again." },
      });
    } finally {
      setBusy(null);
    }
  };

  return (
    <AuthLayout
      title="Verify Your Email"
      icon={<MailIcon boxSize="7" />}
      description="Enter the 6-digit code we sent to your email address."
      footer={
        <Text>
          Already verified? <TextLink to={paths.auth.href}>Sign in</TextLink>
        </Text>
      }
    >
      <form onSubmit={submit} noValidate aria-label="Verify email">
        <Stack gap="4">
          <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
          <CodeField {...field('code')} autoFocus />
          <SubmitButton busy={busy === 'verify'} loadingText="Verifying..." disabled={busy !== null}>
            Verify Email
          </SubmitButton>
          <Button type="button" variant="ghost" size="sm" onClick={() => void resend()} loading={busy === 'resend'} disabled={busy !== null}>
            Didn&apos;t receive the code? Resend
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}
