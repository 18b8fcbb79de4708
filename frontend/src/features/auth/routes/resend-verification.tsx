import { Alert, Button, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';

import { MailIcon } from '@/components/icons';
import { showToast } from '@/components/ui/toaster';
import { EmailText } from '@/components/email-text';
import { paths } from '@/config/paths';

import { resendVerificationLink, serverError } from '../api/accounts';
import { AuthLayout } from '../components/auth-layout';
import { TextField, SubmitButton } from '../components/form-fields';
import { useForm } from '../hooks/use-form';
import { toastSuccess } from '../lib/notify';
import { validateEmailForm } from '../lib/validation';

/**
 * /resend-verification: an email (required: the button stays disabled
 * while it is empty), then a confirmation notice.
 */
export default function ResendVerificationRoute() {
  const [params] = useSearchParams();
  const { values, handleSubmit, field } = useForm(() => ({ email: params.get('email') ?? '' }), validateEmailForm);
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<{ email: string; message?: string } | null>(null);

  const submit = handleSubmit(async ({ email }) => {
    setBusy(true);
    try {
      const answer = await resendVerificationLink(email.trim());
      toastSuccess('Verification email sent', answer?.message);
      setSentTo({ email: email.trim(), message: answer?.message });
    } catch (error) {
      // The server's error, else just the title ("server error or 'Failed to send …'").
      showToast({ type: 'error', title: 'Failed to send verification email', description: serverError(error) });
    } finally {
      setBusy(false);
    }
  });

  return (
    <AuthLayout
      title="Resend Verification Email"
      icon={<MailIcon boxSize="7" />}
      description="Enter the email address you signed up with and we'll send you a new verification link."
    >
      <Stack gap="5">
        {sentTo && (
          <Alert.Root status="success" role="status">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>Verification email sent</Alert.Title>
              <Alert.Description>
                {sentTo.message ?? 'Check your inbox for the verification link.'} (<EmailText as="span" fontWeight="semibold" email={sentTo.email} />)
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}
        <form onSubmit={submit} noValidate aria-label="Resend verification email">
          <Stack gap="4">
            <TextField label="Email" type="email" autoComplete="email" {...field('email')} autoFocus />
            <SubmitButton busy={busy} loadingText="Sending..." disabled={busy || !values.email.trim()}>
              Send Verification Email
            </SubmitButton>
            <Button asChild variant="outline" size="lg">
              <RouterLink to={paths.auth.href}>Back to Login</RouterLink>
            </Button>
          </Stack>
        </form>
      </Stack>
    </AuthLayout>
  );
}
