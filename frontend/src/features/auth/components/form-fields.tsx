import { Button, Checkbox, Field, Input, type InputProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

import { CODE_LENGTH } from '../lib/validation';

type TextFieldProps = Omit<InputProps, 'onChange' | 'value'> & {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string;
  helperText?: ReactNode;
};

/** A labelled input with its validation message underneath (Chakra's Field wires the ids). */
export function TextField({ label, value, onValueChange, error, helperText, ...input }: TextFieldProps) {
  return (
    <Field.Root invalid={Boolean(error)}>
      <Field.Label>{label}</Field.Label>
      <Input value={value} onChange={(event) => onValueChange(event.target.value)} {...input} />
      {helperText && !error && <Field.HelperText>{helperText}</Field.HelperText>}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}

/** The 6-character code input shared by the verification and reset pages. */
export function CodeField(props: Omit<TextFieldProps, 'label'> & { label?: string }) {
  return (
    <TextField
      label="Verification Code"
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={CODE_LENGTH}
      placeholder="123456"
      letterSpacing="0.3em"
      fontFamily="mono"
      {...props}
    />
  );
}

export function CheckboxField({
  label,
  checked,
  onCheckedChange,
  error,
}: {
  label: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  error?: string;
}) {
  return (
    <Field.Root invalid={Boolean(error)}>
      <Checkbox.Root checked={checked} onCheckedChange={(details) => onCheckedChange(details.checked === true)} colorPalette="brand">
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{label}</Checkbox.Label>
      </Checkbox.Root>
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}

/** A form's submit button: full size, the brand colour, busy while its call runs (`disabled` for other reasons too). */
export function SubmitButton({ busy, loadingText, disabled, children }: { busy: boolean; loadingText: string; disabled?: boolean; children: ReactNode }) {
  return (
    <Button type="submit" colorPalette="brand" size="lg" loading={busy} loadingText={loadingText} disabled={disabled ?? busy}>
      {children}
    </Button>
  );
}
