import { Button, Spinner, Stack } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useSWRConfig } from 'swr';

import { XCircleIcon } from '@/components/icons';
import { paths } from '@/config/paths';
import { USER_KEY } from '@/lib/auth';

import { isNetworkError, serverError, verifyEmailToken } from '../api/accounts';
import { AuthLayout } from '../components/auth-layout';
import { AuthOutcome } from '../components/auth-outcome';
import { announceEmailVerified } from '../lib/verified-signal';

type Outcome = { ok: true; message: string } | { ok: false; message: string };

export const NO_TOKEN_MESSAGE = 'Invalid verification link. No token provided.';

/**
 * One request per token for the life of the page: a link's token is single-use, and React's strict
 * mode runs effects twice in development.
 */
const outcomes = new Map<string, Promise<Outcome>>();

function verifyOnce(token: string): Promise<Outcome> {
  let outcome = outcomes.get(token);
  if (!outcome) {
    outcome = verifyEmailToken(token).then(
      (answer): Outcome => ({ ok: true, message: answer?.message || 'Your email address has been verified.' }),
      (error: unknown): Outcome => ({
        ok: false,
        message: isNetworkError(error)
          ? 'Network error. Please check your connection and try again.'
          : (serverError(error) ?? 'Verification failed. Please try again.'),
      }),
    );
    outcomes.set(token, outcome);
  }
  return outcome;
}

/**
 * /verify-email?token=…: verifying, then "Email Verified!" or
 * "Verification Failed" as the server decides. No token goes straight to the error.
 */
export default function VerifyEmailRoute() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const [outcome, setOutcome] = useState<Outcome | null>(token ? null : { ok: false, message: NO_TOKEN_MESSAGE });
  const { mutate } = useSWRConfig();

  useEffect(() => {
    if (!token) {
      setOutcome({ ok: false, message: NO_TOKEN_MESSAGE });
      return undefined;
    }
    let current = true;
    setOutcome(null);
    void verifyOnce(token).then((result) => {
      if (!current) return;
      setOutcome(result);
      if (result.ok) {
        // The unverified banner goes, here (a signed-in user's cached record) and in other tabs.
        announceEmailVerified();
        void mutate(USER_KEY);
      }
    });
    return () => {
      current = false;
    };
  }, [token, mutate]);

  if (!outcome) {
    return <AuthLayout title="Verifying your email" icon={<Spinner size="md" color="brand.solid" />} description="This only takes a moment." />;
  }

  if (outcome.ok) {
    return <AuthOutcome title="Email Verified!" tone="success" description={outcome.message} to={paths.auth.href} action="Go to Login" />;
  }

  return (
    <AuthLayout title="Verification Failed" tone="error" icon={<XCircleIcon boxSize="7" />} description={outcome.message}>
      <Stack gap="3">
        <Button asChild colorPalette="brand" size="lg">
          <RouterLink to={paths.resendVerification.href}>Resend Verification Email</RouterLink>
        </Button>
        <Button asChild variant="outline" size="lg">
          <RouterLink to={paths.auth.href}>Back to Login</RouterLink>
        </Button>
      </Stack>
    </AuthLayout>
  );
}
