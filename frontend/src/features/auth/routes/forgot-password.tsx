import { Button, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';

import { KeyIcon, MailIcon } from '@/components/icons';
import { EmailText } from '@/components/email-text';
import { paths } from '@/config/paths';

import { forgotPassword } from '../api/accounts';
import { AuthLayout, TextLink } from '../components/auth-layout';
import { TextField, SubmitButton } from '../components/form-fields';
import { guestOnly } from '../components/redirect-if-signed-in';
import { useForm } from '../hooks/use-form';
import { toastFailure, toastSuccess } from '../lib/notify';
import { validateEmailForm } from '../lib/validation';

/** The page moves on to the reset form 2 seconds after the code is sent. */
export const REDIRECT_AFTER_CODE_SENT_MS = 2000;

/**
 * /forgot-password: the email step. Once the code is sent the page
 * says so and, 2 seconds later, opens /reset-password with the email in the query, where the code and
 * the new password are entered (the flow's code, password and success steps).
 */
export default guestOnly(ForgotPasswordPage);

function ForgotPasswordPage() {
  const navigate = useNavigate();
  const { handleSubmit, field } = useForm({ email: '' }, validateEmailForm);
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  useEffect(() => {
    if (sentTo === null) return undefined;
    const timer = window.setTimeout(() => navigate(paths.resetPassword.getHref(sentTo)), REDIRECT_AFTER_CODE_SENT_MS);
    return () => window.clearTimeout(timer);
  }, [sentTo, navigate]);

  const submit = handleSubmit(async ({ email }) => {
    setBusy(true);
    try {
      await forgotPassword(email.trim());
      toastSuccess('Verification Code Sent', 'Check your email for the 6-digit code to reset your password.');
      setSentTo(email.trim());
    } catch (error) {
      setBusy(false);
      toastFailure(error, { title: 'Something went wrong', fallback: "We couldn't process your request. Please try again." });
    }
  });

  if (sentTo !== null) {
    return (
      <AuthLayout
        title="Check your email"
        icon={<MailIcon boxSize="7" />}
        description={
          <>
            If an account exists for <EmailText as="span" fontWeight="semibold" color="fg" email={sentTo} />, we sent it a 6-digit code to reset your password.
          </>
        }
      >
        <Stack gap="4">
          <HStack justify="center" gap="2" color="fg.muted" fontSize="sm" role="status">
            <Spinner size="xs" />
            <Text>Taking you to the reset form...</Text>
          </HStack>
          <Button asChild colorPalette="brand" size="lg">
            <RouterLink to={paths.resetPassword.getHref(sentTo)}>Enter the code</RouterLink>
          </Button>
        </Stack>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Forgot Password"
      icon={<KeyIcon boxSize="7" />}
      description="Enter your email address and we'll send you a 6-digit code to reset your password."
      footer={
        <>
          <Text>
            Already have a code? <TextLink to={paths.resetPasswordSteps.href}>Enter it here</TextLink>
          </Text>
          <TextLink to={paths.auth.href}>Back to login</TextLink>
        </>
      }
    >
      <form onSubmit={submit} noValidate aria-label="Forgot password">
        <Stack gap="4">
          <TextField label="Email" type="email" autoComplete="email" {...field('email')} autoFocus />
          <SubmitButton busy={busy} loadingText="Sending...">
            Send Reset Code
          </SubmitButton>
        </Stack>
      </form>
    </AuthLayout>
  );
}
