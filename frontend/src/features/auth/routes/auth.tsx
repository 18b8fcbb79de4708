import { Button, Stack, Tabs, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { MailIcon } from '@/components/icons';
import { EmailText } from '@/components/email-text';
import { paths } from '@/config/paths';

import { prefetchCsrfToken } from '../api/accounts';
import { AuthLayout, TextLink } from '../components/auth-layout';
import { LoginForm } from '../components/login-form';
import { guestOnly } from '../components/redirect-if-signed-in';
import { RegisterForm } from '../components/register-form';

type Tab = 'login' | 'register';

/**
 * /auth and /login: Login and Register tabs, then the
 * "Check your email" screen after registering. Signed-in users go to /. The page fetches the CSRF
 * token on load so the first sign-in does not wait for it.
 */
export default guestOnly(AuthPage);

function AuthPage() {
  const [tab, setTab] = useState<Tab>('login');
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);

  useEffect(() => {
    void prefetchCsrfToken();
  }, []);

  if (registeredEmail !== null) {
    return (
      <CheckYourEmail
        email={registeredEmail}
        onBackToLogin={() => {
          setRegisteredEmail(null);
          setTab('login');
        }}
      />
    );
  }

  return (
    <AuthLayout title="Welcome to Reelsmith" description="Sign in to your account or create a new one.">
      <Tabs.Root value={tab} onValueChange={(details) => setTab(details.value as Tab)} variant="enclosed" fitted lazyMount>
        <Tabs.List mb="6">
          <Tabs.Trigger value="login">Login</Tabs.Trigger>
          <Tabs.Trigger value="register">Register</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="login" pt="0">
          <LoginForm />
        </Tabs.Content>
        <Tabs.Content value="register" pt="0">
          <RegisterForm onRegistered={setRegisteredEmail} />
        </Tabs.Content>
      </Tabs.Root>
    </AuthLayout>
  );
}

/**
 * After registration: the address the code went to, a way on to the code
 * form, back to Login, and a link to ask for another email.
 */
function CheckYourEmail({ email, onBackToLogin }: { email: string; onBackToLogin: () => void }) {
  return (
    <AuthLayout
      title="Check your email"
      icon={<MailIcon boxSize="7" />}
      description={
        <>
          We sent a 6-digit verification code to <EmailText as="span" fontWeight="semibold" color="fg" email={email} />. Enter it to verify your account.
        </>
      }
      footer={
        <Text>
          Didn&apos;t get the email? <TextLink to={paths.resendVerification.href}>Resend verification email</TextLink>
        </Text>
      }
    >
      <Stack gap="3">
        <Button asChild colorPalette="brand" size="lg">
          <RouterLink to={paths.verifyEmailCode.getHref(email)}>Enter verification code</RouterLink>
        </Button>
        <Button variant="outline" size="lg" onClick={onBackToLogin}>
          Back to Login
        </Button>
      </Stack>
    </AuthLayout>
  );
}
