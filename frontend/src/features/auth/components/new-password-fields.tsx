import type { FieldErrors, NewPasswordValues } from '../lib/validation';
import { TextField } from './form-fields';

/** "New Password" and "Confirm Password", shared by the three reset pages. */
export function NewPasswordFields<T extends NewPasswordValues>({
  values,
  errors,
  setField,
  autoFocus,
}: {
  values: T;
  errors: FieldErrors<T>;
  setField: (key: 'password' | 'confirmPassword', value: string) => void;
  autoFocus?: boolean;
}) {
  return (
    <>
      <TextField
        label="New Password"
        name="password"
        type="password"
        autoComplete="new-password"
        value={values.password}
        onValueChange={(value) => setField('password', value)}
        error={errors.password}
        helperText="At least 8 characters."
        autoFocus={autoFocus}
      />
      <TextField
        label="Confirm Password"
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        value={values.confirmPassword}
        onValueChange={(value) => setField('confirmPassword', value)}
        error={errors.confirmPassword}
      />
    </>
  );
}
