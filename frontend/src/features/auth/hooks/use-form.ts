import { useCallback, useState, type FormEvent } from 'react';

import type { FieldErrors } from '../lib/validation';

/** What a text field takes from the form: `{...field('email')}`. */
export interface FieldBinding {
  name: string;
  value: string;
  onValueChange: (value: string) => void;
  error: string | undefined;
}

/** The fields of `T` that hold text. */
type StringKey<T> = Extract<{ [K in keyof T]: T[K] extends string ? K : never }[keyof T], string>;

/**
 * A small form state: values, and the validator's errors once the user has tried to submit (then
 * kept live while they correct the fields). `handleSubmit` runs `onValid` only for valid values.
 */
export function useForm<T extends object>(initial: T | (() => T), validate: (values: T) => FieldErrors<T>) {
  const [values, setValues] = useState<T>(initial);
  const [attempted, setAttempted] = useState(false);
  const errors: FieldErrors<T> = attempted ? validate(values) : {};

  const setField = useCallback(<K extends keyof T>(key: K, value: T[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
  }, []);

  const handleSubmit = (onValid: (values: T) => unknown) => (event?: FormEvent) => {
    event?.preventDefault();
    setAttempted(true);
    if (Object.keys(validate(values)).length > 0) return;
    void onValid(values);
  };

  /** A text field's name, value, change handler and error: `<TextField label="Email" {...field('email')} />`. */
  const field = <K extends StringKey<T>>(key: K): FieldBinding => ({
    name: key,
    value: values[key] as string,
    onValueChange: (value: string) => setField(key, value as T[K]),
    error: errors[key],
  });

  return { values, errors, setField, setValues, handleSubmit, field };
}
