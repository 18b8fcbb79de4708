import { Stack } from '@chakra-ui/react';
import { useState } from 'react';

import { useForm, type FieldBinding } from '../hooks/use-form';
import { toastSuccess } from '../lib/notify';
import { toastResetFailure } from '../lib/reset-failure';
import { validateNewPassword } from '../lib/validation';
import { SubmitButton, TextField } from './form-fields';

/** "New Password" and "Confirm Password", shared by the three reset pages. */
export function NewPasswordFields({ field, autoFocus }: { field: (key: 'password' | 'confirmPassword') => FieldBinding; autoFocus?: boolean }) {
  return (
    <>
      <TextField
        label="New Password"
        type="password"
        autoComplete="new-password"
        helperText="At least 8 characters."
        autoFocus={autoFocus}
        {...field('password')}
      />
      <TextField label="Confirm Password" type="password" autoComplete="new-password" {...field('confirmPassword')} />
    </>
  );
}

/**
 * The two fields alone, for a reset already proven (a checked code, a link's token): `reset` sets the
 * password, a toast says so and `onDone` moves on; a refusal is toasted and the form can be sent again.
 */
export function NewPasswordForm({ label, reset, onDone }: { label: string; reset: (password: string) => Promise<unknown>; onDone: () => void }) {
  const { handleSubmit, field } = useForm({ password: '', confirmPassword: '' }, validateNewPassword);
  const [busy, setBusy] = useState(false);

  const submit = handleSubmit(async ({ password }) => {
    setBusy(true);
    try {
      await reset(password);
      toastSuccess('Password Reset Successful', 'You can now sign in with your new password.');
      onDone();
    } catch (error) {
      setBusy(false);
      toastResetFailure(error);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={label}>
      <Stack gap="4">
        <NewPasswordFields field={field} autoFocus />
        <SubmitButton busy={busy} loadingText="Resetting...">
          Reset Password
        </SubmitButton>
      </Stack>
    </form>
  );
}
