import { Alert, Box, Button, Container, HStack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useSWRConfig } from 'swr';

import { EmailText } from '@/components/email-text';
import { showToast } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { USER_KEY, useUser } from '@/lib/auth';

import { resendVerificationLink, serverError } from '../api/accounts';
import { onEmailVerifiedElsewhere } from '../lib/verified-signal';
import { toastSuccess } from '../lib/notify';

/** The server sends at most one verification mail a minute while the last one still works. */
const RESEND_PAUSE_MS = 60_000;

/**
 * A signed-in user whose address is not verified sees this under the header on every page,
 * with Resend (POST /api/resend-verification) and a way to enter the code, until the
 * address is verified. Verifying in this tab refetches the user; in another tab, that tab's signal does.
 */
export function VerifyEmailBanner() {
  const { data: user } = useUser();
  const { mutate } = useSWRConfig();
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const unverified = Boolean(user && !user.emailVerified);

  useEffect(() => (unverified ? onEmailVerifiedElsewhere(() => void mutate(USER_KEY)) : undefined), [unverified, mutate]);

  useEffect(() => {
    if (!sent) return undefined;
    const timer = setTimeout(() => setSent(false), RESEND_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [sent]);

  if (!user || user.emailVerified) return null;

  const resend = async () => {
    setBusy(true);
    try {
      await resendVerificationLink(user.email);
      toastSuccess('Verification email sent', `Open the newest mail from Reelsmith at ${user.email}: its link and code work for 10 minutes.`);
      setSent(true);
    } catch (error) {
      // The server's error, else 'Failed to send verification email'.
      showToast({ type: 'error', title: 'Failed to send verification email', description: serverError(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box bg="bg" borderBottomWidth="1px">
      <Container maxW="6xl" px={{ base: '4', md: '6' }} py="3">
        <Alert.Root
          status="warning"
          variant="subtle"
          role="status"
          alignItems={{ base: 'start', md: 'center' }}
          data-testid="verify-email-banner"
          aria-label="Email not verified"
        >
          <Alert.Indicator />
          <Box
            flex="1"
            minW="0"
            display="flex"
            flexDirection={{ base: 'column', md: 'row' }}
            gap={{ base: '3', md: '4' }}
            alignItems={{ base: 'stretch', md: 'center' }}
          >
            <Alert.Content flex="1" minW="0">
              <Alert.Title>Please verify your email address</Alert.Title>
              <Alert.Description>
                <Text as="span">We sent a verification link and code to </Text>
                <EmailText as="span" email={user.email} fontWeight="medium" />
                <Text as="span">.</Text>
              </Alert.Description>
            </Alert.Content>
            <HStack gap="2" flexShrink={0}>
              <Button size="sm" onClick={() => void resend()} loading={busy} loadingText="Sending..." disabled={busy || sent}>
                {sent ? 'Sent' : 'Resend'}
              </Button>
              <Button asChild size="sm" variant="outline">
                <RouterLink to={paths.verifyEmailCode.getHref(user.email)}>Enter code</RouterLink>
              </Button>
            </HStack>
          </Box>
        </Alert.Root>
      </Container>
    </Box>
  );
}
