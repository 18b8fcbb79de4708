import { Flex, Stack } from '@chakra-ui/react';
import { useState } from 'react';

import { paths } from '@/config/paths';
import { signIn } from '@/lib/auth';

import { login } from '../api/accounts';
import { useForm } from '../hooks/use-form';
import { toastFailure } from '../lib/notify';
import { validateLogin } from '../lib/validation';
import { TextLink } from './auth-layout';
import { TextField, SubmitButton } from './form-fields';

/** The Login tab: username or email, password; overlay, then a reload. */
export function LoginForm() {
  const { handleSubmit, field } = useForm({ username: '', password: '' }, validateLogin);
  const [busy, setBusy] = useState(false);

  const submit = handleSubmit(async ({ username, password }) => {
    setBusy(true);
    const name = username.trim();
    try {
      await signIn(() => login(name, password), name);
      // the page reloads; the button stays disabled until then
    } catch (error) {
      setBusy(false);
      toastFailure(error, { title: 'Login failed', fallback: 'Invalid username or password' });
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Login">
      <Stack gap="4">
        <TextField label="Username or Email" autoComplete="username" {...field('username')} autoFocus />
        <TextField label="Password" type="password" autoComplete="current-password" {...field('password')} />
        <Flex justify="flex-end" fontSize="sm">
          <TextLink to={paths.forgotPassword.href}>Forgot your password?</TextLink>
        </Flex>
        <SubmitButton busy={busy} loadingText="Logging in...">
          Login
        </SubmitButton>
      </Stack>
    </form>
  );
}
