import { Box, Button, Circle, HStack, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';

import { CheckCircleIcon, KeyIcon } from '@/components/icons';
import { paths } from '@/config/paths';

import { resetPasswordWithCode, verifyResetCode } from '../api/accounts';
import { AuthLayout, TextLink } from '../components/auth-layout';
import { CodeField, TextField, SubmitButton } from '../components/form-fields';
import { NewPasswordForm } from '../components/new-password-fields';
import { guestOnly } from '../components/redirect-if-signed-in';
import { useForm } from '../hooks/use-form';
import { toastFailure } from '../lib/notify';
import { validateEmailCode, type EmailCodeValues } from '../lib/validation';

const stepTitles = ['Verify code', 'New password'] as const;

/**
 * /reset-password-steps: step "code" (email and Verification Code, checked
 * with POST /api/verify-reset-code), step "password" (New Password, Confirm Password, reset with the
 * checked code), then "Success!".
 */
export default guestOnly(ResetPasswordStepsPage);

function ResetPasswordStepsPage() {
  const [params] = useSearchParams();
  const [verified, setVerified] = useState<EmailCodeValues | null>(null);
  const [done, setDone] = useState(false);

  if (done) {
    return (
      <AuthLayout title="Success!" tone="success" icon={<CheckCircleIcon boxSize="7" />}>
        <Stack gap="5" textAlign="center">
          <Stack gap="1">
            <Text fontWeight="semibold" fontSize="lg">
              Password Updated
            </Text>
            <Text color="fg.muted">You can now sign in with your new password.</Text>
          </Stack>
          <Button asChild colorPalette="brand" size="lg">
            <RouterLink to={paths.auth.href}>Continue to Login</RouterLink>
          </Button>
        </Stack>
      </AuthLayout>
    );
  }

  const step = verified ? 1 : 0;
  return (
    <AuthLayout
      title="Reset Password"
      icon={<KeyIcon boxSize="7" />}
      description={verified ? 'Choose a new password for your account.' : 'Enter your email and the 6-digit code we sent you.'}
      footer={
        <>
          <TextLink to={paths.forgotPassword.href}>Request a new code</TextLink>
          <TextLink to={paths.auth.href}>Back to login</TextLink>
        </>
      }
    >
      <Stack gap="6">
        <StepIndicator titles={stepTitles} current={step} />
        {verified ? (
          <PasswordStep verified={verified} onDone={() => setDone(true)} />
        ) : (
          <CodeStep initialEmail={params.get('email') ?? ''} onVerified={setVerified} />
        )}
      </Stack>
    </AuthLayout>
  );
}

function CodeStep({ initialEmail, onVerified }: { initialEmail: string; onVerified: (values: EmailCodeValues) => void }) {
  const { handleSubmit, field } = useForm({ email: initialEmail, code: '' }, validateEmailCode);
  const [busy, setBusy] = useState(false);

  const submit = handleSubmit(async ({ email, code }) => {
    setBusy(true);
    try {
      await verifyResetCode(email.trim(), code.trim());
      setBusy(false);
      onVerified({ email: email.trim(), code: code.trim() });
    } catch (error) {
      setBusy(false);
      toastFailure(error, {
        title: 'Invalid Code',
        fallback: 'The code is invalid or has expired.',
        network: { title: 'Something went wrong', description: "We couldn't process your request. Please try again." },
      });
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Verify code">
      <Stack gap="4">
        <TextField label="Email" type="email" autoComplete="email" autoFocus={!initialEmail} {...field('email')} />
        <CodeField {...field('code')} autoFocus={Boolean(initialEmail)} />
        <SubmitButton busy={busy} loadingText="Verifying...">
          Verify Code
        </SubmitButton>
      </Stack>
    </form>
  );
}

function PasswordStep({ verified, onDone }: { verified: EmailCodeValues; onDone: () => void }) {
  return <NewPasswordForm label="New password" reset={(password) => resetPasswordWithCode(verified.email, verified.code, password)} onDone={onDone} />;
}

/**
 * Where the reset stands: an ordered list of the steps, done ones ticked, the current one marked
 * `aria-current="step"`. (Chakra's Steps renders a tablist owning triggers that this page has no use for,
 * which assistive technology reads as broken tabs.)
 */
function StepIndicator({ titles, current }: { titles: readonly string[]; current: number }) {
  return (
    <HStack as="ol" aria-label="Progress" gap="3" listStyleType="none" p="0" m="0">
      {titles.map((title, index) => {
        const done = index < current;
        const active = index === current;
        return (
          <HStack as="li" key={title} gap="2" flex={index < titles.length - 1 ? '1' : undefined} aria-current={active ? 'step' : undefined} minW="0">
            <Circle
              size="7"
              flexShrink="0"
              fontSize="sm"
              fontWeight="semibold"
              bg={done || active ? 'brand.solid' : 'bg.muted'}
              color={done || active ? 'brand.contrast' : 'fg.muted'}
            >
              {done ? <CheckCircleIcon boxSize="4" aria-hidden /> : index + 1}
            </Circle>
            <Text fontSize="sm" fontWeight={active ? 'semibold' : 'medium'} color={active || done ? 'fg' : 'fg.muted'} whiteSpace="nowrap">
              {title}
              {done && <VisuallyHidden> (done)</VisuallyHidden>}
            </Text>
            {index < titles.length - 1 && <Box flex="1" h="0.5" minW="4" bg={done ? 'brand.solid' : 'border'} rounded="full" />}
          </HStack>
        );
      })}
    </HStack>
  );
}
