import type { FieldBinding } from '../hooks/use-form';
import { TextField } from './form-fields';

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
