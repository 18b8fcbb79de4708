import { Stack } from '@chakra-ui/react';
import { useState } from 'react';

import { displayNameRule, passwordRule } from '@contract/rules/accounts';

import { register } from '../api/accounts';
import { useForm } from '../hooks/use-form';
import { toastFailure, toastSuccess } from '../lib/notify';
import { validateRegister, type RegisterValues } from '../lib/validation';
import { CheckboxField, TextField, SubmitButton } from './form-fields';

const empty: RegisterValues = { name: '', username: '', email: '', password: '', confirmPassword: '', acceptTerms: false };

/**
 * The Register tab. confirmPassword and acceptTerms stay in the browser; the password follows the
 * contract's one rule, which the server applies too. The name is optional (sent only when typed).
 */
export function RegisterForm({ onRegistered }: { onRegistered: (email: string) => void }) {
  const { values, errors, setField, handleSubmit, field } = useForm(empty, validateRegister);
  const [busy, setBusy] = useState(false);

  const submit = handleSubmit(async ({ name, username, email, password }) => {
    setBusy(true);
    try {
      const answer = await register({ username: username.trim(), email: email.trim(), password, ...(name.trim() ? { name: name.trim() } : {}) });
      toastSuccess('Registration successful!', 'Please check your email for a 6-digit verification code.');
      onRegistered(typeof answer?.email === 'string' && answer.email ? answer.email : email.trim());
    } catch (error) {
      setBusy(false);
      toastFailure(error, { title: 'Registration failed', fallback: 'Unable to create account' });
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Register">
      <Stack gap="4">
        <TextField label="Name" autoComplete="name" maxLength={displayNameRule.max} helperText="Optional: how Reelsmith greets you" {...field('name')} />
        <TextField label="Username" autoComplete="username" {...field('username')} />
        <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
        <TextField label="Password" type="password" autoComplete="new-password" helperText={`At least ${passwordRule.min} characters`} {...field('password')} />
        <TextField label="Confirm Password" type="password" autoComplete="new-password" {...field('confirmPassword')} />
        <CheckboxField
          label="I accept the terms and conditions"
          checked={values.acceptTerms}
          onCheckedChange={(checked) => setField('acceptTerms', checked)}
          error={errors.acceptTerms}
        />
        <SubmitButton busy={busy} loadingText="Creating account...">
          Create Account
        </SubmitButton>
      </Stack>
    </form>
  );
}
